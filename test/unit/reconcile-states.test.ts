import { describe, expect, it } from 'vitest';
import { Coverage } from '../../src/main/core/recon/match/coverage';
import { dayNumber } from '../../src/main/core/recon/match/amounts';
import { preview } from '../../src/main/core/recon/match/preview';
import {
  ageingBucket,
  reconcileStates,
  stateCounts,
  type StateInput,
} from '../../src/main/core/recon/match/states';
import type { BankLine, Match, MatchRequest } from '../../src/main/core/recon/match/types';
import { bankLine as line, transferRequest as request } from '../helpers/match-fixture';

const AS_OF = '2024-06-01';
const MAY = [{ from: '2024-04-01', to: '2024-05-31', currency: null }];

function match(lineIds: string[], requestReferences: string[]): Match {
  return {
    rule: 'exact_reference',
    lineIds,
    requestReferences,
    score: 1,
    evidence: {
      references: [],
      currency: 'EUR',
      difference: '0.00',
      differenceApproved: null,
      daysApart: 0,
      tolerance: null,
    },
  };
}

function stateOf(
  requests: MatchRequest[],
  lines: BankLine[],
  matches: Match[],
  extra: Partial<StateInput> = {},
) {
  return reconcileStates({ requests, lines, matches, covered: MAY, asOf: AS_OF, ...extra });
}

describe('request states', () => {
  const paid = line('L1', '-100.00', '2024-05-02');
  it.each<[string, MatchRequest, BankLine | null, string]>([
    ['pending, no payment', request('R', '100.00', '2024-05-01'), null, 'awaiting_payment'],
    ['pending, paid', request('R', '100.00', '2024-05-01'), paid, 'paid_awaiting_approval'],
    [
      'a status FloatDesk does not know yet, paid',
      request('R', '100.00', '2024-05-01', { status: 'on_hold' }),
      paid,
      'paid_awaiting_approval',
    ],
    [
      'a status FloatDesk does not know yet, unpaid',
      request('R', '100.00', '2024-05-01', { status: 'on_hold' }),
      null,
      'awaiting_payment',
    ],
    [
      'approved, paid the approved amount',
      request('R', '100.00', '2024-05-01', { status: 'approved' }),
      paid,
      'matched',
    ],
    [
      'approved, paid another amount',
      request('R', '100.50', '2024-05-01', { status: 'approved' }),
      paid,
      'variance',
    ],
    [
      'approved_edited, even when paid the approved amount',
      request('R', '120.00', '2024-05-01', { status: 'approved_edited', approved: '100.00' }),
      paid,
      'variance',
    ],
    [
      'approved, unpaid, the statements cover its window',
      request('R', '100.00', '2024-05-01', { status: 'approved' }),
      null,
      'approved_unpaid',
    ],
    [
      'approved, unpaid, statements end before its window does',
      request('R', '100.00', '2024-05-25', { status: 'approved' }),
      null,
      'awaiting_payment',
    ],
    [
      'approved_edited, unpaid, covered',
      request('R', '100.00', '2024-05-01', { status: 'approved_edited', approved: '90.00' }),
      null,
      'approved_unpaid',
    ],
    [
      'cancelled after being paid',
      request('R', '100.00', '2024-05-01', { status: 'cancelled' }),
      paid,
      'refund_expected',
    ],
    [
      'removed after being paid',
      request('R', '100.00', '2024-05-01', { status: 'removed' }),
      paid,
      'refund_expected',
    ],
    [
      'cancelled, never paid (closed automatically)',
      request('R', '100.00', '2024-05-01', { status: 'cancelled' }),
      null,
      'resolved',
    ],
  ])('%s → %s', (_, req, payment, expected) => {
    const report = stateOf(
      [req],
      payment === null ? [] : [payment],
      payment === null ? [] : [match(['L1'], ['R'])],
    );
    expect(report.requests.map((r) => r.state)).toEqual([expected]);
  });

  it('a resolution by a person, and a lock, come first', () => {
    const requests = [request('A', '1.00', '2024-05-01'), request('B', '1.00', '2024-05-01')];
    const report = stateOf(requests, [], [], {
      resolutions: [{ kind: 'request', id: 'A', reasonCode: 'duplicate', note: 'raised twice' }],
      locks: { requestReferences: ['B'] },
    });
    expect(report.requests.map((r) => [r.id, r.state, r.resolution?.reasonCode ?? null])).toEqual([
      ['A', 'resolved', 'duplicate'],
      ['B', 'signed_off', null],
    ]);
  });

  it('the automatic closing of an unpaid cancelled request says so', () => {
    const report = stateOf([request('R', '1.00', '2024-05-01', { status: 'cancelled' })], [], []);
    expect(report.requests[0]).toMatchObject({
      state: 'resolved',
      automatic: 'closed_unpaid',
      ageDays: null,
    });
  });

  it('a split is balanced as a whole: bank total against the approved (or requested) amounts', () => {
    const requests = [
      request('A', '60.00', '2024-05-01', { status: 'approved' }),
      request('B', '40.00', '2024-05-01', { status: 'pending' }),
    ];
    const report = stateOf(requests, [line('L1', '-100.00', '2024-05-02')], [match(['L1'], ['A', 'B'])]);
    expect(report.requests.map((r) => r.state)).toEqual(['matched', 'paid_awaiting_approval']);
    expect(report.lines.map((l) => l.state)).toEqual(['matched']);
  });
});

describe('line states', () => {
  it.each<[string, BankLine, Match[], Partial<StateInput>, string]>([
    ['in a balanced match', line('L1', '-100.00', '2024-05-02'), [match(['L1'], ['R'])], {}, 'matched'],
    [
      'in a match that does not balance',
      line('L1', '-99.00', '2024-05-02'),
      [match(['L1'], ['R'])],
      {},
      'variance',
    ],
    ['in no match', line('L1', '-100.00', '2024-05-02'), [], {}, 'unmatched_bank_payment'],
    [
      'resolved',
      line('L1', '-100.00', '2024-05-02'),
      [],
      { resolutions: [{ kind: 'line', id: 'L1', reasonCode: 'fee', note: '' }] },
      'resolved',
    ],
    ['locked', line('L1', '-100.00', '2024-05-02'), [], { locks: { lineIds: ['L1'] } }, 'signed_off'],
    [
      'in a locked match',
      line('L1', '-100.00', '2024-05-02'),
      [match(['L1'], ['R'])],
      { locks: { matches: [match(['L1'], ['R'])] } },
      'signed_off',
    ],
  ])('%s → %s', (_, bank, matches, extra, expected) => {
    const report = stateOf(
      [request('R', '100.00', '2024-05-01', { status: 'approved' })],
      [bank],
      matches,
      extra,
    );
    expect(report.lines.map((l) => l.state)).toEqual([expected]);
  });

  it('credits are not payments: listed apart, without a state', () => {
    const report = stateOf([], [line('C1', '50.00', '2024-05-02'), line('Z', '-0.00', '2024-05-02')], []);
    expect(report.lines).toEqual([]);
    expect(report.ignoredLines).toEqual(['C1', 'Z']);
  });
});

describe('as of a date', () => {
  it('leaves out items dated later, and a match whose payment is booked later', () => {
    const requests = [request('R1', '10.00', '2024-05-30'), request('R2', '10.00', '2024-06-02')];
    const lines = [line('L1', '-10.00', '2024-06-03')];
    const report = stateOf(requests, lines, [match(['L1'], ['R1'])]);
    expect(report.requests.map((r) => [r.id, r.state])).toEqual([['R1', 'awaiting_payment']]);
    expect(report.lines).toEqual([]);
  });
});

describe('ageing', () => {
  it.each([
    [0, '0-2'],
    [2, '0-2'],
    [3, '3-7'],
    [7, '3-7'],
    [8, '8-30'],
    [30, '8-30'],
    [31, 'over-30'],
    [400, 'over-30'],
  ])('%i days → %s', (days, bucket) => {
    expect(ageingBucket(days)).toBe(bucket);
  });

  it('every open item has an age from its date to the as-of date; closed items have none', () => {
    const requests = [
      request('OPEN1', '1.00', '2024-05-31'), // 1 day
      request('OPEN2', '2.00', '2024-05-25'), // 7 days
      request('OPEN3', '3.00', '2024-04-15'), // 47 days
      request('DONE', '4.00', '2024-04-15', { status: 'approved' }),
    ];
    const lines = [line('L1', '-4.00', '2024-04-16'), line('L2', '-9.00', '2024-05-12')];
    const report = stateOf(requests, lines, [match(['L1'], ['DONE'])]);
    expect(report.requests.map((r) => [r.id, r.ageDays, r.ageing])).toEqual([
      ['OPEN1', 1, '0-2'],
      ['OPEN2', 7, '3-7'],
      ['OPEN3', 47, 'over-30'],
      ['DONE', null, null],
    ]);
    expect(report.lines.map((l) => [l.id, l.state, l.ageDays, l.ageing])).toEqual([
      ['L1', 'matched', null, null],
      ['L2', 'unmatched_bank_payment', 20, '8-30'],
    ]);
    expect(report.ageing.awaiting_payment).toEqual({ '0-2': 1, '3-7': 1, '8-30': 0, 'over-30': 1 });
    expect(report.ageing.unmatched_bank_payment).toEqual({ '0-2': 0, '3-7': 0, '8-30': 1, 'over-30': 0 });
    expect(report.ageing.matched).toEqual({ '0-2': 0, '3-7': 0, '8-30': 0, 'over-30': 0 });
  });
});

describe('counts in the CLI shape', () => {
  it('exactly the nine states, requests except unmatched_bank_payment (lines), from a real preview', () => {
    const requests = [
      request('RF18539007547034', '100.00', '2024-05-01', { status: 'approved' }),
      request('R2', '50.00', '2024-05-01'),
      request('R3', '70.00', '2024-05-01', { status: 'approved' }),
    ];
    const lines = [
      line('L1', '-100.00', '2024-05-02', { reference: 'RF18 5390 0754 7034' }),
      line('L2', '-12.34', '2024-05-02'),
      line('L3', '-56.78', '2024-05-03'),
    ];
    const result = preview(lines, requests);
    const report = reconcileStates({ requests, lines, matches: result.matches, covered: MAY, asOf: AS_OF });
    const counts = stateCounts(report);
    expect(Object.keys(counts)).toEqual(['states']);
    expect(counts).toEqual({
      states: {
        awaiting_payment: 1,
        paid_awaiting_approval: 0,
        matched: 1,
        variance: 0,
        approved_unpaid: 1,
        refund_expected: 0,
        unmatched_bank_payment: 2,
        resolved: 0,
        signed_off: 0,
      },
    });
    expect(Object.keys(counts.states)).toEqual([
      'awaiting_payment',
      'paid_awaiting_approval',
      'matched',
      'variance',
      'approved_unpaid',
      'refund_expected',
      'unmatched_bank_payment',
      'resolved',
      'signed_off',
    ]);
  });
});

describe('coverage of statements', () => {
  const coverage = new Coverage([
    { from: '2024-01-01', to: '2024-01-31', currency: 'EUR' },
    { from: '2024-02-01', to: '2024-02-10', currency: 'EUR' },
    { from: '2024-03-01', to: '2024-03-31', currency: null },
  ]);
  const d = dayNumber;
  it.each([
    ['EUR', '2024-01-05', '2024-02-10', true], // adjacent ranges join
    ['EUR', '2024-01-05', '2024-02-11', false],
    ['GBP', '2024-01-05', '2024-01-06', false],
    ['GBP', '2024-03-05', '2024-03-06', true], // a range for every currency
    ['EUR', '2024-02-09', '2024-03-02', false], // a gap in between
  ])('%s %s..%s covered: %s', (currency, from, to, covered) => {
    expect(coverage.covers(currency, d(from), d(to))).toBe(covered);
  });
});
