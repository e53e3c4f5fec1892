/** `floatdesk export` end to end with the built CLI (run `npm run build` first). */
import { existsSync, mkdirSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_PARTIAL_AFTER_MS } from '../../src/main/core/export/partial-file';
import type { RunningSimulator } from '../../src/simulator/server';
import { assertBuilt, runCli } from '../helpers/cli';
import { readCsv } from '../helpers/csv-read';
import { startAdversarialSimulator, syncedCore } from '../helpers/export-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let simulator: RunningSimulator;
let workspace: string;

beforeAll(async () => {
  assertBuilt();
  temp = makeTempDir();
  workspace = join(temp.dir, 'books');
  simulator = await startAdversarialSimulator();
  await (await syncedCore(simulator, workspace)).close();
}, 60_000);
afterAll(async () => {
  await simulator?.close();
  temp?.cleanup();
});

const exportCli = (...args: string[]) => runCli(['export', ...args, '--workspace', workspace]);

describe('floatdesk export', () => {
  it('is listed in the help', () => {
    const help = runCli(['--help']).stdout;
    expect(help).toContain(
      'export <balances|balance-history|transfers|brands|brand-changes|reconciliation|audit>',
    );
    expect(help).toContain('--format csv|csv-regional|xlsx --out <file> [filters]');
  });

  it('writes the file and prints one line: rows, bytes, path', () => {
    const out = join(temp.dir, 'gbp.csv');
    const result = exportCli(
      'transfers',
      '--format',
      'csv-regional',
      '--out',
      out,
      '--currency',
      'GBP',
      '--status',
      'approved,pending',
      '--sort',
      'requested:desc',
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const rows = readCsv(readFileSync(out, 'utf8'), ';');
    expect(result.stdout).toBe(
      `Exported ${rows.length - 1} rows (${readFileSync(out).length} bytes) to ${out}\n`,
    );
    expect(
      rows.slice(1).every((row) => row[3] === 'GBP' && ['approved', 'pending'].includes(row[7] ?? '')),
    ).toBe(true);
  });

  it('exports every table, balance history included', () => {
    for (const table of [
      'balances',
      'balance-history',
      'brands',
      'brand-changes',
      'audit',
      'reconciliation',
    ]) {
      const out = join(temp.dir, `${table}.csv`);
      const result = exportCli(table, '--format', 'csv', '--out', out);
      expect(result.status, `${table}: ${result.stderr}`).toBe(0);
      expect(existsSync(out)).toBe(true);
    }
  });

  it('exports only the open items its filter flags select, naming each filter in the file', () => {
    const open = (name: string, ...filters: string[]): string[][] => {
      const out = join(temp.dir, name);
      const result = exportCli(
        'reconciliation',
        '--format',
        'csv',
        '--part',
        'open-items',
        '--out',
        out,
        ...filters,
      );
      expect(result.status, result.stderr).toBe(0);
      return readCsv(readFileSync(out, 'utf8'), ',');
    };
    const [header, ...all] = open('recon-all.csv');
    expect(header).not.toContain('Filter applied');
    const [filteredHeader, ...filtered] = open(
      'recon-gbp.csv',
      '--currency',
      'GBP',
      '--min',
      '100',
      '--direction',
      'in',
    );
    const at = (name: string): number => filteredHeader!.indexOf(name);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.length).toBeLessThan(all.length);
    for (const row of filtered) {
      expect(row[at('Currency')]).toBe('GBP');
      expect(Number(row[at('Amount')])).toBeGreaterThanOrEqual(100);
      expect(row[at('Filter applied')]).toBe(
        'Only open items with currency GBP; money in (requests); amount at least 100.00 GBP',
      );
    }
    const wanted = all.filter(
      (row) => row[header!.indexOf('Currency')] === 'GBP' && Number(row[header!.indexOf('Amount')]) >= 100,
    );
    expect(filtered.map((row) => row[at('Reference or bank id')])).toEqual(
      wanted.map((row) => row[header!.indexOf('Reference or bank id')]),
    );
  });

  it('refuses bad flags with one line naming the flag, and writes nothing', () => {
    const dir = join(temp.dir, 'refused');
    mkdirSync(dir);
    const out = join(dir, 'x.csv');
    const cases: Array<[string[], RegExp, number]> = [
      [['transfers', '--out', out], /--format is required/, 2],
      [['transfers', '--format', 'csv'], /--out is required/, 2],
      [
        ['brands', '--format', 'csv', '--out', out, '--with-history'],
        /--with-history does not apply to "export brands"/,
        2,
      ],
      [['balances', '--format', 'csv', '--out', out, '--currency', 'pounds'], /^floatdesk: --currency: /, 2],
      [['transfers', '--format', 'csv', '--out', join(temp.dir, 'missing', 'x.csv')], /does not exist/, 1],
    ];
    for (const [args, message, status] of cases) {
      const result = exportCli(...args);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(message);
      expect(result.status).toBe(status);
      expect(result.stdout).toBe('');
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('removes the partial file a killed export left beside the destination, not one still being written', () => {
    const dir = join(temp.dir, 'again');
    mkdirSync(dir);
    const out = join(dir, 'transfers.csv');
    const killed = `${out}.0123456789ab.partial`;
    const live = `${out}.ba9876543210.partial`;
    writeFileSync(killed, 'Payment reference,Amount\r\nFD-1,12');
    writeFileSync(live, 'Payment reference,Amount\r\n');
    const longAgo = new Date(Date.now() - STALE_PARTIAL_AFTER_MS - 60_000);
    utimesSync(killed, longAgo, longAgo);
    const result = exportCli('transfers', '--format', 'csv', '--out', out);
    expect(result.status).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['transfers.csv', 'transfers.csv.ba9876543210.partial']);
  });
});
