/**
 * floatdesk team init --database <url> | team grant <login> preparer|reviewer|admin --database <url>.
 * The password comes from FLOATDESK_TEAM_PASSWORD or a hidden prompt, never from the URL; messages
 * name the database as login@host:port/database.
 */
import type pg from 'pg';
import { checkTeamUrl, connectTeam, teamWhere } from '../main/core/team/team-connection';
import { TEAM_ROLES } from '../shared/ipc/contract-team';
import { grantRole, type TeamRole } from '../main/core/team/team-members';
import { initTeamSchema } from '../main/core/team/team-schema';
import type { ChannelOutput } from '../shared/ipc/contract';
import { teamSchemaNotice } from '../shared/domain/team-words';
import { flagOption, onlyOptions, stringOption, UsageError, type CommandValues } from './arguments';
import { readHidden, type PromptTerminal } from './credential-prompt';
import { call, withCore } from './in-process-core';

const USAGE = `Usage: floatdesk team init --database <postgres-url>
       floatdesk team grant <login> preparer|reviewer|admin --database <postgres-url>
       floatdesk team join [--workspace <dir>] --database <postgres-url>
       floatdesk team status [--workspace <dir>] [--json]
       floatdesk team sync [--workspace <dir>]`;

export interface TeamCommandIo {
  print: (text: string) => void;
  env: NodeJS.ProcessEnv;
  terminal: PromptTerminal;
}

export async function teamPassword(io: TeamCommandIo, where: string): Promise<string> {
  const given = io.env.FLOATDESK_TEAM_PASSWORD;
  if (given !== undefined && given !== '') return given;
  if (io.terminal.input.isTTY !== true)
    throw new UsageError(
      `No password for ${where}: set FLOATDESK_TEAM_PASSWORD, or run this in a terminal to be asked.`,
    );
  const typed = await readHidden(`Password for ${where} (hidden): `, io.terminal);
  if (typed === '') throw new UsageError('Cancelled: no password was entered.');
  return typed;
}

async function withTeam<T>(
  url: string,
  io: TeamCommandIo,
  use: (client: pg.Client, where: string) => Promise<T>,
): Promise<T> {
  // A URL that cannot work is said before anyone is asked for a password.
  checkTeamUrl(url);
  const where = teamWhere(url);
  const client = await connectTeam({ url, password: await teamPassword(io, where) });
  try {
    return await use(client, where);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function database(values: CommandValues): string {
  const url = stringOption(values, 'database');
  if (url === undefined) throw new UsageError(`--database <postgres-url> is needed. ${USAGE}`);
  return url;
}

/** The password for a command that can do without it (status): none when nobody can be asked. */
async function optionalPassword(io: TeamCommandIo, where: string): Promise<string | undefined> {
  const given = io.env.FLOATDESK_TEAM_PASSWORD;
  if (given !== undefined && given !== '') return given;
  return io.terminal.input.isTTY === true ? teamPassword(io, where) : undefined;
}

function describeStatus(status: ChannelOutput<'team:status'>): string {
  const people = status.members.map((member) => `${member.name} (${member.role})`).join(', ');
  const schemaNotice = teamSchemaNotice(status.schema);
  return [
    status.online
      ? 'The team database answers.'
      : 'The team database does not answer now (offline, or no password given).',
    `Changes waiting to go out: ${status.queued}.`,
    `Last exchange: ${status.lastPull ?? 'never'}.`,
    `People: ${people || 'none known yet'}.`,
    `Conflicts to settle: ${status.conflicts}.`,
    ...(status.pending > 0
      ? [
          `Colleagues' decisions waiting for items not on this desktop yet: ${status.pending} (import the statement or sync the platform; they apply at the next exchange).`,
        ]
      : []),
    ...(schemaNotice === null ? [] : [schemaNotice]),
  ].join('\n');
}

const an = (role: string): string => (role === 'admin' ? 'an' : 'a');

export async function teamCommand(
  positionals: string[],
  values: CommandValues,
  io: TeamCommandIo,
): Promise<number> {
  const [action, ...rest] = positionals;
  const workspace = stringOption(values, 'workspace');
  if (action !== 'grant' && rest.length > 0)
    throw new UsageError(`Unexpected argument "${rest[0]}". ${USAGE}`);
  switch (action) {
    case 'init': {
      onlyOptions(values, ['database'], 'team init', USAGE);
      const result = await withTeam(database(values), io, (client, where) => initTeamSchema(client, where));
      const where = teamWhere(database(values));
      io.print(
        result.from === result.to
          ? `The team database ${where} was already set up (schema ${result.to}); nothing changed.`
          : result.from === 0
            ? `The team database ${where} is set up (schema ${result.to}). Give people their roles with "floatdesk team grant".`
            : `The team database ${where} is brought up to schema ${result.to} (it was ${result.from}).`,
      );
      return 0;
    }
    case 'grant': {
      onlyOptions(values, ['database'], 'team grant', USAGE);
      const [login, role, extra] = rest;
      if (login === undefined || role === undefined || extra !== undefined) throw new UsageError(USAGE);
      if (!(TEAM_ROLES as readonly string[]).includes(role))
        throw new UsageError(`The role must be preparer, reviewer or admin, not "${role}".`);
      await withTeam(database(values), io, (client, where) =>
        grantRole(client, login, role as TeamRole, where),
      );
      io.print(`${login} is now ${an(role)} ${role} in the team ${teamWhere(database(values))}.`);
      return 0;
    }
    case 'join': {
      onlyOptions(values, ['database', 'workspace'], 'team join', USAGE);
      const url = database(values);
      checkTeamUrl(url);
      const password = await teamPassword(io, teamWhere(url));
      const joined = await withCore({ workspace }, (core) =>
        call(core, 'team:join', { database: url, password }),
      );
      io.print(
        `Joined the team at ${joined.database} as ${an(joined.role)} ${joined.role}: sent ${joined.pushed} changes, received ${joined.pulled}.`,
      );
      return 0;
    }
    case 'status': {
      onlyOptions(values, ['workspace', 'json'], 'team status', USAGE);
      const status = await withCore({ workspace }, async (core) => {
        // Asked without a password first: a workspace in no team is said before anyone is asked.
        const unasked = await call(core, 'team:status', {});
        const password = await optionalPassword(io, 'the team database');
        return password === undefined ? unasked : call(core, 'team:status', { password });
      });
      // The JSON is the contract for scripts: its five keys, in order.
      const { online, queued, lastPull, members, conflicts } = status;
      io.print(
        flagOption(values, 'json')
          ? JSON.stringify({ online, queued, lastPull, members, conflicts })
          : describeStatus(status),
      );
      return 0;
    }
    case 'sync': {
      onlyOptions(values, ['workspace'], 'team sync', USAGE);
      const result = await withCore({ workspace }, async (core) => {
        await call(core, 'team:status', {});
        const password = await teamPassword(io, 'the team database');
        return call(core, 'team:sync', { password });
      });
      io.print(
        `Sent ${result.pushed} changes and received ${result.pulled}; this desktop holds the team's log up to change ${result.head}.`,
      );
      return 0;
    }
    default:
      throw new UsageError(action === undefined ? USAGE : `Unknown action "team ${action}". ${USAGE}`);
  }
}
