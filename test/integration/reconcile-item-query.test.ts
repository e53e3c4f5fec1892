/**
 * The search, filters, order and totals of the open items (item-rows.ts, then item-list.ts over the
 * rows kept in a real SQLite file: kept-items.ts): text in the references and bank text, an amount
 * of that size either sign, currency, float, direction and size range, a stable order on every
 * column by exact keys, and exact totals per currency.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelInput } from '../../src/shared/ipc/contract';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import {
  ReconItemRowsRepository,
  sumByCurrency,
  type KeptItemReading,
  type KeptItemRow,
} from '../../src/main/core/ledger/repositories/recon-item-rows';
import { cellsOf } from '../../src/main/core/ledger/repositories/recon-item-cells';
import { positionsInOrderRanges } from '../../src/main/core/ledger/repositories/recon-item-row-sql';
import { queryKeptItems, type KeptQueryLimits } from '../../src/main/core/recon/item-list';
import { keptRow, keyWidth, POSITION_GAP } from '../../src/main/core/recon/kept-items';
import { makeTempDir } from '../helpers/temp-dir';
import type { StoredBankLine } from '../../src/main/core/ledger/repositories/bank-line-reads';
import type { ReconRequestRow } from '../../src/main/core/ledger/repositories/recon-inputs';
import { itemRows, type ItemRow, type ItemRows } from '../../src/main/core/recon/item-rows';
import type { ItemState } from '../../src/main/core/recon/match/states';
import type { MatchView } from '../../src/main/core/recon/report';
import { buildWorld, type ReconWorld } from '../../src/main/core/recon/world';
import { AGEING_BUCKETS, ITEM_SORT_COLUMNS, RECON_STATES } from '../../src/shared/ipc/contract-recon';
import { runs } from '../helpers/property-runs';

let nextRow = 1;
function line(id: string, date: string, amount: string, text: Partial<StoredBankLine> = {}): StoredBankLine {
  return {
    id: nextRow++,
    statementId: 1,
    accountKey: 'GB29',
    overPrecise: false,
    bankTransactionId: id,
    bookingDate: date,
    valueDate: null,
    amount,
    currency: 'GBP',
    reference: null,
    remittance: null,
    counterpartyName: null,
    counterpartyAccount: null,
    sourceLine: 1,
    ...text,
  };
}

function request(
  reference: string,
  date: string,
  amount: string,
  currency = 'GBP',
  float = 'main',
): ReconRequestRow {
  return {
    rowId: nextRow++,
    paymentReference: reference,
    createdAt: `${date}T10:00:00+01:00`,
    createdUtc: `${date}T09:00:00.000Z`,
    float,
    currency,
    requested: { amount, currency },
    approved: null,
    status: 'pending',
  };
}

function state(
  kind: 'line' | 'request',
  id: string,
  date: string,
  extra: Partial<ItemState> = {},
): ItemState {
  return {
    kind,
    id,
    state: kind === 'line' ? 'unmatched_bank_payment' : 'awaiting_payment',
    date,
    ageDays: 3,
    ageing: '3-7',
    match: null,
    resolution: null,
    automatic: null,
    ...extra,
  };
}

const LINES = [
  line('TX-1', '2026-10-02', '-25000.00', {
    remittance: 'FLOAT TOP UP FDK7Q2M9X1',
    counterpartyName: 'Giftcard Ltd',
  }),
  line('TX-2', '2026-10-03', '-980.00', { reference: 'FDR9L5X2N6', counterpartyName: 'Giftcard Ltd' }),
  line('TX-3', '2026-10-04', '-0.01', { remittance: 'Stationery' }),
  line('TX-4', '2026-10-05', '-77.705', { remittance: 'Over precise' }),
];
const REQUESTS = [
  request('FDK7Q2M9X1', '2026-10-01', '25000.00'),
  request('FDR9L5X2N6', '2026-10-02', '1000.00'),
  request('FDE5U7K3Z8', '2026-10-03', '25000.00', 'EUR', 'euro'),
  request('FDJPY00001', '2026-10-04', '300000', 'JPY', 'yen'),
];
const WORLD: ReconWorld = buildWorld(LINES, REQUESTS);
const ITEMS: ItemState[] = [
  state('request', 'FDK7Q2M9X1', '2026-10-01', { ageDays: 30, ageing: '8-30' }),
  state('line', 'TX-1', '2026-10-02', { ageDays: 29, ageing: '8-30' }),
  state('request', 'FDR9L5X2N6', '2026-10-02', { ageDays: null, ageing: null, state: 'matched', match: 0 }),
  state('line', 'TX-2', '2026-10-03', { ageDays: null, ageing: null, state: 'matched', match: 0 }),
  state('request', 'FDE5U7K3Z8', '2026-10-03', { ageDays: 0, ageing: '0-2' }),
  state('line', 'TX-3', '2026-10-04', {
    ageDays: null,
    ageing: null,
    state: 'resolved',
    resolution: { kind: 'line', id: 'TX-3', reasonCode: 'not_a_top_up', note: 'Pens' },
  }),
  state('request', 'FDJPY00001', '2026-10-04'),
  state('line', 'TX-4', '2026-10-05', { ageDays: 1, ageing: '0-2' }),
];
const VIEWS = [{ current: { payload: { match: { rule: 'manual', score: 1 } } } }] as unknown as MatchView[];
const ROWS = itemRows(WORLD, ITEMS, VIEWS);

type ItemQuery = Omit<ChannelInput<'recon:items'>, 'asOf' | 'offset' | 'limit'>;

let temp: ReturnType<typeof makeTempDir>;
let db: Ledger;
beforeAll(() => {
  temp = makeTempDir();
  db = openLedger(join(temp.dir, 'ledger.sqlite'));
  migrate(db, MIGRATIONS);
  db.prepare(
    "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
  ).run();
});
afterAll(() => {
  db.close();
  temp.cleanup();
});

/** The rows kept in the file (with their reading), out of scope where `outOfScope` says. */
function keep(all: ItemRows, outOfScope: (row: ItemRow) => boolean = () => false) {
  const repo = new ReconItemRowsRepository(db);
  const width = keyWidth(all.rows);
  const kept = all.rows.map((row) =>
    keptRow(row, width, {
      rowId: row.index,
      matchDecision: null,
      resolutionDecision: null,
      resolutionReason: null,
      resolutionNote: null,
      automatic: null,
      lockSignOff: null,
      lockAsOf: null,
      outOfScope: outOfScope(row),
    }),
  );
  const reading: KeptItemReading = {
    totals: sumByCurrency(kept),
    cells: cellsOf(kept),
    asOf: '2026-10-31',
    optionsKey: '{}',
    inputsVersion: 0,
    scale: all.scale,
    keyWidth: width,
    currencies: all.currencies,
    floats: all.floats,
  };
  db.transaction(() => repo.replace(1, reading, kept))();
  return { repo, reading };
}

/** The rows kept in the file, then the query over them: its rows in order and its totals. */
function query(all: ItemRows, input: ItemQuery) {
  const { repo, reading } = keep(all);
  return queryKeptItems(repo, 1, reading, { ...input, limit: 500 });
}

/** The flat rows of the kept ones (kept at positions with gaps: POSITION_GAP). */
const byPosition = (all: ItemRows, kept: KeptItemRow[]): ItemRow[] =>
  kept.map((row) => all.rows[row.position / POSITION_GAP - 1]!);
const ids = (input: ItemQuery): string[] => query(ROWS, input).page.map((row) => row.itemId);

describe('item rows', () => {
  it('hold every amount exactly at one scale, and the choices of currency and float', () => {
    expect(ROWS.scale).toBe(3);
    expect(ROWS.rows.map((row) => row.scaled)).toEqual([
      25000000n,
      -25000000n,
      1000000n,
      -980000n,
      25000000n,
      -10n,
      300000000n,
      -77705n,
    ]);
    expect(ROWS.currencies).toEqual(['EUR', 'GBP', 'JPY']);
    expect(ROWS.floats).toEqual(['euro', 'main', 'yen']);
  });
});

describe('search', () => {
  it('finds a reference, a bank text or a float, ignoring case, every word', () => {
    expect(ids({ search: 'fdk7q2' })).toEqual(['FDK7Q2M9X1', 'TX-1']);
    expect(ids({ search: 'giftcard LTD' })).toEqual(['TX-1', 'TX-2']);
    expect(ids({ search: 'giftcard top' })).toEqual(['TX-1']);
    expect(ids({ search: 'EURO' })).toEqual(['FDE5U7K3Z8']);
    expect(ids({ search: 'nothing like it' })).toEqual([]);
    expect(ids({ search: '  ' })).toEqual(ids({}));
  });

  it('finds an amount of that size, money in and out, in any currency, exactly', () => {
    expect(ids({ search: '25,000.00', searchAmount: '25000.00' })).toEqual([
      'FDK7Q2M9X1',
      'TX-1',
      'FDE5U7K3Z8',
    ]);
    expect(ids({ search: '25000', searchAmount: '25000' })).toEqual(['FDK7Q2M9X1', 'TX-1', 'FDE5U7K3Z8']);
    expect(ids({ searchAmount: '77.705' })).toEqual(['TX-4']);
    expect(ids({ searchAmount: '77.7' })).toEqual([]);
    expect(ids({ searchAmount: '0.0100' })).toEqual(['TX-3']);
    // More decimals than any item has: nothing is that size, nothing is rounded to it.
    expect(ids({ searchAmount: '980.0001' })).toEqual([]);
  });
});

describe('filters', () => {
  it('by currency, float (requests only), state, age and direction (requests are money in)', () => {
    expect(ids({ currencies: ['EUR', 'JPY'] })).toEqual(['FDE5U7K3Z8', 'FDJPY00001']);
    expect(ids({ floats: ['main'] })).toEqual(['FDK7Q2M9X1', 'FDR9L5X2N6']);
    expect(ids({ states: ['matched'] })).toEqual(['FDR9L5X2N6', 'TX-2']);
    expect(ids({ ageing: '0-2' })).toEqual(['FDE5U7K3Z8', 'TX-4']);
    expect(ids({ direction: 'out' })).toEqual(['TX-1', 'TX-2', 'TX-3', 'TX-4']);
    expect(ids({ direction: 'in' })).toEqual(['FDK7Q2M9X1', 'FDR9L5X2N6', 'FDE5U7K3Z8', 'FDJPY00001']);
  });

  it('by the size of the amount, bounds included, exactly', () => {
    expect(ids({ amountMin: '980', amountMax: '1000.00' })).toEqual(['FDR9L5X2N6', 'TX-2']);
    expect(ids({ amountMin: '980.001', amountMax: '1000' })).toEqual(['FDR9L5X2N6']);
    expect(ids({ amountMax: '77.705' })).toEqual(['TX-3', 'TX-4']);
    expect(ids({ amountMax: '77.704' })).toEqual(['TX-3']);
    expect(ids({ amountMin: '300000' })).toEqual(['FDJPY00001']);
  });

  it('together: every condition holds', () => {
    expect(ids({ currencies: ['GBP'], direction: 'out', amountMin: '100', search: 'giftcard' })).toEqual([
      'TX-1',
      'TX-2',
    ]);
  });
});

describe('order', () => {
  it('by exact amount, not text: -25000 < -980 < -77.705 < -0.01 < 1000 < 25000 (then currency) < 300000', () => {
    expect(ids({ sort: { column: 'amount', descending: false } })).toEqual([
      'TX-1',
      'TX-2',
      'TX-4',
      'TX-3',
      'FDR9L5X2N6',
      'FDE5U7K3Z8',
      'FDK7Q2M9X1',
      'FDJPY00001',
    ]);
  });

  it('descending reverses the keys, but equal keys keep the default order (stable)', () => {
    expect(ids({ sort: { column: 'date', descending: true } })).toEqual([
      'TX-4',
      'TX-3',
      'FDJPY00001',
      'TX-2',
      'FDE5U7K3Z8',
      'TX-1',
      'FDR9L5X2N6',
      'FDK7Q2M9X1',
    ]);
    expect(ids({ sort: { column: 'state', descending: false } })).toEqual([
      'FDK7Q2M9X1',
      'FDE5U7K3Z8',
      'FDJPY00001',
      'FDR9L5X2N6',
      'TX-2',
      'TX-1',
      'TX-4',
      'TX-3',
    ]);
  });

  it('by age: items with no age (closed) last both ways', () => {
    expect(ids({ sort: { column: 'age', descending: false } })).toEqual([
      'FDE5U7K3Z8',
      'TX-4',
      'FDJPY00001',
      'TX-1',
      'FDK7Q2M9X1',
      'FDR9L5X2N6',
      'TX-2',
      'TX-3',
    ]);
    expect(ids({ sort: { column: 'age', descending: true } }).slice(0, 5)).toEqual([
      'FDK7Q2M9X1',
      'TX-1',
      'FDJPY00001',
      'TX-4',
      'FDE5U7K3Z8',
    ]);
  });

  it('by item, text and match', () => {
    expect(ids({ sort: { column: 'item', descending: false } })).toEqual([
      'FDE5U7K3Z8',
      'FDJPY00001',
      'FDK7Q2M9X1',
      'FDR9L5X2N6',
      'TX-1',
      'TX-2',
      'TX-3',
      'TX-4',
    ]);
    // Lines by payment text, else counterparty, else reference; requests by float.
    expect(ids({ sort: { column: 'label', descending: false } })).toEqual([
      'FDE5U7K3Z8',
      'TX-1',
      'TX-2',
      'FDK7Q2M9X1',
      'FDR9L5X2N6',
      'TX-4',
      'TX-3',
      'FDJPY00001',
    ]);
    // Not matched, then matched, then resolved.
    expect(ids({ sort: { column: 'match', descending: false } }).slice(-3)).toEqual([
      'FDR9L5X2N6',
      'TX-2',
      'TX-3',
    ]);
  });

  it('is a stable total order on every column, either way (property)', () => {
    const rowArb = fc.record({
      scaled: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
      date: fc.constantFrom('2026-10-01', '2026-10-02', '2026-10-03'),
      ageDays: fc.option(fc.integer({ min: 0, max: 40 })),
      stateRank: fc.integer({ min: 0, max: 8 }),
      id: fc.constantFrom('A', 'B', 'C'),
      label: fc.constantFrom('x', 'y'),
    });
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 40 }),
        fc.constantFrom(...ITEM_SORT_COLUMNS),
        fc.boolean(),
        (partial, column, descending) => {
          const rows = partial.map((row, index): ItemRow => ({
            ...(ROWS.rows[0] as ItemRow),
            ...row,
            index,
            kind: 'request',
            currency: 'GBP',
            out: row.scaled < 0n,
            matchGroup: 0,
            matchRank: 0,
            matchText: '',
          }));
          const all: ItemRows = { rows, scale: 0, currencies: ['GBP'], floats: [] };
          const sorted = byPosition(all, query(all, { sort: { column, descending } }).page);
          expect(sorted).toHaveLength(rows.length);
          // The same keys twice in a row are in the default order.
          const key = (row: ItemRow): string =>
            column === 'amount'
              ? String(row.scaled)
              : column === 'age'
                ? String(row.ageDays)
                : column === 'state'
                  ? String(row.stateRank)
                  : column === 'item'
                    ? row.id
                    : column === 'label'
                      ? row.label
                      : column === 'date'
                        ? row.date
                        : '';
          for (let i = 1; i < sorted.length; i++) {
            const [a, b] = [sorted[i - 1]!, sorted[i]!];
            if (key(a) === key(b)) expect(a.index).toBeLessThan(b.index);
            if (column === 'amount' && !descending) expect(a.scaled <= b.scaled).toBe(true);
            if (column === 'amount' && descending) expect(a.scaled >= b.scaled).toBe(true);
          }
        },
      ),
    );
  });
});

describe('totals per currency', () => {
  it('count, money in, money out and net of every item kept, exactly', () => {
    expect(query(ROWS, {}).totals).toEqual([
      {
        currency: 'EUR',
        count: 1,
        moneyIn: { amount: '25000.00', currency: 'EUR' },
        moneyInCount: 1,
        moneyOut: { amount: '0.00', currency: 'EUR' },
        moneyOutCount: 0,
        net: { amount: '25000.00', currency: 'EUR' },
      },
      {
        currency: 'GBP',
        count: 6,
        moneyIn: { amount: '26000.00', currency: 'GBP' },
        moneyInCount: 2,
        moneyOut: { amount: '-26057.715', currency: 'GBP' },
        moneyOutCount: 4,
        net: { amount: '-57.715', currency: 'GBP' },
      },
      {
        currency: 'JPY',
        count: 1,
        moneyIn: { amount: '300000', currency: 'JPY' },
        moneyInCount: 1,
        moneyOut: { amount: '0', currency: 'JPY' },
        moneyOutCount: 0,
        net: { amount: '300000', currency: 'JPY' },
      },
    ]);
    expect(query(ROWS, { currencies: ['GBP'], direction: 'in' }).totals).toEqual([
      expect.objectContaining({ currency: 'GBP', count: 2, net: { amount: '26000.00', currency: 'GBP' } }),
    ]);
    expect(query(ROWS, { currencies: ['CHF'] }).totals).toEqual([]);
    expect(query(ROWS, { currencies: ['EUR', 'GBP', 'JPY'] }).totals).toEqual(query(ROWS, {}).totals);
    // A currency alone is answered from the totals kept with the reading; they are what the query
    // sums over the rows (money in and money out asked for apart).
    const gbp = query(ROWS, { currencies: ['GBP'] }).totals[0]!;
    const gbpIn = query(ROWS, { currencies: ['GBP'], direction: 'in' }).totals[0]!;
    const gbpOut = query(ROWS, { currencies: ['GBP'], direction: 'out' }).totals[0]!;
    expect(gbp.count).toBe(gbpIn.count + gbpOut.count);
    expect([gbp.moneyIn, gbp.moneyInCount]).toEqual([gbpIn.moneyIn, gbpIn.count]);
    expect([gbp.moneyOut, gbp.moneyOutCount]).toEqual([gbpOut.moneyOut, gbpOut.count]);
  });

  it('stay exact, and in order, for amounts beyond what an SQLite integer holds', () => {
    const huge = [
      line('TX-H1', '2026-10-06', '-92233720368547758.08'),
      line('TX-H2', '2026-10-07', '-92233720368547758.07'),
      line('TX-H3', '2026-10-08', '0.01'),
    ];
    const world = buildWorld(huge, []);
    const all = itemRows(
      world,
      huge.map((entry) => state('line', entry.bankTransactionId, entry.bookingDate)),
      [],
    );
    const result = query(all, { currencies: ['GBP'], sort: { column: 'amount', descending: false } });
    expect(result.page.map((row) => row.itemId)).toEqual(['TX-H1', 'TX-H2', 'TX-H3']);
    expect(result.totals).toEqual([
      expect.objectContaining({
        currency: 'GBP',
        moneyOut: { amount: '-184467440737095516.15', currency: 'GBP' },
        moneyIn: { amount: '0.01', currency: 'GBP' },
      }),
    ]);
    expect(query(all, { searchAmount: '92233720368547758.07' }).page.map((row) => row.itemId)).toEqual([
      'TX-H2',
    ]);
  });
});

describe('the ways a query reads fewer rows', () => {
  // Every way, forced: totals from the reading's cells or from the rows; amount bounds through the
  // amount index or not; the page among the positions the totals read or by reading the rows again.
  const NAIVE: KeptQueryLimits = { hitsUpTo: 0, indexedUpTo: -1 };
  const INDEXED_ONLY: KeptQueryLimits = { hitsUpTo: 0, indexedUpTo: Number.MAX_SAFE_INTEGER };
  const ALWAYS: KeptQueryLimits = { hitsUpTo: Number.MAX_SAFE_INTEGER, indexedUpTo: Number.MAX_SAFE_INTEGER };
  const WORDS = ['alpha', 'beta', 'gamma', 'ref-1', 'ref-2'];
  const FLOATS = ['main', 'euro'];

  it('keep no cells past 2,000 of them (hundreds of floats): the rows answer instead', () => {
    const row = (float: number) => ({
      currency: 'GBP',
      state: 'awaiting_payment',
      ageing: null,
      float: `F${float}`,
      out: false,
      outOfScope: false,
      scaled: 1n,
    });
    expect(cellsOf(Array.from({ length: 2000 }, (_, index) => row(index)))).toHaveLength(2000);
    expect(cellsOf(Array.from({ length: 2001 }, (_, index) => row(index)))).toBeNull();
    // A float whose name holds the separators is a cell of its own.
    expect(cellsOf([row(1), { ...row(1), float: 'F1\u0000' }, { ...row(1), float: null }])).toHaveLength(3);
  });

  it('seek the amount index once per range of amounts (money in and money out apart)', () => {
    const { sql, params } = positionsInOrderRanges(1, [
      ['10001', '10009'],
      ['09990', '09998'],
    ]);
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map(
      (step) => step.detail,
    );
    const reads = plan.filter((step) => /recon_item_rows/.test(step));
    expect(reads).toHaveLength(2);
    for (const read of reads)
      expect(read).toMatch(/recon_item_rows_amount \(workspace_id=\? AND order_key>\? AND order_key<\?\)/);
  });

  it('answer every query exactly as reading every row does (property)', () => {
    const rowArb = fc.record({
      scaled: fc.oneof(fc.bigInt({ min: -(10n ** 7n), max: 10n ** 7n }), fc.constantFrom(0n, 1000n, -1000n)),
      currency: fc.constantFrom('EUR', 'GBP', 'JPY'),
      state: fc.constantFrom(...RECON_STATES),
      ageing: fc.option(fc.constantFrom(...AGEING_BUCKETS)),
      float: fc.option(fc.constantFrom(...FLOATS)),
      words: fc.subarray(WORDS),
      outOfScope: fc.boolean(),
      label: fc.constantFrom('x', 'y'),
    });
    // Up to three conditions at once (more keep nothing), any order, any page.
    const conditionsArb = fc.record({
      search: fc.constantFrom('alpha', 'ref', 'ref-2 beta', 'zeta', 'A'),
      searchAmount: fc.constantFrom('1', '1000', '10.5', '0'),
      states: fc.subarray([...RECON_STATES], { minLength: 1 }),
      ageing: fc.constantFrom(...AGEING_BUCKETS),
      currencies: fc.subarray(['EUR', 'GBP', 'JPY', 'CHF'], { minLength: 1 }),
      floats: fc.subarray(FLOATS, { minLength: 1 }),
      direction: fc.constantFrom('in' as const, 'out' as const),
      amountMin: fc.constantFrom('0', '1', '999.5', '1000', '50000'),
      amountMax: fc.constantFrom('0', '1000', '1000.01', '20000', '-1'),
    });
    type Conditions = typeof conditionsArb extends fc.Arbitrary<infer T> ? T : never;
    const pageArb = fc.record(
      {
        sort: fc.record({ column: fc.constantFrom(...ITEM_SORT_COLUMNS), descending: fc.boolean() }),
        offset: fc.integer({ min: 0, max: 30 }),
        limit: fc.integer({ min: 1, max: 20 }),
      },
      { requiredKeys: [] },
    );
    const queryArb = fc
      .tuple(
        conditionsArb,
        fc.subarray(
          [
            'search',
            'searchAmount',
            'states',
            'ageing',
            'currencies',
            'floats',
            'direction',
            'amountMin',
            'amountMax',
          ] as Array<keyof Conditions>,
          { maxLength: 3 },
        ),
        pageArb,
      )
      .map(([conditions, names, page]) => ({
        ...Object.fromEntries(names.map((name) => [name, conditions[name]])),
        ...page,
      }));
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 60, size: 'max' }), queryArb, (partial, input) => {
        const rows = partial.map((row, index): ItemRow => ({
          ...(ROWS.rows[0] as ItemRow),
          index,
          id: `I${index}`,
          kind: row.scaled < 0n ? 'line' : 'request',
          scaled: row.scaled,
          out: row.scaled < 0n,
          currency: row.currency,
          state: row.state,
          ageing: row.ageing,
          float: row.float,
          label: row.label,
          haystack: row.words.join(' '),
          matchGroup: 0,
          matchRank: 0,
          matchText: '',
        }));
        const all: ItemRows = { rows, scale: 1, currencies: ['EUR', 'GBP', 'JPY'], floats: FLOATS };
        const scoped = new Set(partial.flatMap((row, index) => (row.outOfScope ? [index] : [])));
        const { repo, reading } = keep(all, (row) => scoped.has(row.index));
        const answer = (limits: KeptQueryLimits, cells: boolean) => {
          const result = queryKeptItems(
            repo,
            1,
            { ...reading, cells: cells ? reading.cells : null },
            input,
            limits,
          );
          return { ...result, page: result.page.map((row) => row.itemId) };
        };
        const naive = answer(NAIVE, false);
        expect(answer(ALWAYS, false)).toEqual(naive);
        expect(answer(ALWAYS, true)).toEqual(naive);
        expect(answer(NAIVE, true)).toEqual(naive);
        expect(answer(INDEXED_ONLY, false)).toEqual(naive);
        expect(naive.total).toBe(naive.totals.reduce((count, sum) => count + sum.count, 0));
      }),
      runs(200),
    );
  });
});
