/**
 * `floatdesk reconcile import` and `floatdesk reconcile run` against a workspace folder (built CLI:
 * run `npm run build` first). `reconcile run --json` is a contract other tools rely on: one JSON
 * object whose `states` member holds exactly the nine states.
 */
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertBuilt, runCli } from '../helpers/cli';
import { RECON_STATEMENT, seedReconWorkspace } from '../helpers/recon-fixture';
import { STATEMENT_FIXTURES } from '../helpers/statement-fixtures';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let workspace: string;

beforeAll(() => assertBuilt());
beforeEach(() => {
  temp = makeTempDir();
  workspace = join(temp.dir, 'books');
  seedReconWorkspace(workspace);
});
afterEach(() => temp.cleanup());

const fixture = (name: string): string => join(STATEMENT_FIXTURES, name);
const reconcile = (...args: string[]) => runCli(['reconcile', ...args, '--workspace', workspace]);

describe('floatdesk reconcile', () => {
  it('is listed in the help', () => {
    const help = runCli(['--help']).stdout;
    expect(help).toContain(
      'reconcile import <file> [--workspace <dir>] [--format auto|csv|camt053|mt940|ofx] [--profile <name>]',
    );
    expect(help).toContain('reconcile run [--workspace <dir>] [--as-of YYYY-MM-DD] [--json]');
  });

  it('import prints one line; importing again adds nothing', () => {
    const file = fixture(RECON_STATEMENT);
    const first = reconcile('import', file);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toBe(`Imported ${file}: 9 lines added, 0 already known\n`);
    expect(reconcile('import', file, '--format', 'camt053').stdout).toBe(
      `Imported ${file}: 0 lines added, 9 already known\n`,
    );
  });

  it('a statement that is refused: the reason and every problem with its line on stderr, exit 1', () => {
    const result = reconcile('import', fixture('broken-unbalanced-camt053.xml'));
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^floatdesk: .*broken-unbalanced-camt053\.xml was not imported: The statement does not add up/,
    );
    expect(lines.slice(1).length).toBeGreaterThan(0);
    for (const line of lines.slice(1)) expect(line).toMatch(/^ {2}line \d+( \([^)]+\))?: /);
  });

  it('run --json prints one JSON object with exactly the nine states, then the currencies', () => {
    reconcile('import', fixture(RECON_STATEMENT));
    const result = reconcile('run', '--as-of', '2026-10-31', '--json');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const answer = JSON.parse(result.stdout) as {
      states: Record<string, number>;
      currencies: Array<{ currency: string }>;
      matchesAdded: number;
    };
    expect(Object.keys(answer.states)).toEqual([
      'awaiting_payment',
      'paid_awaiting_approval',
      'matched',
      'variance',
      'approved_unpaid',
      'refund_expected',
      'unmatched_bank_payment',
      'resolved',
      'signed_off',
    ]);
    expect(Object.values(answer.states).every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
    // FDP3W8R6T4 (paid 1200.00, approved 1190.00) waits for a person: beyond the tolerance.
    expect(answer.matchesAdded).toBe(3);
    expect(answer.currencies.map((row) => row.currency)).toEqual(['EUR', 'GBP']);
    // Every request counts once; bank lines count only as unmatched payments.
    const requests = Object.entries(answer.states)
      .filter(([state]) => state !== 'unmatched_bank_payment')
      .reduce((sum, [, n]) => sum + n, 0);
    expect(requests).toBe(13);
    expect(runCli(['audit', 'verify', '--workspace', workspace]).stdout).toMatch(
      /^Audit log intact: 2 entries/,
    );
  });

  it('run prints a readable summary; wrong options are usage errors (exit 2)', () => {
    reconcile('import', fixture(RECON_STATEMENT));
    const result = reconcile('run', '--as-of', '2026-10-31');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      /^Reconciliation as of 2026-10-31: 3 match\(es\) added, 3 suggestion\(s\) to review\./,
    );
    expect(result.stdout).toMatch(/unmatched bank payment +\d+/);
    expect(result.stdout).toMatch(/GBP +3650\.00 +3650\.00 +0 +\d+ +—/);
    expect(reconcile('run', '--as-of', '31/10/2026').status).toBe(2);
    expect(reconcile('run', '--profile', 'x').status).toBe(2);
    expect(reconcile('import').status).toBe(2);
    expect(runCli(['reconcile', 'sign-off']).status).toBe(2);
  });
});
