/**
 * Every table exported through export:start from a workspace synced from the adversarial simulator,
 * in both CSV dialects, read back with an independent reader and compared with what the screens show.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_TABLES, type ExportFormat } from '../../src/shared/ipc/contract-export';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import { compareDecimal } from '../../src/shared/domain/money';
import { currencyExponent } from '../../src/shared/domain/currency';
import type { Core } from '../../src/main/core/services';
import type { RunningSimulator } from '../../src/simulator/server';
import { readCsv, unneutralised } from '../helpers/csv-read';
import { runExport, startAdversarialSimulator, syncedCore } from '../helpers/export-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let simulator: RunningSimulator;
let core: Core;
let temp: ReturnType<typeof makeTempDir>;

beforeAll(async () => {
  temp = makeTempDir();
  simulator = await startAdversarialSimulator();
  core = await syncedCore(simulator, join(temp.dir, 'workspace'));
}, 60_000);
afterAll(async () => {
  await core?.close();
  await simulator?.close();
  temp?.cleanup();
});

const DIALECTS: Array<[Exclude<ExportFormat, 'xlsx'>, string, string]> = [
  ['csv', ',', '.'],
  ['csv-regional', ';', ','],
];

async function exported(request: unknown, format: ExportFormat, name: string): Promise<string[][]> {
  const destination = join(temp.dir, name);
  const { finished } = await runExport(core, { request, format, destination });
  expect(finished.error).toBeNull();
  expect(finished.outcome).toBe('done');
  expect(finished.path).toBe(destination);
  const text = readFileSync(destination, 'utf8');
  expect(Buffer.byteLength(text)).toBe(finished.bytes);
  const separator = format === 'csv-regional' ? ';' : ',';
  const records = readCsv(text, separator);
  return records;
}

async function call<T>(channel: string, input: unknown): Promise<T> {
  const envelope = await core.dispatch(channel, input);
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.value as T;
}

/** An amount cell: the same number exactly, with at least the currency's decimals and the dialect's mark. */
function expectAmount(
  cell: string | undefined,
  amount: string | undefined,
  currency: string,
  mark: string,
): void {
  if (amount === undefined) return void expect(cell).toBe('');
  expect(cell).toMatch(mark === ',' ? /^-?\d+(,\d+)?$/ : /^-?\d+(\.\d+)?$/);
  const text = (cell ?? '').replace(',', '.');
  expect(compareDecimal(text, amount)).toBe(0);
  expect((text.split('.')[1] ?? '').length).toBeGreaterThanOrEqual(currencyExponent(currency) ?? 0);
}

describe.each(DIALECTS)('export to %s', (format, separator, mark) => {
  it('transfers: the same rows, in the same order, as transfers:list, every value exact', async () => {
    const records = await exported({ table: 'transfers' }, format, `transfers-${format}.csv`);
    const listed: ChannelOutput<'transfers:list'>['rows'] = [];
    for (let offset = 0; ; offset += 1000) {
      const page = await call<ChannelOutput<'transfers:list'>>('transfers:list', { offset, limit: 1000 });
      listed.push(...page.rows);
      if (listed.length >= page.total) break;
    }
    const [header, ...rows] = records;
    expect(header?.[0]).toBe('Payment reference');
    expect(rows).toHaveLength(listed.length);
    expect(listed.length).toBeGreaterThan(300);
    let hostile = 0;
    rows.forEach((row, index) => {
      const want = listed[index];
      if (want === undefined) throw new Error('missing row');
      if (row[0] !== unneutralised(row[0] ?? '')) hostile++;
      expect(unneutralised(row[0] ?? '')).toBe(want.paymentReference);
      expect(row[1]).toBe(want.createdAt);
      expect(unneutralised(row[2] ?? '')).toBe(want.float);
      expect(row[3]).toBe(want.currency);
      expectAmount(row[4], want.requested.amount, want.requested.currency, mark);
      expectAmount(row[5], want.approved?.amount, want.approved?.currency ?? want.currency, mark);
      expectAmount(row[6], want.difference?.amount, want.currency, mark);
      expect(row.slice(7)).toEqual([want.status, want.origin, want.lastChangedAt, String(want.overPrecise)]);
    });
    expect(hostile).toBeGreaterThan(0);
  });

  it('transfers with filters, sort and history: the filtered rows, each followed by its changes', async () => {
    const filters = { currency: 'GBP', statuses: ['approved', 'pending'] as string[] };
    const sort = { column: 'requested' as const, direction: 'asc' as const };
    const records = await exported(
      { table: 'transfers', filters, sort, withHistory: true },
      format,
      `th-${format}.csv`,
    );
    const page = await call<ChannelOutput<'transfers:list'>>('transfers:list', {
      filters,
      sort,
      limit: 1000,
    });
    const requests = records.slice(1).filter((row) => row[11] === 'request');
    expect(requests.map((row) => unneutralised(row[0] ?? ''))).toEqual(
      page.rows.map((row) => row.paymentReference),
    );
    expect(records[0]?.slice(-2)).toEqual(['Entry', 'Observed at']);
    expect(records.slice(1).filter((row) => row[11] === 'change').length).toBeGreaterThanOrEqual(
      requests.length,
    );
  });

  it('balances: every float with its latest balance, as floats:list', async () => {
    const [header, ...rows] = await exported({ table: 'balances' }, format, `balances-${format}.csv`);
    const { floats } = await call<ChannelOutput<'floats:list'>>('floats:list', {});
    expect(header).toEqual([
      'Currency',
      'Float',
      'Available',
      'Pending',
      'Platform refreshed at',
      'Recorded at',
      'Staleness',
    ]);
    expect(rows).toHaveLength(floats.length);
    for (const want of floats) {
      const row = rows.find((r) => r[0] === want.currency && unneutralised(r[1] ?? '') === want.name);
      expect(row, `${want.currency} ${want.name}`).toBeDefined();
      expectAmount(row?.[2], want.available?.amount, want.currency, mark);
      expectAmount(row?.[3], want.pending?.amount, want.currency, mark);
    }
  });

  it('every table: no text cell left formula-like, amounts and numbers unquoted', async () => {
    for (const table of EXPORT_TABLES) {
      const path = join(temp.dir, `all-${table}-${format}.csv`);
      const { finished } = await runExport(core, { request: { table }, format, destination: path });
      expect(finished.outcome, `${table}: ${finished.error?.message}`).toBe('done');
      const raw = readFileSync(path, 'utf8');
      const records = readCsv(raw, separator);
      expect(records.length).toBeGreaterThan(0);
      for (const row of records)
        for (const cell of row)
          if (/^[=+\-@\t\r\0]/.test(cell))
            expect(cell, `${table}: ${JSON.stringify(cell)}`).toMatch(/^-\d+([.,]\d+)?$/);
    }
  });
});

describe('brands and their change log', () => {
  it('exports the adversarial brand names exactly, filtered by currency', async () => {
    const all = await exported({ table: 'brands' }, 'csv', 'brands.csv');
    const names = simulator.world.brands.map((brand) => brand.name);
    const got = all.slice(1).map((row) => unneutralised(row[1] ?? ''));
    expect([...got].sort()).toEqual([...names].sort());
    expect(got.some((name) => name.includes('\n') || name.startsWith('='))).toBe(true);
    const gbp = await exported(
      { table: 'brands', filters: { currency: 'GBP' } },
      'csv-regional',
      'brands-gbp.csv',
    );
    expect(gbp.slice(1).every((row) => row[5] === 'GBP')).toBe(true);
    expect(gbp.length - 1).toBe(simulator.world.brands.filter((brand) => brand.currency === 'GBP').length);
  });
});

describe('the runner', () => {
  it('leaves no file behind when an export fails, and answers invalid destinations at once', async () => {
    const missing = join(temp.dir, 'no-such-folder', 'x.csv');
    const started = await core.dispatch('export:start', {
      request: { table: 'audit' },
      format: 'csv',
      destination: missing,
    });
    expect(started).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const relative = await core.dispatch('export:start', {
      request: { table: 'audit' },
      format: 'csv',
      destination: 'x.csv',
    });
    expect(relative).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(readdirSync(temp.dir).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('without a destination, writes into the workspace exports folder', async () => {
    const { finished } = await runExport(core, { request: { table: 'balances' }, format: 'csv' });
    expect(finished.outcome).toBe('done');
    expect(finished.path).toContain(join('workspace', 'exports'));
    expect(finished.fileName).toMatch(/^floatdesk-balances-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(existsSync(finished.path ?? '')).toBe(true);
  });
});
