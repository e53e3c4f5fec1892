/**
 * The export's reads in the repositories, against a real ledger file: the filters of the balance
 * history, brand change and audit log tables each let through exactly the rows they name, in the
 * table's order, and the rows stream again from the start each time they are read.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { AuditLogRepository } from '../../src/main/core/ledger/repositories/audit-log';
import { BalanceHistoryRepository } from '../../src/main/core/ledger/repositories/balance-history';
import { BrandsRepository } from '../../src/main/core/ledger/repositories/brands';
import { FloatsRepository } from '../../src/main/core/ledger/repositories/floats';
import { WorkspacesRepository } from '../../src/main/core/ledger/repositories/workspaces';
import { appendDecisions } from '../helpers/audit-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let db: Ledger;
let ws: number;

beforeEach(() => {
  temp = makeTempDir();
  db = openLedger(join(temp.dir, 'ledger.sqlite'));
  migrate(db, MIGRATIONS);
  ws = new WorkspacesRepository(db).ensure({
    name: 't',
    kind: 'demo',
    baseUrl: null,
    now: '2026-11-01T09:00:00Z',
  }).id;
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

describe('balance history rows', () => {
  beforeEach(() => {
    const floats = new FloatsRepository(db);
    for (const [day, available] of [
      ['2026-11-01', '100.00'],
      ['2026-11-02', '90.00'],
      ['2026-11-03', '80.00'],
    ] as const) {
      floats.recordSnapshots(
        ws,
        [
          { currency: 'GBP', name: 'main', available, pending: '0.00', platformRefreshedAt: null },
          { currency: 'EUR', name: 'Ops', available: '5.5', pending: '1.00', platformRefreshedAt: null },
        ],
        `${day}T10:00:00Z`,
      );
    }
  });

  const read = (filters: Parameters<BalanceHistoryRepository['exportRows']>[1]): string[] =>
    [...new BalanceHistoryRepository(db).exportRows(ws, filters)].map(
      (row) => `${row.currency} ${row.name} ${row.recorded_at.slice(0, 10)} ${row.available_minor}`,
    );

  it('every snapshot by currency, float and time, amounts as stored', () => {
    expect(read({})).toEqual([
      'EUR Ops 2026-11-01 550',
      'EUR Ops 2026-11-02 550',
      'EUR Ops 2026-11-03 550',
      'GBP main 2026-11-01 10000',
      'GBP main 2026-11-02 9000',
      'GBP main 2026-11-03 8000',
    ]);
  });

  it('only the currency, float and days asked for, both ends included', () => {
    expect(read({ currency: 'GBP' })).toHaveLength(3);
    expect(read({ float: 'Ops' })).toEqual(read({ currency: 'EUR' }));
    expect(read({ currency: 'GBP', from: '2026-11-02', to: '2026-11-02' })).toEqual([
      'GBP main 2026-11-02 9000',
    ]);
    expect(read({ from: '2026-11-03' })).toEqual(['EUR Ops 2026-11-03 550', 'GBP main 2026-11-03 8000']);
    expect(read({ currency: 'USD' })).toEqual([]);
  });

  it('streams again from the start each time the rows are read', () => {
    const rows = new BalanceHistoryRepository(db).exportRows(ws, { currency: 'EUR' });
    expect([...rows]).toHaveLength(3);
    expect([...rows]).toHaveLength(3);
  });
});

describe('brand change rows', () => {
  beforeEach(() => {
    const brand = db.prepare(
      `INSERT INTO brands (workspace_id, slug, name, currency, status_code, data, first_seen_at, last_seen_at)
       VALUES (?, ?, ?, 'GBP', 'ENABLED', '{}', '2026-11-01T00:00:00Z', '2026-11-03T00:00:00Z')`,
    );
    const change = db.prepare(
      `INSERT INTO brand_changes (brand_id, observed_at, kind, attribute, old_value, new_value) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    const coffee = Number(brand.run(ws, 'coffee-co', 'Coffee Co').lastInsertRowid);
    const books = Number(brand.run(ws, 'book-hut', 'Book Hut').lastInsertRowid);
    change.run(coffee, '2026-11-01T08:00:00Z', 'new', null, null, null);
    change.run(books, '2026-11-01T08:00:00Z', 'new', null, null, null);
    change.run(coffee, '2026-11-02T08:00:00Z', 'changed', 'discount', '"5.00"', '"7.25"');
    change.run(books, '2026-11-03T08:00:00Z', 'vanished', null, null, null);
  });

  const read = (filters: Parameters<BrandsRepository['exportChanges']>[1]): string[] =>
    [...new BrandsRepository(db).exportChanges(ws, filters)].map(
      (row) => `${row.observed_at.slice(0, 10)} ${row.slug} ${row.kind}`,
    );

  it('every change oldest first, filtered by brand slug or name, days and kinds', () => {
    expect(read({})).toEqual([
      '2026-11-01 coffee-co new',
      '2026-11-01 book-hut new',
      '2026-11-02 coffee-co changed',
      '2026-11-03 book-hut vanished',
    ]);
    expect(read({ brand: 'coffee-co' })).toEqual(read({ brand: 'Coffee Co' }));
    expect(read({ brand: 'Book Hut' })).toEqual(['2026-11-01 book-hut new', '2026-11-03 book-hut vanished']);
    expect(read({ from: '2026-11-02', to: '2026-11-02' })).toEqual(['2026-11-02 coffee-co changed']);
    expect(read({ kinds: ['changed', 'vanished'] })).toEqual([
      '2026-11-02 coffee-co changed',
      '2026-11-03 book-hut vanished',
    ]);
    expect(read({ kinds: [] })).toEqual([]);
  });

  it('one brand by slug, vanished or not, and none for another workspace', () => {
    const brands = new BrandsRepository(db);
    expect(brands.brand(ws, 'book-hut')).toMatchObject({ name: 'Book Hut', currency: 'GBP' });
    expect(brands.brand(ws, 'nope')).toBeUndefined();
    expect(brands.brand(ws + 1, 'book-hut')).toBeUndefined();
  });
});

describe('audit log rows', () => {
  it('by days and action, up to an entry, or before a time; in seq order', () => {
    // 6 decisions one minute apart on 2026-11-22; every third is match.confirmed.
    appendDecisions(db, ws, 6);
    const log = new AuditLogRepository(db);
    const seqs = (filter: Parameters<AuditLogRepository['exportRows']>[1]): number[] =>
      [...log.exportRows(ws, filter)].map((row) => Number(row.seq));
    expect(seqs({})).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seqs({ action: 'match.confirmed' })).toEqual([1, 4]);
    expect(seqs({ from: '2026-11-22', to: '2026-11-22' })).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seqs({ to: '2026-11-21' })).toEqual([]);
    expect(seqs({ uptoSeq: 3 })).toEqual([1, 2, 3]);
    expect(seqs({ before: '2026-11-22T09:02:00.000Z' })).toEqual([1, 2]);
    expect(log.count(ws)).toBe(6);
    expect(log.last(ws)?.seq).toBe(6);
    expect(log.workspaceIds()).toEqual([ws]);
  });
});
