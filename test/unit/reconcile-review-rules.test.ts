/**
 * The pure rules of the reconciliation service: suggestion keys, ids on a clash, and the warnings
 * of a match by hand (exact tolerance, both directions of the date window).
 */
import { describe, expect, it } from 'vitest';
import type { FormatPreferences } from '../../src/shared/domain/formats';
import type { StoredBankLine } from '../../src/main/core/ledger/repositories/bank-line-reads';
import type { ReconRequestRow } from '../../src/main/core/ledger/repositories/recon-inputs';
import { matchTotals } from '../../src/main/core/recon/explain';
import { manualMatchWarnings } from '../../src/main/core/recon/manual-check';
import { matchSignature, suggestionKey } from '../../src/main/core/recon/suggestion-key';
import { buildWorld } from '../../src/main/core/recon/world';

let nextRow = 1;
function line(id: string, date: string, amount: string, currency = 'GBP', account = 'GB29'): StoredBankLine {
  return {
    id: nextRow++,
    statementId: 1,
    accountKey: account,
    overPrecise: false,
    bankTransactionId: id,
    bookingDate: date,
    valueDate: null,
    amount,
    currency,
    reference: null,
    remittance: null,
    counterpartyName: null,
    counterpartyAccount: null,
    sourceLine: 1,
  };
}

function request(
  reference: string,
  date: string,
  amount: string,
  currency = 'GBP',
  approved: string | null = null,
): ReconRequestRow {
  return {
    rowId: nextRow++,
    paymentReference: reference,
    createdAt: `${date}T10:00:00+01:00`,
    createdUtc: `${date}T09:00:00.000Z`,
    float: 'main',
    currency,
    requested: { amount, currency },
    approved: approved === null ? null : { amount: approved, currency },
    status: approved === null ? 'pending' : 'approved',
  };
}

describe('suggestion keys', () => {
  it('name the set of options: the same whatever their order, different for another set', () => {
    const a = { lines: [3], requests: [7] };
    const b = { lines: [3], requests: [9] };
    expect(matchSignature({ lines: [4, 2], requests: [9, 1] })).toBe('L2,4|R1,9');
    expect(suggestionKey([a, b])).toBe(suggestionKey([b, a]));
    expect(suggestionKey([a, b])).toMatch(/^[0-9a-f]{24}$/);
    expect(suggestionKey([a, b])).not.toBe(suggestionKey([a]));
  });
});

describe('item ids', () => {
  it('are the bank id and the payment reference, qualified only where two rows would share one', () => {
    const world = buildWorld(
      [
        line('B1', '2026-10-01', '-1.00', 'GBP', 'GB29'),
        line('B1', '2026-10-01', '-1.00', 'GBP', 'DE89'),
        line('B2', '2026-10-01', '-1.00'),
      ],
      [
        request('REF1', '2026-10-01', '1.00'),
        request('REF1', '2026-10-02', '1.00'),
        request('REF2', '2026-10-01', '1.00'),
      ],
    );
    expect(world.lines.map((l) => l.key)).toEqual(['B1@GB29', 'B1@DE89', 'B2']);
    expect(world.requests.map((r) => r.key)).toEqual([
      'REF1@2026-10-01T09:00:00.000Z',
      'REF1@2026-10-02T09:00:00.000Z',
      'REF2',
    ]);
  });
});

describe('warnings of a match by hand', () => {
  const EN_GB_ISO: FormatPreferences = { locale: 'en-GB', dateStyle: 'iso' };
  function warnings(
    lines: StoredBankLine[],
    requests: ReconRequestRow[],
    format: FormatPreferences = EN_GB_ISO,
  ): string[] {
    const world = buildWorld(lines, requests);
    const totals = matchTotals(
      world,
      world.lines.map((l) => l.key),
      world.requests.map((r) => r.key),
    );
    if (totals === null) throw new Error('mixed currencies');
    return manualMatchWarnings(totals, world.lines, world.requests, {}, format);
  }

  it('none within the tolerance (the smaller of 5 units and 0.5 %) and the window (−2 … +10 days)', () => {
    expect(warnings([line('B', '2026-10-11', '-1004.95')], [request('R', '2026-10-01', '1000.00')])).toEqual(
      [],
    );
    expect(warnings([line('B', '2026-09-29', '-100.50')], [request('R', '2026-10-01', '100.00')])).toEqual(
      [],
    );
  });

  it('the amount just outside, exactly: 0.5 % of 100.51 is 0.50 (floored), the gap 0.51', () => {
    expect(warnings([line('B', '2026-10-01', '-100.51')], [request('R', '2026-10-01', '100.00')])).toEqual([
      'The amount paid (£100.51) differs from the amount requested £100.00 by £0.51, more than the tolerance of £0.50.',
    ]);
  });

  it('compares with the approved amount when it is closer', () => {
    expect(
      warnings(
        [line('B', '2026-10-01', '-993.00')],
        [request('R', '2026-10-01', '1000.00', 'GBP', '995.00')],
      ),
    ).toEqual([]);
    expect(
      warnings(
        [line('B', '2026-10-01', '-900.00')],
        [request('R', '2026-10-01', '1000.00', 'GBP', '950.00')],
      ),
    ).toEqual([
      'The amount paid (£900.00) differs from the amount approved £950.00 by £50.00, more than the tolerance of £4.50.',
    ]);
  });

  it('uses the currency own tolerance (JPY: 800 yen) and sums split parts', () => {
    expect(
      warnings(
        [line('B1', '2026-10-01', '-60000', 'JPY'), line('B2', '2026-10-02', '-40000', 'JPY')],
        [request('R', '2026-10-01', '100500', 'JPY')],
      ),
    ).toEqual([]);
    expect(
      warnings([line('B', '2026-10-01', '-200000', 'JPY')], [request('R', '2026-10-01', '201000', 'JPY')]),
    ).toEqual([
      'The amount paid (JP¥200,000) differs from the amount requested JP¥201,000 by JP¥1,000, more than the tolerance of JP¥800.',
    ]);
  });

  it('names each booking outside the window, before or after the request', () => {
    expect(warnings([line('B', '2026-10-12', '-10.00')], [request('R', '2026-10-01', '10.00')])).toEqual([
      'Bank line B was booked on 2026-10-12, 11 days after request R of 2026-10-01: outside the window of 2 day(s) before to 10 day(s) after.',
    ]);
    expect(warnings([line('B', '2026-09-28', '-10.00')], [request('R', '2026-10-01', '10.00')])).toEqual([
      'Bank line B was booked on 2026-09-28, 3 days before request R of 2026-10-01: outside the window of 2 day(s) before to 10 day(s) after.',
    ]);
  });

  it('writes amounts and dates in the format given (de-DE, the locale style; en-US)', () => {
    const de: FormatPreferences = { locale: 'de-DE', dateStyle: 'locale' };
    expect(
      warnings([line('B', '2026-10-12', '-12345.67')], [request('R', '2026-10-01', '12000.00')], de),
    ).toEqual([
      'The amount paid (12.345,67\u00a0£) differs from the amount requested 12.000,00\u00a0£ by 345,67\u00a0£, more than the tolerance of 5,00\u00a0£.',
      'Bank line B was booked on 12.10.2026, 11 days after request R of 01.10.2026: outside the window of 2 day(s) before to 10 day(s) after.',
    ]);
    const us: FormatPreferences = { locale: 'en-US', dateStyle: 'locale' };
    expect(warnings([line('B', '2026-10-12', '-10.00')], [request('R', '2026-10-01', '10.00')], us)).toEqual([
      'Bank line B was booked on Oct 12, 2026, 11 days after request R of Oct 1, 2026: outside the window of 2 day(s) before to 10 day(s) after.',
    ]);
  });
});
