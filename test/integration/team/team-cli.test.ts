/**
 * `floatdesk team init` and `team grant` against a real PostgreSQL server: the contract scripts rely
 * on (words, exit codes), the password only from FLOATDESK_TEAM_PASSWORD, never echoed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli } from '../../helpers/cli';
import { useTeamCores } from '../../helpers/team-cores';
import { TEAM_SCHEMA_VERSION } from '../../../src/main/core/team/server';

beforeAll(assertBuilt);
const teamCores = useTeamCores({ logins: ['ana', 'ben'] });

beforeAll(async () => {
  await teamCores.server.createDatabase('finance_team');
});

const asAdmin = { FLOATDESK_TEAM_PASSWORD: '' };

describe('floatdesk team', () => {
  it('sets up the team database once, and says so when run again', () => {
    const url = teamCores.server.url(teamCores.server.admin.user, 'finance_team');
    const env = { ...asAdmin, FLOATDESK_TEAM_PASSWORD: teamCores.server.admin.password };
    const first = runCli(['team', 'init', '--database', url], env);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(
      `The team database ${teamCores.server.admin.user}@127.0.0.1:${teamCores.server.port}/finance_team is set up (schema ${TEAM_SCHEMA_VERSION})`,
    );
    const again = runCli(['team', 'init', '--database', url], env);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain(`was already set up (schema ${TEAM_SCHEMA_VERSION}); nothing changed`);
    expect(first.stdout + again.stdout).not.toContain(teamCores.server.admin.password);
  });

  it('gives a login its role, run by the owner or an admin, and refuses others', async () => {
    const ownerUrl = teamCores.server.url(teamCores.server.admin.user, 'finance_team');
    const owner = { FLOATDESK_TEAM_PASSWORD: teamCores.server.admin.password };
    const granted = runCli(['team', 'grant', 'ana', 'admin', '--database', ownerUrl], owner);
    expect(granted.stderr).toBe('');
    expect(granted.stdout).toContain('ana is now an admin in the team');
    const byAdmin = runCli(
      ['team', 'grant', 'ben', 'reviewer', '--database', teamCores.server.url('ana', 'finance_team')],
      {
        FLOATDESK_TEAM_PASSWORD: 'ana-pass',
      },
    );
    expect(byAdmin.status).toBe(0);
    expect(byAdmin.stdout).toContain('ben is now a reviewer');
    const members = await teamCores.server.sql(
      'SELECT login, role FROM floatdesk_team.members ORDER BY login',
      'finance_team',
    );
    expect(members.rows).toEqual([
      { login: 'ana', role: 'admin' },
      { login: 'ben', role: 'reviewer' },
    ]);
    const byReviewer = runCli(
      ['team', 'grant', 'ben', 'admin', '--database', teamCores.server.url('ben', 'finance_team')],
      {
        FLOATDESK_TEAM_PASSWORD: 'ben-pass',
      },
    );
    expect(byReviewer.status).toBe(1);
    expect(byReviewer.stderr).toContain('Only an admin of this team gives roles');
  });

  it('says what is wrong with the command line, the password and the login', () => {
    const url = teamCores.server.url('ana', 'finance_team');
    const noRole = runCli(['team', 'grant', 'ben', 'boss', '--database', url], {
      FLOATDESK_TEAM_PASSWORD: 'ana-pass',
    });
    expect(noRole.status).toBe(2);
    expect(noRole.stderr).toContain('The role must be preparer, reviewer or admin, not "boss"');
    const noDatabase = runCli(['team', 'init'], { FLOATDESK_TEAM_PASSWORD: 'x' });
    expect(noDatabase.status).toBe(2);
    expect(noDatabase.stderr).toContain('--database <postgres-url> is needed');
    const inUrl = runCli([
      'team',
      'init',
      '--database',
      `postgres://ana:ana-pass@127.0.0.1:${teamCores.server.port}/finance_team`,
    ]);
    expect(inUrl.status).toBe(1);
    expect(inUrl.stderr).toContain('must not hold the password');
    const noPassword = runCli(['team', 'init', '--database', url], { FLOATDESK_TEAM_PASSWORD: '' });
    expect(noPassword.status).toBe(2);
    expect(noPassword.stderr).toContain('set FLOATDESK_TEAM_PASSWORD');
    const wrong = runCli(['team', 'init', '--database', url], { FLOATDESK_TEAM_PASSWORD: 'wrong-one' });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('refused the login for ana@127.0.0.1');
    expect(wrong.stderr).not.toContain('wrong-one');
  });

  it('joins a workspace, then prints its status as the contract says, and syncs', () => {
    const workspace = teamCores.workspace(false);
    const ana = { FLOATDESK_TEAM_PASSWORD: 'ana-pass', FLOATDESK_HOME: workspace };
    const url = teamCores.server.url('ana', 'finance_team');
    const joined = runCli(['team', 'join', '--workspace', workspace, '--database', url], ana);
    expect(joined.stderr).toBe('');
    expect(joined.stdout).toContain(
      `Joined the team at ana@127.0.0.1:${teamCores.server.port}/finance_team as an admin`,
    );
    const status = runCli(['team', 'status', '--workspace', workspace, '--json'], ana);
    expect(status.status).toBe(0);
    const parsed = JSON.parse(status.stdout) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['online', 'queued', 'lastPull', 'members', 'conflicts']);
    expect(parsed).toMatchObject({
      online: true,
      queued: 0,
      lastPull: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      members: [
        { name: 'ana', role: 'admin' },
        { name: 'ben', role: 'reviewer' },
      ],
      conflicts: 0,
    });
    // Without a password (and no terminal to ask), the status says what this desktop knows.
    const unasked = runCli(['team', 'status', '--workspace', workspace, '--json'], {
      FLOATDESK_TEAM_PASSWORD: '',
    });
    expect(JSON.parse(unasked.stdout)).toMatchObject({ online: false, queued: 0 });
    const synced = runCli(['team', 'sync', '--workspace', workspace], ana);
    expect(synced.stdout).toContain('Sent 0 changes and received 0');
    const human = runCli(['team', 'status', '--workspace', workspace], ana);
    expect(human.stdout).toContain('People: ana (admin), ben (reviewer).');
    // The database was set up by this version: nothing to ask of an admin.
    expect(human.stdout).not.toContain('FloatDesk');
    const alone = runCli(['team', 'status', '--workspace', `${workspace}/other`], ana);
    expect(alone.status).toBe(1);
    expect(alone.stderr).toContain('This workspace is not part of a team');
  });
});
