import { join } from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTransferHandlers } from '../../src/main/core/handlers/transfers';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import {
  TransfersRepository,
  type TransferObservation,
} from '../../src/main/core/ledger/repositories/transfers';
import { HandlerRegistry } from '../../src/main/core/registry';
import {
  TRANSFER_SORT_COLUMNS,
  type TransferFilters,
  type TransferRow,
  type TransferSort,
} from '../../src/shared/ipc/contract-transfers';
import {
  difference,
  FLOATS,
  generateRequests,
  referenceList,
  shown,
  type ReferenceRow,
} from '../helpers/transfer-list-reference';
import { makeTempDir } from '../helpers/temp-dir';

const FIRST_SYNC = '2026-11-28T08:00:00.000Z';
const SECOND_SYNC = '2026-11-29T08:00:00.000Z';
let temp: ReturnType<typeof makeTempDir>;
let db: Ledger;
let registry: HandlerRegistry;
let items: TransferObservation[];
let reference: ReferenceRow[];

async function list(
  input: Record<string, unknown>,
): Promise<{ total: number; offset: number; rows: TransferRow[] }> {
  const envelope = await registry.dispatch('transfers:list', input);
  if (!envelope.ok) throw new Error(JSON.stringify(envelope.error));
  return envelope.value as { total: number; offset: number; rows: TransferRow[] };
}

/** The second sync: some requests approved (some for an edited amount), removed or cancelled. */
function laterState(item: TransferObservation, i: number): TransferObservation {
  if (item.status !== 'pending') return item;
  if (i % 3 === 0) return { ...item, status: 'approved', approved: { ...item.requested } };
  if (i % 3 === 1)
    return { ...item, status: 'approved_edited', approved: { ...item.requested, amount: '1.00' } };
  return { ...item, status: 'cancelled' };
}

beforeAll(async () => {
  temp = makeTempDir();
  db = openLedger(join(temp.dir, 'ledger.sqlite'));
  migrate(db, MIGRATIONS);
  db.prepare(
    "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Ours', 'platform', 'now')",
  ).run();
  db.prepare(
    "INSERT INTO workspaces (id, name, kind, created_at) VALUES (2, 'Other', 'platform', 'now')",
  ).run();
  const repo = new TransfersRepository(db);
  items = generateRequests(320);
  repo.upsertTransferRequests(1, items, { syncRunId: null, observedAt: FIRST_SYNC });
  repo.upsertTransferRequests(2, generateRequests(40, 99), { syncRunId: null, observedAt: FIRST_SYNC });
  const submit = (ws: number, item: TransferObservation, outcome: 'registered' | 'refused' | 'unknown') =>
    repo.recordSubmission(ws, {
      paymentReference: item.payment_reference,
      float: item.float,
      currency: 'GBP',
      amount: '1.00',
      submittedAt: FIRST_SYNC,
      outcome,
    });
  items.forEach((item, i) => {
    if (i % 13 === 0) submit(1, item, i % 2 === 0 ? 'registered' : 'unknown');
    if (i % 13 === 5) submit(1, item, 'refused');
    if (i % 13 === 7) submit(2, item, 'registered');
  });
  registry = new HandlerRegistry();
  registerTransferHandlers(registry, {
    db,
    workspaceId: 1,
    clock: () => new Date(SECOND_SYNC),
    emit: () => {},
    client: () => Promise.reject(new Error('no platform in this test')),
  });
  // A first look fills the list values; the second sync must then mark what it changes.
  await list({ sort: { column: 'approved', direction: 'asc' } });
  items = items.map(laterState);
  repo.upsertTransferRequests(1, items, { syncRunId: null, observedAt: SECOND_SYNC });

  const byIdentity = new Map(items.map((item) => [`${item.payment_reference}|${item.created_at}`, item]));
  const lastChange = new Map<number, string>();
  for (const row of db
    .prepare<[], { id: number; at: string }>(
      'SELECT transfer_request_id AS id, observed_at AS at FROM transfer_request_history ORDER BY id',
    )
    .all())
    lastChange.set(row.id, row.at);
  const submitted = new Set(
    db
      .prepare(
        "SELECT payment_reference FROM transfer_submissions WHERE workspace_id = 1 AND outcome <> 'refused'",
      )
      .pluck()
      .all() as string[],
  );
  reference = db
    .prepare<[], { id: number; ref: string; at: string }>(
      'SELECT id, payment_reference AS ref, created_at AS at FROM transfer_requests WHERE workspace_id = 1',
    )
    .all()
    .map((row) => ({
      id: row.id,
      item: byIdentity.get(`${row.ref}|${row.at}`) as TransferObservation,
      origin: submitted.has(row.ref) ? 'submitted' : 'platform',
      lastChangedAt: lastChange.get(row.id) as string,
    }));
});

afterAll(() => {
  db.close();
  temp.cleanup();
});

const spaced = () =>
  reference.find((row) => row.item.payment_reference.includes(' '))!.item.payment_reference;

const FILTERS: Array<() => TransferFilters> = [
  () => ({}),
  () => ({ float: 'Main' }),
  () => ({ float: FLOATS[4] }),
  () => ({ currency: 'JPY' }),
  () => ({ currency: 'XYZ' }),
  () => ({ paymentReference: spaced().replace(/ /g, '').toLowerCase() }),
  () => ({ paymentReference: ` ${spaced()}` }),
  () => ({ from: '2026-10-10' }),
  () => ({ to: '2026-10-31' }),
  () => ({ from: '2026-11-01', to: '2026-11-01' }),
  () => ({ from: '2026-10-28', to: '2026-11-03', currency: 'GBP' }),
  () => ({ statuses: ['removed'] }),
  () => ({ statuses: ['approved_edited', 'on_hold'] }),
  () => ({ statuses: [] }),
  () => ({ text: 'rf1' }),
  () => ({ text: ' CAFÉ ' }),
  () => ({ text: '.5' }),
  () => ({ text: '00' }),
  () => ({ text: 'edit' }),
  () => ({ text: 'no such text' }),
  () => ({ text: '   ' }),
  () => ({ float: 'Main', statuses: ['approved', 'approved_edited'], text: '0', from: '2026-10-05' }),
];

describe('transfers:list against a plain JavaScript filter and sort', () => {
  it('gives the same total and rows, in the same order, for every filter, sort column and direction', async () => {
    let compared = 0;
    for (const filtersOf of FILTERS) {
      const filters = filtersOf();
      for (const column of TRANSFER_SORT_COLUMNS) {
        for (const direction of ['asc', 'desc'] as const) {
          const sort: TransferSort = { column, direction };
          const expected = referenceList(reference, filters, sort);
          const all = await list({ filters, sort, limit: 1000 });
          expect(
            { total: all.total, ids: all.rows.map((row) => row.id) },
            JSON.stringify(sort) + JSON.stringify(filters),
          ).toEqual({
            total: expected.length,
            ids: expected,
          });
          const window = await list({ filters, sort, offset: 7, limit: 25 });
          expect(window.rows.map((row) => row.id)).toEqual(expected.slice(7, 32));
          expect(window).toMatchObject({ total: expected.length, offset: 7 });
          compared++;
        }
      }
    }
    expect(compared).toBe(FILTERS.length * TRANSFER_SORT_COLUMNS.length * 2);
    expect(reference.length).toBe(320);
  });

  it('sorts newest first by default and answers an empty window past the end', async () => {
    expect((await list({ limit: 1000 })).rows.map((row) => row.id)).toEqual(
      referenceList(reference, {}, { column: 'createdAt', direction: 'desc' }),
    );
    expect(await list({ offset: 5000 })).toEqual({ total: 320, offset: 5000, rows: [] });
  });

  it('shows every amount exactly, the difference, the origin and the last change', async () => {
    const { rows } = await list({ limit: 1000 });
    const expected = new Map(reference.map((row) => [row.id, row]));
    for (const row of rows) {
      const { item, origin, lastChangedAt } = expected.get(row.id)!;
      const diff = difference(item);
      const places = Math.max(
        { GBP: 2, EUR: 2, JPY: 0, KWD: 3 }[item.requested.currency] ?? 0,
        diff?.decimalPlaces() ?? 0,
      );
      expect(row).toEqual({
        id: row.id,
        paymentReference: item.payment_reference,
        createdAt: item.created_at,
        float: item.float,
        currency: item.requested.currency,
        requested: {
          amount: shown(item.requested.amount, item.requested.currency),
          currency: item.requested.currency,
        },
        approved: item.approved && {
          amount: shown(item.approved.amount, item.approved.currency),
          currency: item.approved.currency,
        },
        difference: diff && { amount: diff.toFixed(places), currency: item.requested.currency },
        status: item.status,
        origin,
        lastChangedAt,
        overPrecise: [item.requested, item.approved].some(
          (m) =>
            m !== null &&
            m.currency !== 'XYZ' &&
            shown(m.amount, m.currency) === m.amount &&
            new Decimal(m.amount).decimalPlaces() > ({ JPY: 0, KWD: 3 }[m.currency] ?? 2),
        ),
      });
    }
    expect(rows.filter((row) => row.lastChangedAt === SECOND_SYNC).length).toBeGreaterThan(10);
    expect(rows.filter((row) => row.origin === 'submitted').length).toBeGreaterThan(5);
    expect(rows.filter((row) => row.overPrecise).length).toBeGreaterThan(5);
  });

  it('offers the floats with their currencies and every status, known ones first', async () => {
    const envelope = await registry.dispatch('transfers:options', {});
    expect(envelope.ok).toBe(true);
    const value = (envelope as { value: { floats: unknown[]; statuses: string[] } }).value;
    expect(value.statuses).toEqual([
      'pending',
      'approved',
      'approved_edited',
      'removed',
      'cancelled',
      'on_hold',
    ]);
    expect(value.floats).toContainEqual({ name: 'Café 🎁', currency: 'XYZ' });
  });
});
