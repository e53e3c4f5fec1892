/**
 * A desktop tells its people when the team database is older than this FloatDesk (set up before
 * step 5, as `team init` did then): seen at each exchange, said in `team:status` and Settings →
 * Team, gone once an admin has run `team init` again and the next exchange sees it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli } from '../../helpers/cli';
import { TEAM_SCHEMA_STEPS, TEAM_SCHEMA_VERSION } from '../../../src/main/core/team/server';
import { connectTeam } from '../../../src/main/core/team/team-connection';
import { initTeamSchema, teamSchemaStep } from '../../../src/main/core/team/team-schema';
import { teamSchemaNotice } from '../../../src/shared/domain/team-words';
import { dispatched } from '../../helpers/recon-fixture';
import { useTeamCores } from '../../helpers/team-cores';

beforeAll(assertBuilt);
const teamCores = useTeamCores({ logins: ['ana'] });
const OLD = 'team_four';

/** The team database as `team init` of the version before step 5 left it: steps 1 to 4, recorded as 4. */
beforeAll(async () => {
  const { server } = teamCores;
  await server.createDatabase(OLD);
  for (const step of TEAM_SCHEMA_STEPS.filter((each) => each.version <= 4)) await server.sql(step.sql, OLD);
  await server.sql(
    'CREATE TABLE floatdesk_team.schema_version (id integer PRIMARY KEY CHECK (id = 1), version integer NOT NULL)',
    OLD,
  );
  await server.sql('REVOKE ALL ON floatdesk_team.schema_version FROM PUBLIC', OLD);
  await server.sql('INSERT INTO floatdesk_team.schema_version (id, version) VALUES (1, 4)', OLD);
  await server.sql("SELECT floatdesk_team.grant_member('ana', 'preparer')", OLD);
});

async function asOwner<T>(use: (client: Awaited<ReturnType<typeof connectTeam>>) => Promise<T>): Promise<T> {
  const { server } = teamCores;
  const client = await connectTeam({
    url: server.url(server.admin.user, OLD),
    password: server.admin.password,
  });
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

describe('the team database older than this FloatDesk', () => {
  it('is said after an exchange and by the status, and no more once the owner has brought it up to date', async () => {
    expect(TEAM_SCHEMA_VERSION).toBeGreaterThan(4);
    const { core, dir } = await teamCores.desktop('ana', OLD);
    const older = { database: 4, desktop: TEAM_SCHEMA_VERSION };
    const current = { database: TEAM_SCHEMA_VERSION, desktop: TEAM_SCHEMA_VERSION };
    expect((await dispatched(core, 'team:status', {})).schema).toEqual(older);
    const overview = await dispatched(core, 'team:overview', {});
    expect(overview.schema).toEqual(older);
    const notice = teamSchemaNotice(overview.schema)!;
    expect(notice).toContain('Ask whoever set it up (the owner of the database) to run "floatdesk team init');
    const asAna = { FLOATDESK_TEAM_PASSWORD: 'ana-pass', FLOATDESK_HOME: dir };
    const said = runCli(['team', 'status', '--workspace', dir], asAna);
    expect(said.stderr).toBe('');
    expect(said.stdout).toContain(notice);
    // The contract for scripts keeps its five keys.
    const json = runCli(['team', 'status', '--workspace', dir, '--json'], asAna);
    expect(Object.keys(JSON.parse(json.stdout) as object)).toEqual([
      'online',
      'queued',
      'lastPull',
      'members',
      'conflicts',
    ]);

    expect(await asOwner((client) => initTeamSchema(client, OLD))).toEqual({
      from: 4,
      to: TEAM_SCHEMA_VERSION,
    });
    // What the desktop last saw, until the next exchange; asked with the password, what it is now.
    expect((await dispatched(core, 'team:status', {})).schema).toEqual(older);
    expect((await dispatched(core, 'team:status', { password: 'ana-pass' })).schema).toEqual(current);
    expect(runCli(['team', 'status', '--workspace', dir], asAna).stdout).not.toContain('FloatDesk');
    await dispatched(core, 'team:sync', { password: 'ana-pass' });
    expect((await dispatched(core, 'team:status', {})).schema).toEqual(current);
    expect(teamSchemaNotice(current)).toBeNull();
  });

  it('lets a member read the step from step 5 on, and no one outside the team', async () => {
    const database = await teamCores.team({ ana: 'preparer' });
    const { server } = teamCores;
    const ana = await connectTeam({ url: server.url('ana', database), password: 'ana-pass' });
    try {
      expect(await teamSchemaStep(ana, database)).toBe(TEAM_SCHEMA_VERSION);
    } finally {
      await ana.end();
    }
    await server.createLogin('dan', 'dan-pass');
    await server.sql(`GRANT CONNECT ON DATABASE ${database} TO dan`);
    const dan = await connectTeam({ url: server.url('dan', database), password: 'dan-pass' });
    try {
      await expect(dan.query('SELECT version FROM floatdesk_team.schema_version')).rejects.toMatchObject({
        code: '42501',
      });
    } finally {
      await dan.end();
    }
  });
});
