/**
 * The search, filters, order and totals of the open items (item-rows.ts, item-query.ts,
 * item-totals.ts): text in the references and bank text, an amount of that size either sign,
 * currency, float, direction and size range, a stable order on every column by exact keys, and
 * exact totals per currency.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredBankLine } from '../../src/main/core/ledger/repositories/bank-statements';
import type { ReconRequestRow } from '../../src/main/core/ledger/repositories/recon-inputs';
import { queryRows, sortRows, type ItemQuery } from '../../src/main/core/reconcile/item-query';
import { itemRows, type ItemRow } from '../../src/main/core/reconcile/item-rows';
import { itemTotals } from '../../src/main/core/reconcile/item-totals';
import type { ItemState } from '../../src/main/core/reconcile/match/states';
import type { MatchView } from '../../src/main/core/reconcile/report';
import { buildWorld, type ReconWorld } from '../../src/main/core/reconcile/world';
import { ITEM_SORT_COLUMNS } from '../../src/shared/ipc/contract-reconcile';

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

const ids = (query: ItemQuery): string[] => queryRows(ROWS, query).map((row) => row.id);

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
          const sorted = sortRows([...rows], { column, descending });
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
    const rows = queryRows(ROWS, {});
    expect(itemTotals(rows, ROWS.scale)).toEqual([
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
    expect(itemTotals(queryRows(ROWS, { currencies: ['GBP'], direction: 'in' }), ROWS.scale)).toEqual([
      expect.objectContaining({ currency: 'GBP', count: 2, net: { amount: '26000.00', currency: 'GBP' } }),
    ]);
    expect(itemTotals([], ROWS.scale)).toEqual([]);
  });
});
