/**
 * The pure rules of period close: which items a sign-off locks, drift comparison (exact amounts),
 * and the one rule that says whether a suggestion's option can be confirmed (shared by
 * recon:match.confirm and recon:suggestions).
 */
import { describe, expect, it, vi } from 'vitest';
import type { FormatPreferences } from '../../src/shared/domain/formats';
import type { StoredBankLine } from '../../src/main/core/ledger/repositories/bank-line-reads';
import type { ReconRequestRow } from '../../src/main/core/ledger/repositories/recon-inputs';
import type { DecisionState, MatchPayload } from '../../src/main/core/recon/decision-state';
import { optionRefusal, matchedRows } from '../../src/main/core/recon/option-rule';
import { approvedText } from '../../src/main/core/ledger/repositories/recon-signoffs';
import type { ReconState } from '../../src/main/core/recon/match/states';
import { differences, nextDrift, sameAmount } from '../../src/main/core/recon/signoff/drift-rule';
import { indexLocks, NO_LOCKS } from '../../src/main/core/recon/signoff/locks';
import {
  selectLocks,
  settledDecisions,
  withSelection,
  type RowStates,
} from '../../src/main/core/recon/signoff/select';
import { buildWorld } from '../../src/main/core/recon/world';

const line = (id: number, date: string, currency = 'GBP'): StoredBankLine => ({
  id,
  statementId: 1,
  accountKey: 'GB29',
  overPrecise: false,
  bankTransactionId: `L${id}`,
  bookingDate: date,
  valueDate: null,
  amount: '-100.00',
  currency,
  reference: null,
  remittance: null,
  counterpartyName: null,
  counterpartyAccount: null,
  sourceLine: id,
});

const request = (rowId: number, date: string, currency = 'GBP'): ReconRequestRow => ({
  rowId,
  paymentReference: `RF${rowId}`,
  createdAt: `${date}T23:30:00-05:00`, // the date as the platform wrote it counts, not the UTC one
  createdUtc: `${date}T04:30:00.000Z`,
  float: 'main',
  currency,
  requested: { amount: '100.00', currency },
  approved: { amount: '100.00', currency },
  status: 'approved',
});

const match = (decisionId: number, lines: number[], requests: number[]) => ({
  decisionId,
  kind: 'manual' as const,
  payload: { lines, requests } as unknown as MatchPayload,
});

const world = buildWorld(
  [
    line(1, '2026-10-30'),
    line(2, '2026-11-01'),
    line(3, '2026-10-05'),
    line(4, '2026-10-06', 'EUR'),
    line(5, '2026-11-01'),
  ],
  [
    request(11, '2026-10-29'),
    request(12, '2026-10-31'),
    request(13, '2026-11-02'),
    request(14, '2026-10-05'),
  ],
);

const state = (): DecisionState => ({
  matches: [match(1, [1], [11]), match(2, [2], [12]), match(3, [3], [13])],
  resolutions: [
    { decisionId: 4, payload: { kind: 'request', id: 'RF14', row: 14, reasonCode: 'other', note: '' } },
    { decisionId: 5, payload: { kind: 'line', id: 'L5', row: 5, reasonCode: 'bank_fee', note: '' } },
  ],
  declined: new Set(),
  settledKeys: new Set(),
});

/** Every item as its decision settles it (matched or resolved), but for the states given. */
const states = (
  changed: { lines?: Record<number, ReconState>; requests?: Record<number, ReconState> } = {},
): RowStates => ({
  lines: new Map<number, ReconState>([
    [1, 'matched'],
    [2, 'matched'],
    [3, 'matched'],
    [5, 'resolved'],
    ...Object.entries(changed.lines ?? {}).map(([row, s]) => [Number(row), s] as [number, ReconState]),
  ]),
  requests: new Map<number, ReconState>([
    [11, 'matched'],
    [12, 'matched'],
    [13, 'matched'],
    [14, 'resolved'],
    ...Object.entries(changed.requests ?? {}).map(([row, s]) => [Number(row), s] as [number, ReconState]),
  ]),
});

describe('what a sign-off locks', () => {
  it('matches whose lines and requests are all dated on or before the date, and resolutions of items dated by then', () => {
    const selection = selectLocks(settledDecisions(world, state()), NO_LOCKS, '2026-10-31', states());
    expect(selection.items).toEqual([
      { decisionId: 1, kind: 'line', row: 1 },
      { decisionId: 1, kind: 'request', row: 11 },
      { decisionId: 4, kind: 'request', row: 14 },
    ]);
    expect(selection).toMatchObject({ lockedLines: 1, lockedRequests: 2 });
    // A day later the match with the line of 1 November and its resolution are in too; the match
    // with a request of 2 November is not.
    const later = selectLocks(settledDecisions(world, state()), NO_LOCKS, '2026-11-01', states());
    expect(later.items.map((item) => item.decisionId)).toEqual([1, 1, 2, 2, 4, 5]);
    expect(later).toMatchObject({ lockedLines: 3, lockedRequests: 3 });
  });

  it('locks a match only when every item is matched and a resolution only when its item is resolved', () => {
    const open = states({
      requests: { 11: 'variance', 12: 'refund_expected', 14: 'paid_awaiting_approval' },
      lines: { 5: 'matched' },
    });
    // Open items (variance, refund_expected, paid_awaiting_approval, ...) carry forward unlocked;
    // so does the other side of their match.
    expect(selectLocks(settledDecisions(world, state()), NO_LOCKS, '2026-11-01', open).items).toEqual([]);
    const lineOpen = states({ lines: { 1: 'variance' }, requests: { 12: 'paid_awaiting_approval' } });
    expect(
      selectLocks(settledDecisions(world, state()), NO_LOCKS, '2026-11-01', lineOpen).items.map(
        (item) => item.decisionId,
      ),
    ).toEqual([4, 5]);
    // An item missing from the states (not in the report as of the date) is not locked either.
    const none: RowStates = { lines: new Map(), requests: new Map() };
    expect(selectLocks(settledDecisions(world, state()), NO_LOCKS, '2026-11-01', none).items).toEqual([]);
  });

  it('leaves out what another sign-off in force already locks', () => {
    const first = selectLocks(settledDecisions(world, state()), NO_LOCKS, '2026-10-31', states());
    const locked = withSelection(NO_LOCKS, first, { signOffId: 1, asOf: '2026-10-31' });
    expect(locked.decisions.get(1)).toEqual({ signOffId: 1, asOf: '2026-10-31' });
    expect(selectLocks(settledDecisions(world, state()), locked, '2026-10-31', states()).items).toEqual([]);
    const second = selectLocks(settledDecisions(world, state()), locked, '2026-11-01', states());
    expect(second.items.map((item) => item.decisionId)).toEqual([2, 2, 5]);
    expect(second).toMatchObject({ lockedLines: 2, lockedRequests: 1 });
  });

  it('indexes stored lock rows by line, request and decision, first sign-off first', () => {
    const index = indexLocks([
      { signOffId: 1, asOf: '2026-09-30', decisionId: 7, lineId: 3, requestId: null },
      { signOffId: 2, asOf: '2026-10-31', decisionId: 8, lineId: 3, requestId: null },
      { signOffId: 2, asOf: '2026-10-31', decisionId: 8, lineId: null, requestId: 5 },
    ]);
    expect(index.lines.get(3)).toEqual({ signOffId: 1, asOf: '2026-09-30' });
    expect(index.requests.get(5)).toEqual({ signOffId: 2, asOf: '2026-10-31' });
    expect([...index.decisions.keys()]).toEqual([7, 8]);
  });
});

describe('drift of a signed-off request', () => {
  const facts = (status: string, approvedText: string | null) => ({ status, approvedText });

  it('compares approved amounts exactly as numbers with their currency', () => {
    expect(differences(facts('approved', '2500.00 GBP'), facts('approved', '2500.0 GBP'))).toEqual([]);
    expect(differences(facts('approved', '2500.00 GBP'), facts('approved', '2500 GBP'))).toEqual([]);
    expect(differences(facts('approved', '0.1 GBP'), facts('approved', '0.10000000000000001 GBP'))).toEqual([
      { field: 'approved_amount', signedOff: '0.1 GBP', now: '0.10000000000000001 GBP' },
    ]);
    expect(differences(facts('approved', '2500.00 GBP'), facts('approved', '2500.00 EUR'))).toHaveLength(1);
    expect(differences(facts('pending', null), facts('pending', null))).toEqual([]);
  });

  it('counts an amount that does not parse as a difference (logged), never as equal by its text', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(sameAmount('abc GBP', 'abc GBP')).toBe(false);
      expect(sameAmount('2500.00', '2500.00')).toBe(false); // no currency
      expect(differences(facts('approved', '1e GBP'), facts('approved', '1e GBP'))).toHaveLength(1);
      expect(warn).toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('records the approved amount as canonical decimal text with its currency', () => {
    expect(approvedText({ amount: '2400', currency: 'EUR' })).toBe('2400.00 EUR');
    expect(approvedText({ amount: '2400.00', currency: 'EUR' })).toBe('2400.00 EUR');
    expect(approvedText({ amount: '1e3', currency: 'JPY' })).toBe('1000 JPY');
    expect(approvedText({ amount: '0.10000000000000001', currency: 'GBP' })).toBe('0.10000000000000001 GBP');
    expect(approvedText({ amount: '12.5', currency: 'XYZ' })).toBe('12.5 XYZ'); // unknown currency
    expect(approvedText({ amount: ' n/a ', currency: 'GBP' })).toBe('n/a GBP'); // kept; compared as different
    expect(approvedText(null)).toBeNull();
  });

  it('compares the live value with the last one recorded, and sees a change back to the signed-off value', () => {
    // No drift yet: the last value is the signed-off one.
    expect(nextDrift('status', 'approved', 'approved', 'approved')).toBeNull();
    expect(nextDrift('status', 'approved', 'approved', 'removed')).toEqual({ back: false });
    // Recorded "removed": still removed is nothing new; approved again is a change back.
    expect(nextDrift('status', 'approved', 'removed', 'removed')).toBeNull();
    expect(nextDrift('status', 'approved', 'removed', 'approved')).toEqual({ back: true });
    expect(nextDrift('approved_amount', '2400.00 EUR', '2400.00 EUR', '2400 EUR')).toBeNull();
    expect(nextDrift('approved_amount', '2400.00 EUR', '2400.00 EUR', null)).toEqual({ back: false });
    expect(nextDrift('approved_amount', '2400.00 EUR', null, '2400.0 EUR')).toEqual({ back: true });
    // The very same unparseable text again is not recorded again on every sync.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(nextDrift('approved_amount', '2400.00 EUR', 'n/a EUR', 'n/a EUR')).toBeNull();
      expect(nextDrift('approved_amount', '2400.00 EUR', '2400.00 EUR', 'n/a EUR')).toEqual({ back: false });
    } finally {
      warn.mockRestore();
    }
  });

  it('reports a status change and an amount that appeared or went, each as its own difference', () => {
    expect(differences(facts('pending', null), facts('approved_edited', '2400.00 GBP'))).toEqual([
      { field: 'status', signedOff: 'pending', now: 'approved_edited' },
      { field: 'approved_amount', signedOff: null, now: '2400.00 GBP' },
    ]);
    expect(differences(facts('approved', '2500.00 GBP'), facts('removed', null))).toEqual([
      { field: 'status', signedOff: 'approved', now: 'removed' },
      { field: 'approved_amount', signedOff: '2500.00 GBP', now: null },
    ]);
  });
});

describe('whether an option of a suggestion can be confirmed', () => {
  const ISO: FormatPreferences = { locale: 'en-GB', dateStyle: 'iso' };
  const none = matchedRows({ ...state(), matches: [] });

  it('refuses a payment in one currency for a request in another, in plain words', () => {
    const fx = buildWorld([line(1, '2026-10-14')], [request(2, '2026-10-14', 'EUR')]);
    const refusal = optionRefusal(fx, { lines: [1], requests: [2] }, none, NO_LOCKS, ISO);
    expect(refusal?.whyNot).toBe(
      'paid in GBP for a EUR request: resolve the request with the reason “Exchange-rate difference” instead',
    );
    expect(refusal?.error).toMatchObject({
      code: 'invalid_input',
      details: { issues: [{ field: 'option' }] },
    });
    expect(optionRefusal(fx, { lines: [1], requests: [] }, none, NO_LOCKS, ISO)).toBeNull();
  });

  it('refuses an item already matched or signed off, and one no longer in the ledger', () => {
    const matched = matchedRows(state());
    expect(optionRefusal(world, { lines: [1], requests: [12] }, matched, NO_LOCKS, ISO)?.whyNot).toBe(
      'bank line L1 is already matched (decision 1); undo that decision first',
    );
    const locks = indexLocks([
      { signOffId: 3, asOf: '2026-10-31', decisionId: 1, lineId: null, requestId: 11 },
    ]);
    const locked = optionRefusal(world, { lines: [3], requests: [11] }, none, locks, ISO);
    expect(locked?.error).toMatchObject({ code: 'locked' });
    expect(locked?.whyNot).toBe(
      'RF11 is signed off (as of 2026-10-31, sign-off 3): unlock that sign-off first',
    );
    expect(optionRefusal(world, { lines: [99], requests: [11] }, none, NO_LOCKS, ISO)?.error).toMatchObject({
      code: 'not_found',
    });
    expect(optionRefusal(world, { lines: [3], requests: [14] }, none, NO_LOCKS, ISO)).toBeNull();
  });
});
