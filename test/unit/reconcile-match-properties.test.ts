import Decimal from 'decimal.js';
import fc from 'fast-check';
import { runs } from '../helpers/property-runs';
import { describe, expect, it } from 'vitest';
import { preview } from '../../src/main/core/recon/match/preview';
import type { BankLine, Match, MatchRequest, PreviewResult } from '../../src/main/core/recon/match/types';
import { creditorReferenceFor } from '../../src/shared/domain/creditor-reference';
import { canonicalAmount } from '../../src/shared/domain/money';
import { bankLine, signature, signatures, transferRequest } from '../helpers/match-fixture';

/* A random but plausible scenario: requests in three currencies (0, 2 and 3 decimals) and the bank
 * lines that pay them — by exact reference, with a typo, by amount alone, in parts — plus
 * unrelated payments and repeated amounts (ties). Amounts are built as digit strings. */

const CURRENCIES: ReadonlyArray<[string, number]> = [
  ['JPY', 0],
  ['EUR', 2],
  ['KWD', 3],
];

function amountText(minor: bigint, exponent: number): string {
  const digits = minor.toString().padStart(exponent + 1, '0');
  return exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

const dayOf = (offset: number): string => new Date(Date.UTC(2024, 4, 1 + offset)).toISOString().slice(0, 10);

interface Plan {
  currency: number;
  float: number;
  minor: bigint;
  day: number;
  status: number;
  kind: number;
  delay: number;
  parts: number;
}

const planArbitrary = fc.record({
  currency: fc.integer({ min: 0, max: 2 }),
  float: fc.integer({ min: 0, max: 1 }),
  // A few amounts repeat on purpose: equal amounts make ties.
  minor: fc.oneof(fc.bigInt({ min: 100n, max: 99_999_999n }), fc.constantFrom(50_000n, 123_456n)),
  day: fc.integer({ min: 0, max: 30 }),
  status: fc.integer({ min: 0, max: 4 }),
  kind: fc.integer({ min: 0, max: 7 }),
  delay: fc.integer({ min: -2, max: 12 }),
  parts: fc.integer({ min: 2, max: 3 }),
});

const STATUSES = ['pending', 'approved', 'approved_edited', 'cancelled', 'removed'];

function scenario(plans: Plan[], noise: bigint[]): { lines: BankLine[]; requests: MatchRequest[] } {
  const lines: BankLine[] = [];
  const requests: MatchRequest[] = [];
  plans.forEach((plan, n) => {
    const [currency, exponent] = CURRENCIES[plan.currency]!;
    const reference =
      n % 4 === 3 ? `TOPUP-${String(n).padStart(6, '0')}` : creditorReferenceFor(`${1000 + n}`);
    const status = STATUSES[plan.status]!;
    const amount = amountText(plan.minor, exponent);
    const float = plan.float === 0 ? 'Main' : 'Events';
    const add = (ref: string, text: string): void => {
      requests.push(
        transferRequest(ref, text, dayOf(plan.day), {
          currency,
          float,
          status,
          approved:
            status === 'approved'
              ? text
              : status === 'approved_edited'
                ? amountText(plan.minor / 2n + 1n, exponent)
                : null,
        }),
      );
    };
    const pay = (id: string, minor: bigint, fields: Partial<BankLine> = {}): void => {
      lines.push(
        bankLine(id, `-${amountText(minor, exponent)}`, dayOf(plan.day + plan.delay), {
          currency,
          ...fields,
        }),
      );
    };
    switch (plan.kind) {
      case 0: // exact reference in the reference field
        add(reference, amount);
        pay(`L${n}`, plan.minor, { reference });
        break;
      case 1: // exact reference typed into the remittance
        add(reference, amount);
        pay(`L${n}`, plan.minor, { remittance: `TOP UP ${reference.replace(/(.{4})/g, '$1 ')} THANKS` });
        break;
      case 2: // a typo: the last two characters swapped
        add(reference, amount);
        pay(`L${n}`, plan.minor, {
          reference: `${reference.slice(0, -2)}${reference.slice(-1)}${reference.slice(-2, -1)}`,
        });
        break;
      case 3: // amount and date only
        add(reference, amount);
        pay(`L${n}`, plan.minor);
        break;
      case 4: {
        // one payment, several requests of one float
        let total = 0n;
        for (let p = 0; p < plan.parts; p++) {
          const part = plan.minor / BigInt(p + 2) + BigInt(p);
          total += part;
          add(`${reference}P${p}`, amountText(part, exponent));
        }
        pay(`L${n}`, total);
        break;
      }
      case 5: // several payments, one request
        add(reference, amount);
        pay(`L${n}a`, plan.minor / 3n);
        pay(`L${n}b`, plan.minor - plan.minor / 3n);
        break;
      case 6: // unpaid
        add(reference, amount);
        break;
      default: // an unrelated payment
        pay(`L${n}`, plan.minor + 7n, { reference: `INV${n}` });
    }
  });
  noise.forEach((minor, n) =>
    lines.push(bankLine(`N${n}`, `-${amountText(minor, 2)}`, dayOf(n % 30), { currency: 'EUR' })),
  );
  return { lines, requests };
}

const scenarios = fc
  .tuple(
    fc.array(planArbitrary, { maxLength: 30 }),
    fc.array(fc.bigInt({ min: 1n, max: 10_000_000n }), { maxLength: 5 }),
  )
  .map(([plans, noise]) => scenario(plans, noise));

function shuffle<T>(items: readonly T[], order: readonly number[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = (order[i % order.length] ?? 0) % (i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Everything a result says, independent of the order it is listed in. */
function canonical(result: PreviewResult): unknown {
  const option = (match: Match): string =>
    `${signature(match)} ${match.rule} ${match.score} ${JSON.stringify(match.evidence)}`;
  return {
    matches: result.matches.map(option).sort(),
    suggestions: result.suggestions
      .map((s) => `${s.rule} ${s.reason}: ${s.options.map(option).sort().join(' | ')}`)
      .sort(),
    unmatchedLines: [...result.unmatchedLines].sort(),
    unmatchedRequests: [...result.unmatchedRequests].sort(),
    ignoredLines: [...result.ignoredLines].sort(),
  };
}

describe('matching engine properties', () => {
  it('shuffled input gives the same matches, suggestions and leftovers', () => {
    fc.assert(
      fc.property(
        scenarios,
        fc.array(fc.nat(), { minLength: 1, maxLength: 20 }),
        ({ lines, requests }, order) => {
          const first = preview(lines, requests);
          const second = preview(shuffle(lines, order), shuffle(requests, [...order].reverse()));
          expect(canonical(second)).toEqual(canonical(first));
        },
      ),
      runs(300),
    );
  });

  // A run is answered without matching while nothing it reads has changed (kept-reading.ts): what
  // it left open, matched again, must give no match and the same suggestions.
  it('matching again what a run left open finds no match and the same suggestions (a fixpoint)', () => {
    fc.assert(
      fc.property(scenarios, ({ lines, requests }) => {
        const first = preview(lines, requests);
        const usedLines = new Set(first.matches.flatMap((match) => match.lineIds));
        const usedRequests = new Set(first.matches.flatMap((match) => match.requestReferences));
        const again = preview(
          lines.filter((line) => !usedLines.has(line.bankTransactionId)),
          requests.filter((request) => !usedRequests.has(request.paymentReference)),
        );
        expect(again.matches.map(signature)).toEqual([]);
        const suggestions = (result: PreviewResult): unknown =>
          (canonical(result) as { suggestions: unknown }).suggestions;
        expect(suggestions(again)).toEqual(suggestions(first));
      }),
      runs(300),
    );
  });

  it('every line and every request is in at most one match; matched + unmatched + ignored = all', () => {
    fc.assert(
      fc.property(scenarios, ({ lines, requests }) => {
        const result = preview(lines, requests);
        const lineIds = result.matches.flatMap((match) => match.lineIds);
        const references = result.matches.flatMap((match) => match.requestReferences);
        expect(new Set(lineIds).size).toBe(lineIds.length);
        expect(new Set(references).size).toBe(references.length);
        expect([...lineIds, ...result.unmatchedLines, ...result.ignoredLines].sort()).toEqual(
          lines.map((line) => line.bankTransactionId).sort(),
        );
        expect([...references, ...result.unmatchedRequests].sort()).toEqual(
          requests.map((request) => request.paymentReference).sort(),
        );
        for (const match of result.matches) {
          expect(match.score).toBeGreaterThanOrEqual(0);
          expect(match.score).toBeLessThanOrEqual(1);
          // Several items in one match only where a split is declared: by exact sum, or by references
          // whose amounts add up (to the requested or the approved amounts).
          if (match.lineIds.length > 1 || match.requestReferences.length > 1) {
            expect(['split_sum', 'exact_reference']).toContain(match.rule);
            const zero = (text: string | null): boolean => text !== null && /^-?0(\.0+)?$/.test(text);
            expect(zero(match.evidence.difference) || zero(match.evidence.differenceApproved)).toBe(true);
          }
        }
      }),
      runs(300),
    );
  });

  it('locked items are never used or changed by the automatic passes', () => {
    fc.assert(
      fc.property(
        scenarios,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }),
        ({ lines, requests }, picks) => {
          const before = preview(lines, requests);
          const lockedMatches = before.matches.filter((_, i) => picks[i % picks.length]);
          const lockedLines = lines
            .filter((_, i) => picks[(i + 1) % picks.length])
            .map((line) => line.bankTransactionId);
          const lockedRequests = requests
            .filter((_, i) => picks[(i + 2) % picks.length])
            .map((r) => r.paymentReference);
          const inLockedMatches = new Set(
            lockedMatches.flatMap((match) => [...match.lineIds, ...match.requestReferences]),
          );
          const lineIds = lockedLines.filter((id) => !inLockedMatches.has(id));
          const requestReferences = lockedRequests.filter((reference) => !inLockedMatches.has(reference));
          const after = preview(lines, requests, {}, { matches: lockedMatches, lineIds, requestReferences });
          const locked = new Set([...inLockedMatches, ...lineIds, ...requestReferences]);
          expect(after.matches.filter((match) => match.locked === true)).toEqual(
            lockedMatches.map((match) => ({ ...match, locked: true })),
          );
          const touches = (match: Match): boolean =>
            [...match.lineIds, ...match.requestReferences].some((id) => locked.has(id));
          expect(after.matches.filter((match) => match.locked !== true && touches(match))).toEqual([]);
          expect(after.suggestions.flatMap((s) => s.options).filter(touches)).toEqual([]);
        },
      ),
      runs(300),
    );
  });

  it('two equally good candidates are never matched automatically', () => {
    const tie = fc.record({
      currency: fc.integer({ min: 0, max: 2 }),
      minor: fc.bigInt({ min: 1n, max: 10_000_000_000n }),
      days: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 2, maxLength: 4 }),
      booked: fc.integer({ min: 8, max: 10 }),
      byReference: fc.boolean(),
    });
    fc.assert(
      fc.property(tie, ({ currency: c, minor, days, booked, byReference }) => {
        const [currency, exponent] = CURRENCIES[c]!;
        const amount = amountText(minor, exponent);
        // Equal amounts in the window; with references, every one at distance 1 from the text.
        const requests = days.map((day, i) =>
          transferRequest(byReference ? `TOPUP-00000${i}` : `R${i}`, amount, dayOf(day), { currency }),
        );
        const fields = byReference ? { reference: 'TOPUP-00000X' } : {};
        const result = preview(
          [bankLine('L1', `-${amount}`, dayOf(booked), { currency, ...fields })],
          requests,
        );
        expect(result.matches).toEqual([]);
        expect(result.suggestions).toHaveLength(1);
        expect(result.suggestions[0]!.reason).toBe('tie');
        expect(result.suggestions[0]!.options).toHaveLength(days.length);
      }),
      runs(500),
    );
  });

  it('amounts are exact for 0-, 2- and 3-decimal currencies (differences checked with decimal.js)', () => {
    fc.assert(
      fc.property(scenarios, ({ lines, requests }) => {
        const result = preview(lines, requests);
        const line = new Map(lines.map((l) => [l.bankTransactionId, l]));
        const request = new Map(requests.map((r) => [r.paymentReference, r]));
        for (const match of [...result.matches, ...result.suggestions.flatMap((s) => s.options)]) {
          const currency = match.evidence.currency;
          let paid = new Decimal(0);
          for (const id of match.lineIds) paid = paid.minus(line.get(id)!.amount);
          let requested = new Decimal(0);
          let approved: Decimal | null = new Decimal(0);
          for (const reference of match.requestReferences) {
            const r = request.get(reference)!;
            requested = requested.plus(r.requested.amount);
            approved = approved === null || r.approved === null ? null : approved.plus(r.approved.amount);
          }
          expect(match.evidence.difference).toBe(canonicalAmount(paid.minus(requested).toFixed(), currency));
          expect(match.evidence.differenceApproved).toBe(
            approved === null ? null : canonicalAmount(paid.minus(approved).toFixed(), currency),
          );
        }
      }),
      runs(300),
    );
  });
});

describe('the generated scenarios exercise every rule', () => {
  it('all four rules, ties and leftovers occur in a sample', () => {
    const seen = new Set<string>();
    for (const { lines, requests } of fc.sample(scenarios, runs(200))) {
      const result = preview(lines, requests);
      result.matches.forEach((match) => seen.add(match.rule));
      result.suggestions.forEach((suggestion) => seen.add(`suggestion:${suggestion.reason}`));
      if (result.unmatchedLines.length > 0) seen.add('unmatched line');
      if (result.unmatchedRequests.length > 0) seen.add('unmatched request');
    }
    for (const expected of [
      'exact_reference',
      'fuzzy_reference',
      'amount_date',
      'split_sum',
      'suggestion:tie',
    ]) {
      expect(seen).toContain(expected);
    }
    expect(seen).toContain('unmatched line');
    expect(seen).toContain('unmatched request');
  });
});

describe('exact amounts, unit cases', () => {
  it.each([
    ['JPY', '-150000', '150000', '0'],
    ['JPY', '-149999', '150000', '-1'],
    ['EUR', '-2500.00', '2500.00', '0.00'],
    ['KWD', '-1000.125', '1000.120', '0.005'],
    ['KWD', '-0.001', '0.002', '-0.001'],
  ])('%s: paid %s for %s → difference %s', (currency, paid, requested, difference) => {
    const result = preview(
      [bankLine('L1', paid, '2024-05-02', { currency, reference: 'ABCDEF1' })],
      [transferRequest('ABCDEF1', requested, '2024-05-01', { currency })],
    );
    expect(result.matches[0]!.evidence.difference).toBe(difference);
  });

  it('an over-precise amount (more decimals than its currency) is compared exactly, never rounded', () => {
    const result = preview(
      [
        bankLine('L1', '-2500.004', '2024-05-02', { reference: 'ABCDEF1' }),
        bankLine('L2', '-99.99', '2024-05-02'),
      ],
      [
        transferRequest('ABCDEF1', '2500.00', '2024-05-01'),
        transferRequest('X2', '99.9900001', '2024-05-01'),
      ],
    );
    expect(result.matches.find((m) => m.lineIds[0] === 'L1')!.evidence.difference).toBe('0.004');
    expect(result.matches.find((m) => m.lineIds[0] === 'L2')!.evidence.difference).toBe('-0.0000001');
  });

  it('amounts beyond 2^53 minor units stay exact', () => {
    const result = preview(
      [bankLine('L1', '-123456789012345678901.23', '2024-05-02', { reference: 'ABCDEF1' })],
      [transferRequest('ABCDEF1', '123456789012345678901.24', '2024-05-01')],
    );
    expect(result.matches[0]!.evidence.difference).toBe('-0.01');
    expect(signatures(result)).toEqual(['L1=ABCDEF1']);
  });
});
