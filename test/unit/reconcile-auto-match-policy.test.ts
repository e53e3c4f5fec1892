/**
 * The auto-match policy (Settings → Reconciliation): the pure rules, and the engine's proposals
 * through planRun — the two automatic matches the issue saw (a payment quoting another request's
 * reference, matched at 0.9 to a request for a fifth of it; payments with no reference matched on
 * amount and date) become suggestions for a person.
 */
import { describe, expect, it } from 'vitest';
import type { FormatPreferences } from '../../src/shared/domain/formats';
import type { StoredBankLine } from '../../src/main/core/ledger/repositories/bank-line-reads';
import type { ReconRequestRow } from '../../src/main/core/ledger/repositories/recon-inputs';
import type { DecisionState } from '../../src/main/core/recon/decision-state';
import { planRun } from '../../src/main/core/recon/plan';
import {
  autoMatchVerdict as verdictIn,
  beforeStart,
  DEFAULT_POLICY,
  type AutoMatchPolicy,
  type MatchAmounts,
} from '../../src/main/core/recon/policy/auto-match-policy';
import { optionsWithPolicy } from '../../src/main/core/recon/policy/recon-settings';
import { buildWorld } from '../../src/main/core/recon/world';
import { bankLine, transferRequest } from '../helpers/match-fixture';

const gbp = (paid: string, expected: string, allApproved = true): MatchAmounts => ({
  currency: 'GBP',
  paid,
  expected,
  allApproved,
});
const policy = (changes: Partial<AutoMatchPolicy> = {}): AutoMatchPolicy => ({
  ...DEFAULT_POLICY,
  ...changes,
});
const allRules = { exactReference: true, fuzzyReference: true, splitSum: true };
const EN_GB: FormatPreferences = { locale: 'en-GB', dateStyle: 'iso' };
const autoMatchVerdict = (
  rule: Parameters<typeof verdictIn>[0],
  amounts: MatchAmounts,
  rules: AutoMatchPolicy,
  outOfScope = false,
) => verdictIn(rule, amounts, rules, EN_GB, outOfScope);

describe('autoMatchVerdict', () => {
  it('never matches amount and date without a person, even when everything else allows it', () => {
    const verdict = autoMatchVerdict('amount_date', gbp('300.00', '300.00'), policy({ automatic: allRules }));
    expect(verdict).toEqual({
      automatic: false,
      why: expect.stringMatching(/never matched without a person/),
    });
  });

  it('matches an exact reference automatically when the amount agrees to the unit (tolerance 0 by default)', () => {
    expect(autoMatchVerdict('exact_reference', gbp('2500.00', '2500.00'), DEFAULT_POLICY)).toEqual({
      automatic: true,
    });
    expect(autoMatchVerdict('exact_reference', gbp('2500.01', '2500.00'), DEFAULT_POLICY)).toEqual({
      automatic: false,
      why: 'The bank paid £2,500.01 against £2,500.00 approved: £0.01 apart, more than the tolerance of £0.00.',
    });
  });

  it('takes the tolerance of the currency, inclusive, and 0 for a currency without one', () => {
    const withTolerance = policy({ tolerances: { GBP: '0.50' } });
    expect(autoMatchVerdict('fuzzy_reference', gbp('1000.50', '1000.00'), withTolerance).automatic).toBe(
      true,
    );
    expect(autoMatchVerdict('fuzzy_reference', gbp('999.50', '1000.00'), withTolerance).automatic).toBe(true);
    expect(autoMatchVerdict('fuzzy_reference', gbp('1000.51', '1000.00'), withTolerance).automatic).toBe(
      false,
    );
    const euro: MatchAmounts = { currency: 'EUR', paid: '1000.50', expected: '1000.00', allApproved: false };
    expect(autoMatchVerdict('fuzzy_reference', euro, withTolerance)).toEqual({
      automatic: false,
      why: 'The bank paid €1,000.50 against €1,000.00 requested: €0.50 apart, more than the tolerance of €0.00.',
    });
  });

  it('compares exactly, over-precise amounts included, and in currencies without decimals', () => {
    const yen = policy({ tolerances: { JPY: '100' } });
    const amounts = (paid: string): MatchAmounts => ({
      currency: 'JPY',
      paid,
      expected: '50000',
      allApproved: true,
    });
    expect(autoMatchVerdict('exact_reference', amounts('50100'), yen).automatic).toBe(true);
    expect(autoMatchVerdict('exact_reference', amounts('50101'), yen).automatic).toBe(false);
    expect(autoMatchVerdict('exact_reference', gbp('100.001', '100.00'), DEFAULT_POLICY).automatic).toBe(
      false,
    );
  });

  it('leaves a rule the settings do not allow to a person, saying so', () => {
    const noExact = policy({ automatic: { ...DEFAULT_POLICY.automatic, exactReference: false } });
    expect(autoMatchVerdict('exact_reference', gbp('10.00', '10.00'), noExact)).toEqual({
      automatic: false,
      why: 'Settings → Reconciliation leave matches by "exact payment reference" to a person.',
    });
    // Splits by sum alone are suggestions by default, automatic when allowed.
    expect(autoMatchVerdict('split_sum', gbp('10.00', '10.00'), DEFAULT_POLICY).automatic).toBe(false);
    expect(
      autoMatchVerdict('split_sum', gbp('10.00', '10.00'), policy({ automatic: allRules })).automatic,
    ).toBe(true);
  });

  it('never matches across currencies, nor an item before the start date', () => {
    const mixed: MatchAmounts = { currency: null, paid: '0', expected: '0', allApproved: false };
    expect(autoMatchVerdict('exact_reference', mixed, DEFAULT_POLICY).automatic).toBe(false);
    expect(autoMatchVerdict('exact_reference', gbp('1.00', '1.00'), DEFAULT_POLICY, true)).toEqual({
      automatic: false,
      why: 'An item of it is dated before the reconciliation start date.',
    });
  });

  it('reads the start date on the date as written', () => {
    const start = { startDate: '2026-10-01' };
    expect(beforeStart('2026-09-30', start)).toBe(true);
    expect(beforeStart('2026-09-30T23:30:00-02:00', start)).toBe(true);
    expect(beforeStart('2026-10-01', start)).toBe(false);
    expect(beforeStart('2025-01-01', { startDate: null })).toBe(false);
  });
});

describe('optionsWithPolicy', () => {
  it('gives the engine the policy tolerance per currency and 0 elsewhere, keeping the other thresholds', () => {
    const options = optionsWithPolicy(
      { window: { daysBefore: 1, daysAfter: 3 } },
      policy({ tolerances: { GBP: '2.50' } }),
    );
    expect(options).toEqual({
      window: { daysBefore: 1, daysAfter: 3 },
      tolerance: {
        default: { absolute: '0', percent: '100' },
        byCurrency: { GBP: { absolute: '2.50', percent: '100' } },
      },
    });
  });
});

/** A ledger-shaped world of GBP lines and requests (row ids from 1). */
function world(lines: ReturnType<typeof bankLine>[], requests: ReturnType<typeof transferRequest>[]) {
  const stored: StoredBankLine[] = lines.map((line, index) => ({
    ...line,
    currency: 'GBP',
    id: index + 1,
    statementId: 1,
    accountKey: 'A',
    overPrecise: false,
  }));
  const rows: ReconRequestRow[] = requests.map((request, index) => ({
    ...request,
    rowId: index + 1,
    createdUtc: request.createdAt,
  }));
  return buildWorld(stored, rows);
}

const nothingDecided = (): DecisionState => ({
  matches: [],
  resolutions: [],
  declined: new Set(),
  settledKeys: new Set(),
});
const gbpRequest = (reference: string, amount: string, date: string, status = 'approved') =>
  transferRequest(reference, amount, date, { currency: 'GBP', status });

function plan(items: ReturnType<typeof world>, rules: AutoMatchPolicy = DEFAULT_POLICY) {
  return planRun(items, nothingDecided(), optionsWithPolicy({}, rules), {}, rules, EN_GB);
}

describe('planRun with the policy', () => {
  it('a payment quoting the reference of a request for a fifth of its amount is a suggestion, not a match at 0.9', () => {
    const items = world(
      [bankLine('L1', '-5000.00', '2026-10-02', { reference: 'FDK7Q2M9X1' })],
      [gbpRequest('FDK7Q2M9X1', '1000.00', '2026-10-01')],
    );
    const result = plan(items);
    // What the engine proposes on its own (what used to be stored).
    expect(result.engine.matches).toEqual([expect.objectContaining({ rule: 'exact_reference', score: 0.9 })]);
    expect(result.matches).toEqual([]);
    expect(result.suggestions).toHaveLength(1);
    expect(result.suggestions[0]).toMatchObject({ rule: 'exact_reference', reason: 'weak_evidence' });
    expect(result.suggestions[0]!.options[0]!.match.explanation).toMatch(
      /Not matched automatically\. The bank paid £5,000\.00 against £1,000\.00 approved: £4,000\.00 apart/,
    );
  });

  it('payments with no reference are never matched on amount and date: each is a suggestion', () => {
    const items = world(
      [bankLine('L1', '-300.00', '2026-10-05'), bankLine('L2', '-720.00', '2026-10-06')],
      [gbpRequest('FDB2V6J4L9', '300.00', '2026-10-05'), gbpRequest('FDH4S9K2P7', '720.00', '2026-10-05')],
    );
    const result = plan(items, policy({ automatic: allRules, tolerances: { GBP: '5.00' } }));
    expect(result.engine.matches.map((match) => match.rule)).toEqual(['amount_date', 'amount_date']);
    expect(result.matches).toEqual([]);
    expect(result.suggestions.map((s) => [s.rule, s.options.map((o) => o.match.requestReferences)])).toEqual([
      ['amount_date', [['FDB2V6J4L9']]],
      ['amount_date', [['FDH4S9K2P7']]],
    ]);
  });

  it('an exact reference paying the requested amount of a request approved for less is a suggestion', () => {
    const items = world(
      [bankLine('L1', '-1200.00', '2026-10-03', { remittance: 'TOPUP FDP3W8R6T4' })],
      [
        {
          ...gbpRequest('FDP3W8R6T4', '1200.00', '2026-10-02', 'approved_edited'),
          approved: { amount: '1190.00', currency: 'GBP' },
        },
      ],
    );
    expect(plan(items).matches).toEqual([]);
    // Within a tolerance of 10.00 it is matched.
    expect(plan(items, policy({ tolerances: { GBP: '10.00' } })).matches).toHaveLength(1);
  });

  it('keeps exact references with the amount paid to the unit automatic', () => {
    const items = world(
      [bankLine('L1', '-2500.00', '2026-10-02', { reference: 'FDK7Q2M9X1' })],
      [gbpRequest('FDK7Q2M9X1', '2500.00', '2026-10-01')],
    );
    expect(plan(items).matches.map((m) => [m.match.rule, m.lines, m.requests])).toEqual([
      ['exact_reference', [1], [1]],
    ]);
  });

  it('leaves what lies wholly before the start date alone, and asks a person about what straddles it', () => {
    const items = world(
      [
        bankLine('OLD', '-100.00', '2026-09-20', { reference: 'FDOLDREF001' }),
        bankLine('NEW', '-200.00', '2026-10-01', { reference: 'FDSTRADDLE1' }),
      ],
      [gbpRequest('FDOLDREF001', '100.00', '2026-09-19'), gbpRequest('FDSTRADDLE1', '200.00', '2026-09-30')],
    );
    const result = plan(items, policy({ startDate: '2026-10-01' }));
    expect(result.matches).toEqual([]);
    expect(result.suggestions.map((s) => s.options.map((o) => o.match.requestReferences))).toEqual([
      [['FDSTRADDLE1']],
    ]);
    expect(result.suggestions[0]!.options[0]!.match.explanation).toMatch(
      /before the reconciliation start date/,
    );
  });
});
