/**
 * The month-end without the UI, as scripts run it: `reconcile signoff --as-of --json` prints
 * {"id", "state"}; in a team the sign-off awaits review and a colleague's `reconcile review <id>
 * --approve` (the same number on the reviewer's desktop) approves it; a refused review exits 1 with
 * the reason; without a team a sign-off is signed off at once.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli } from '../../helpers/cli';
import { RECON_STATEMENT } from '../../helpers/recon-fixture';
import { STATEMENT_FIXTURES } from '../../helpers/statement-fixtures';
import { useTeamCores } from '../../helpers/team-cores';

beforeAll(assertBuilt);
const teamCores = useTeamCores({
  logins: ['ana', 'ben'],
  shared: { database: 'cli_team', roles: { ana: 'preparer', ben: 'reviewer' } },
});

function cli(dir: string, args: string[], password?: string): ReturnType<typeof runCli> {
  return runCli([...args, '--workspace', dir], { FLOATDESK_TEAM_PASSWORD: password ?? '' });
}

function prepared(dir: string): void {
  expect(cli(dir, ['reconcile', 'import', join(STATEMENT_FIXTURES, RECON_STATEMENT)]).status).toBe(0);
  expect(cli(dir, ['reconcile', 'run', '--as-of', '2026-10-31']).status).toBe(0);
}

describe('floatdesk reconcile signoff and review', () => {
  it('signs off at once without a team, and says a review is not needed', () => {
    const dir = teamCores.workspace();
    prepared(dir);
    const refused = cli(dir, ['reconcile', 'signoff', '--as-of', '2026-10-31']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/acknowledge/);
    const signed = cli(dir, [
      'reconcile',
      'signoff',
      '--as-of',
      '2026-10-31',
      '--acknowledge-open',
      '--json',
    ]);
    expect(signed.stderr).toBe('');
    expect(JSON.parse(signed.stdout)).toEqual({ id: 1, state: 'signed_off' });
    const review = cli(dir, ['reconcile', 'review', '1', '--approve']);
    expect(review.status).toBe(1);
    expect(review.stderr).toMatch(/without a team/);
    expect(cli(dir, ['reconcile', 'review', '1']).status).toBe(2);
  });

  it('in a team: awaits review, the preparer is refused, a reviewer approves by the same number', () => {
    const a = teamCores.workspace();
    const b = teamCores.workspace();
    expect(
      cli(a, ['team', 'join', '--database', teamCores.server.url('ana', 'cli_team')], 'ana-pass').status,
    ).toBe(0);
    expect(
      cli(b, ['team', 'join', '--database', teamCores.server.url('ben', 'cli_team')], 'ben-pass').status,
    ).toBe(0);
    prepared(a);
    expect(cli(b, ['reconcile', 'import', join(STATEMENT_FIXTURES, RECON_STATEMENT)]).status).toBe(0);
    const signed = cli(a, ['reconcile', 'signoff', '--as-of', '2026-10-31', '--acknowledge-open', '--json']);
    const { id, state } = JSON.parse(signed.stdout) as { id: number; state: string };
    expect(state).toBe('awaiting_review');

    const own = cli(a, ['reconcile', 'review', String(id), '--approve'], 'ana-pass');
    expect(own.status).toBe(1);
    expect(own.stderr).toMatch(/someone other than the person who made it/);

    expect(cli(a, ['team', 'sync'], 'ana-pass').status).toBe(0);
    expect(cli(b, ['team', 'sync'], 'ben-pass').status).toBe(0);
    const approved = cli(b, ['reconcile', 'review', String(id), '--approve', '--json'], 'ben-pass');
    expect(approved.stderr).toBe('');
    expect(JSON.parse(approved.stdout)).toEqual({ id, state: 'signed_off' });
    const again = cli(
      b,
      ['reconcile', 'review', String(id), '--reject', '--note', 'Second thoughts'],
      'ben-pass',
    );
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/not awaiting review/);
    expect(cli(a, ['team', 'sync'], 'ana-pass').status).toBe(0);
    const next = cli(a, ['reconcile', 'signoff', '--as-of', '2026-10-31', '--acknowledge-open']);
    // Everything settled by then is locked by the approved sign-off: nothing is left to sign off.
    expect(next.status).toBe(1);
    expect(next.stderr).toMatch(/nothing to sign off/);
  });
});
