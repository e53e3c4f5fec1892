/**
 * CSV statements from the command line, no UI (built CLI: run `npm run build` first): a file read
 * by its column titles, `reconcile profile save` then `import --profile`, `profile list --json`
 * (a contract other tools read: `{"profiles": [{"name", "description", "profile"}]}`) and a
 * refused save that names the bad title.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertBuilt, runCli } from '../helpers/cli';
import { seedReconWorkspace } from '../helpers/recon-fixture';
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

const reconcile = (...args: string[]) => runCli(['reconcile', ...args, '--workspace', workspace]);

function statement(name: string, ...rows: string[]): string {
  const path = join(temp.dir, name);
  writeFileSync(path, ['Date;Description;Reference;Debit;Credit;Balance', ...rows].join('\r\n') + '\r\n');
  return path;
}

const OCTOBER = [
  '02/10/2026;Float top-up;FDK7Q2M9X1;2.500,00;;7.500,00',
  '05/10/2026;Customer refund;;;120,50;7.620,50',
  '14/10/2026;Bank fee;;3,00;;7.617,50',
];
const MAPPING =
  'Columns read by their titles: booking date "Date", money out "Debit", money in "Credit", currency GBP, reference "Reference", text "Description", balance "Balance" (not stored), dates DD/MM/YYYY, amounts written -1.234,56, delimiter ";"';

describe('floatdesk reconcile: CSV without the UI', () => {
  it('imports a Date;Description;Reference;Debit;Credit;Balance file without a profile and says the mapping', () => {
    const file = statement('october.csv', ...OCTOBER);
    const refused = reconcile('import', file);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/does not say its currency.*--currency EUR/);

    const result = reconcile('import', file, '--currency', 'GBP');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${MAPPING}\nImported ${file}: 3 lines added, 0 already known\n`);
    expect(reconcile('import', file, '--currency', 'GBP').stdout.split('\n')[1]).toBe(
      `Imported ${file}: 0 lines added, 3 already known`,
    );
    const run = JSON.parse(reconcile('run', '--as-of', '2026-10-31', '--json').stdout) as {
      matchesAdded: number;
    };
    expect(run.matchesAdded).toBe(1);
    expect(runCli(['audit', 'verify', '--workspace', workspace]).status).toBe(0);
  });

  it('saves a profile from the file, then imports another month with --profile', () => {
    const october = statement('october.csv', ...OCTOBER);
    const saved = reconcile(
      'profile',
      'save',
      'Acme Bank',
      '--from',
      october,
      '--date',
      'Date',
      '--debit',
      'debit',
      '--credit',
      'Credit',
      '--reference',
      'Reference',
      '--text',
      'Description',
      '--balance',
      'Balance',
      '--currency',
      'GBP',
    );
    expect(saved.stderr).toBe('');
    expect(saved.status).toBe(0);
    expect(saved.stdout).toBe(
      `Saved CSV profile "Acme Bank": ${MAPPING.replace('Columns read by their titles: ', '')}\n`,
    );

    // Every day of November is at most 12: by its titles alone this file is ambiguous, the profile decides.
    const november = statement('november.csv', '02/11/2026;Top-up;FDP3W8R6T4;1.190,00;;6.427,50');
    expect(reconcile('import', november, '--currency', 'GBP').status).toBe(1);
    const imported = reconcile('import', november, '--profile', 'Acme Bank');
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toBe(`Imported ${november}: 1 lines added, 0 already known\n`);
    expect(reconcile('import', november, '--profile', 'Acme Bank', '--currency', 'GBP').status).toBe(2);
  });

  it('profile list --json prints one JSON value: {"profiles": [{"name", "description", "profile"}]}', () => {
    expect(JSON.parse(reconcile('profile', 'list', '--json').stdout)).toEqual({ profiles: [] });
    expect(reconcile('profile', 'list').stdout).toMatch(/^No CSV profiles in this workspace yet/);
    const file = statement('october.csv', ...OCTOBER);
    for (const name of ['Zeta', 'Alpha']) {
      const args = [
        '--from',
        file,
        '--date',
        'Date',
        '--debit',
        'Debit',
        '--credit',
        'Credit',
        '--currency',
        'EUR',
      ];
      expect(reconcile('profile', 'save', name, ...args).status).toBe(0);
    }
    const listed = reconcile('profile', 'list', '--json');
    expect(listed.status).toBe(0);
    const answer = JSON.parse(listed.stdout) as { profiles: Record<string, unknown>[] };
    expect(Object.keys(answer)).toEqual(['profiles']);
    expect(answer.profiles.map((p) => Object.keys(p))).toEqual([
      ['name', 'description', 'profile'],
      ['name', 'description', 'profile'],
    ]);
    expect(answer.profiles[0]).toEqual({
      name: 'Alpha',
      description:
        'booking date "Date", money out "Debit", money in "Credit", currency EUR, dates DD/MM/YYYY, amounts written -1.234,56, delimiter ";"',
      profile: {
        delimiter: ';',
        decimalSeparator: ',',
        thousandsSeparator: '.',
        dateFormat: 'DD/MM/YYYY',
        headerLines: 1,
        footerLines: 0,
        columns: { date: 'Date', debit: 'Debit', credit: 'Credit' },
        currency: 'EUR',
        signConvention: 'negative-is-outgoing',
      },
    });
    expect(reconcile('profile', 'list').stdout).toBe(
      `Alpha: ${answer.profiles[0]!.description as string}\nZeta: ${answer.profiles[1]!.description as string}\n`,
    );
  });

  it('a refused save names the bad title and the titles the file has, and saves nothing', () => {
    const file = statement('october.csv', ...OCTOBER);
    const result = reconcile('profile', 'save', 'x', '--from', file, '--date', 'Date', '--amount', 'Betrag');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `floatdesk: ${file} does not read with these columns: The file has no column titled "Betrag". Its titles (line 1) are "Date", "Description", "Reference", "Debit", "Credit", "Balance". Nothing was saved. [invalid_input]\n`,
    );
    const badRow = statement('bad.csv', ...OCTOBER, '15/10/2026;Both;;1,00;2,00;7.618,50');
    const row = reconcile(
      'profile',
      'save',
      'x',
      '--from',
      badRow,
      '--date',
      'Date',
      '--debit',
      'Debit',
      '--credit',
      'Credit',
      '--currency',
      'GBP',
    );
    expect(row.status).toBe(1);
    expect(row.stderr).toContain(
      'Line 5 does not read with these columns (credit): Both the debit and the credit column have an amount.',
    );
    expect(JSON.parse(reconcile('profile', 'list', '--json').stdout)).toEqual({ profiles: [] });
    expect(reconcile('profile', 'save', 'x', '--from', file, '--date', 'Date').status).toBe(2);
    expect(reconcile('profile', 'list', '--from', file).status).toBe(2);
  });

  it('is listed in the help', () => {
    const help = runCli(['--help']).stdout;
    expect(help).toContain('reconcile profile list [--workspace <dir>] [--json]');
    expect(help).toContain(
      'reconcile profile save <name> --from <file> --date <title> (--amount <title> | --debit <title>',
    );
  });
});
