/**
 * `floatdesk export journal` in the books' currency (journals-conversion-fixture.ts: October signed
 * off, with journals in GBP and EUR): --books-currency with --rates and --rate, or the books'
 * currency of Settings → Accounting; mistakes in a rate named, wrong usage exit 2.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core/services';
import { assertBuilt, runCli } from '../helpers/cli';
import { AS_OF, convertiblePeriod, MAPPING } from '../helpers/journals-conversion-fixture';
import { dispatched, reconCore } from '../helpers/recon-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let core: Core;

beforeAll(() => assertBuilt());
beforeEach(async () => {
  temp = makeTempDir();
  core = await convertiblePeriod(temp.dir);
});
afterEach(async () => {
  await core.close();
  temp.cleanup();
});

describe('journals in the books’ currency from the command line', () => {
  it('from the command line: --books-currency with --rates and --rate, or the books’ currency of Settings', async () => {
    await dispatched(core, 'journals:mapping.import', { text: MAPPING });
    await core.close();
    const rates = join(temp.dir, 'rates.csv');
    writeFileSync(rates, 'date,currency,rate\n,EUR,0.8612\n2026-10-01,EUR,0.8700\n');
    const out = join(temp.dir, 'cli.csv');
    const cli = (...flags: string[]) =>
      runCli([
        'export',
        'journal',
        '--format',
        'csv',
        '--as-of',
        AS_OF,
        '--out',
        out,
        '--workspace',
        temp.dir,
        ...flags,
      ]);

    const withFile = cli('--books-currency', 'GBP', '--rates', rates);
    expect(withFile.stderr).toBe('');
    expect(withFile.status).toBe(0);
    expect(withFile.stdout).toContain('Converted to GBP at EUR 0.87 from 2026-10-01.');
    expect(readFileSync(out, 'utf8')).toContain(' EUR at 0.87]');

    const typed = cli('--books-currency', 'gbp', '--rate', 'EUR=0.9');
    expect(typed.status).toBe(0);
    expect(typed.stdout).toContain("Converted to GBP at EUR 0.9 (the period's).");

    const noBooks = cli('--rate', 'EUR=0.9');
    expect(noBooks.status).toBe(2);
    expect(noBooks.stderr).toMatch(/--rates and --rate need the books' currency/);
    expect(cli('--books-currency', 'GBP', '--rate', 'EUR=0,9').stderr).toMatch(
      /--rate EUR=0,9: the rate "0,9" is written with a comma/,
    );
    const badFile = join(temp.dir, 'bad-rates.csv');
    writeFileSync(badFile, 'date,currency,rate\n2026-10-01,EUR,0\n');
    const bad = cli('--books-currency', 'GBP', '--rates', badFile);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/line 2, column rate: the rate is zero/);

    // The books' currency set in Settings → Accounting is the default; without a rate: refused.
    core = reconCore(temp.dir, undefined, 'cli');
    const { rows } = await dispatched(core, 'journals:mapping.get', {});
    await dispatched(core, 'journals:mapping.save', { rows, booksCurrency: 'GBP' });
    await core.close();
    const missing = cli();
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/No EUR rate to GBP for 2026-10-/);
    expect(cli('--rate', 'EUR=0.8612').status).toBe(0);
    core = reconCore(temp.dir, undefined, 'cli');
  });
});
