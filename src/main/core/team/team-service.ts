/**
 * team:join, team:status, team:sync — a workspace joined to its team's database, what waits to go
 * out and who is in the team, and one exchange on demand. The password is used for the call and
 * not kept here (the app keeps it in the OS secret store; the CLI takes it from the environment).
 */
import type pg from 'pg';
import type { TeamStatus } from '../../../shared/ipc/contract-team';
import { AppError } from '../../../shared/ipc/errors';
import type { Ledger } from '../ledger/db';
import { TeamAppliedRepository } from '../ledger/repositories/team-applied';
import { TeamConflictsRepository } from '../ledger/repositories/team-conflicts';
import { TeamReplicaRepository } from '../ledger/repositories/team-replica';
import { GENESIS_HASH } from './team-changes';
import { checkTeamUrl, connectTeam, teamWhere } from './team-connection';
import { exchange, notJoined, type ExchangeResult } from './team-exchange';
import { myRole, teamMembers, type TeamRole } from './team-members';
import { teamSchemaStep } from './team-schema';
import { TEAM_SCHEMA_VERSION } from './server';
import { shareEarlierDecisions } from './shared-decision';

export interface TeamPlace {
  db: Ledger;
  workspaceId: number;
  now: () => string;
}

async function connected<T>(
  url: string,
  password: string,
  use: (client: pg.Client, where: string) => Promise<T>,
): Promise<T> {
  const client = await connectTeam({ url, password });
  try {
    return await use(client, teamWhere(url));
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function joinTeam(
  place: TeamPlace,
  database: string,
  password: string,
): Promise<ExchangeResult & { login: string; role: TeamRole; database: string }> {
  const url = checkTeamUrl(database);
  const login = decodeURIComponent(url.username);
  return connected(database, password, async (client, where) => {
    const role = await myRole(client, where);
    if (role === null)
      throw new AppError(
        'forbidden',
        `The login "${login}" is not a member of the team at ${where}: ask a team admin to run "floatdesk team grant ${login} preparer".`,
      );
    new TeamReplicaRepository(place.db).join(place.workspaceId, {
      databaseUrl: database,
      login,
      role,
      joinedAt: place.now(),
      pulledHash: GENESIS_HASH,
      members: await teamMembers(client, where),
    });
    shareEarlierDecisions(place.db, place.workspaceId);
    const result = await exchange(place.db, place.workspaceId, client, where, place.now);
    return { ...result, login, role, database: where };
  });
}

export async function syncTeam(place: TeamPlace, password: string): Promise<ExchangeResult> {
  const link = new TeamReplicaRepository(place.db).link(place.workspaceId);
  if (link === undefined) throw notJoined();
  return connected(link.databaseUrl, password, (client, where) =>
    exchange(place.db, place.workspaceId, client, where, place.now),
  );
}

/** Online: the team's database answered now (asked only when a password is given). */
export async function teamStatus(place: TeamPlace, password: string | undefined): Promise<TeamStatus> {
  const replica = new TeamReplicaRepository(place.db);
  const link = replica.link(place.workspaceId);
  if (link === undefined) throw notJoined();
  let online = false;
  let members = link.members;
  let teamSchema = link.teamSchema;
  if (typeof password === 'string') {
    try {
      // Asked now, not as of the last exchange: whoever just ran `team init` sees it took.
      ({ members, teamSchema } = await connected(link.databaseUrl, password, async (client, where) => ({
        members: await teamMembers(client, where),
        teamSchema: await teamSchemaStep(client, where),
      })));
      online = true;
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'offline') throw error;
    }
  }
  return {
    online,
    queued: replica.waitingCount(place.workspaceId),
    lastPull: link.lastExchange,
    members: members.map((member) => ({ name: member.login, role: member.role as TeamRole })),
    conflicts: new TeamConflictsRepository(place.db).openCount(place.workspaceId),
    pending: new TeamAppliedRepository(place.db).pendingCount(place.workspaceId),
    schema: { database: teamSchema, desktop: TEAM_SCHEMA_VERSION },
  };
}
