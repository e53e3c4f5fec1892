import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReconItem } from '../../src/shared/ipc/contract-recon';
import { numberedPath } from '../../src/main/core/journals/journal-export';
import {
  lineName,
  matchedReferencesOf,
  postedReferencesOf,
  resolutionsOf,
  topUpsOf,
} from '../../src/main/core/journals/report-facts';
import { runs } from '../helpers/property-runs';
import Decimal from 'decimal.js';
import { parseAccountMapping } from '../../src/main/core/journals/account-mapping';
import { linesOf } from '../../src/main/core/journals/journal-amounts';
import { buildJournals } from '../../src/main/core/journals/journal-rules';

const gbp = (amount: string) => ({ amount, currency: 'GBP' });
const OCTOBER = { from: '2026-10-01', to: '2026-10-31' };

function line(id: string, bookingDate: string, amount: string, bankId: string | null = id) {
  return {
    id,
    bookingDate,
    valueDate: null,
    amount: gbp(amount),
    counterparty: null,
    remittance: null,
    reference: null,
    bankId,
  };
}

function request(reference: string, amount: string, status: string, approved: string | null = amount) {
  return {
    reference,
    float: 'main',
    requested: gbp(amount),
    approved: approved === null ? null : gbp(approved),
    createdDate: '2026-09-30',
    status,
  };
}

/** The items a report lists for one match: each of its lines and requests carries the match. */
function matched(lines: ReturnType<typeof line>[], requests: ReturnType<typeof request>[]): ReconItem[] {
  const match = {
    rule: 'exact_reference' as const,
    lineIds: lines.map((l) => l.id),
    requestReferences: requests.map((r) => r.reference),
    score: 1,
    explanation: 'Reference found.',
    lines,
    requests,
  };
  const base = { ageing: null, resolution: null, lockedBy: null, match };
  return [
    ...lines.map((l) => ({
      ...base,
      kind: 'line' as const,
      id: l.id,
      state: 'matched' as const,
      date: l.bookingDate,
      amount: l.amount,
      label: '',
      line: l,
    })),
    ...requests.map((r) => ({
      ...base,
      kind: 'request' as const,
      id: r.reference,
      state: 'matched' as const,
      date: r.createdDate,
      amount: r.requested,
      label: r.float,
      request: r,
    })),
  ];
}

describe('facts from a reconciliation report', () => {
  it('takes each match once, dated by its last bank line, with the bank id only where the bank gave one', () => {
    const items = [
      ...matched([line('L1', '2026-10-03', '-2500.00')], [request('FD1', '2500.00', 'approved')]),
      ...matched(
        [line('sha256:ab:1', '2026-09-29', '-100.00', null), line('L3', '2026-10-01', '-50.00')],
        [request('FD2', '150.00', 'approved')],
      ),
      ...matched([line('L4', '2026-09-30', '-75.00')], [request('FD3', '75.00', 'approved')]),
    ];
    const topUps = topUpsOf([...items].reverse(), OCTOBER);
    expect(topUps.map((topUp) => topUp.requests.map((r) => r.paymentReference))).toEqual([['FD2'], ['FD1']]);
    // A line the bank gave no id: never FloatDesk's internal one.
    expect(topUps[0]!.lines.map((l) => l.bankTransactionId)).toEqual(['', 'L3']);
    expect(topUps[1]).toEqual({
      currency: 'GBP',
      requests: [{ paymentReference: 'FD1', float: 'main', approved: '2500.00' }],
      lines: [{ bankTransactionId: 'L1', bookingDate: '2026-10-03', amount: '-2500.00' }],
      closed: false,
    });
  });

  it('marks a top-up paid then removed or cancelled as closed (a refund is due)', () => {
    const removed = matched([line('L1', '2026-10-03', '-350.00')], [request('FD1', '350.00', 'removed')]);
    const cancelled = matched(
      [line('L2', '2026-10-04', '-20.00')],
      [request('FD2', '20.00', 'cancelled', null)],
    );
    expect(topUpsOf([...removed, ...cancelled], OCTOBER).map((topUp) => topUp.closed)).toEqual([true, true]);
  });

  it('lists resolutions in the period once, with the float of a request and none for a line', () => {
    const base = { ageing: null, match: null, lockedBy: null, state: 'resolved' as const };
    const fee = {
      ...base,
      kind: 'line' as const,
      id: 'L9',
      date: '2026-10-05',
      amount: gbp('-12.50'),
      label: 'Bank',
      resolution: { reasonCode: 'bank_fee', note: 'Charge' },
      line: line('L9', '2026-10-05', '-12.50', 'BANK-9'),
    };
    const old = { ...fee, id: 'L8', date: '2026-09-05' };
    const written = {
      ...base,
      kind: 'request' as const,
      id: 'FD7',
      date: '2026-10-06',
      amount: gbp('40.00'),
      label: 'main',
      resolution: { reasonCode: 'other', note: 'n' },
    };
    expect(resolutionsOf([fee, old, written, fee], OCTOBER)).toEqual([
      {
        kind: 'line',
        id: 'BANK-9',
        reasonCode: 'bank_fee',
        note: 'Charge',
        currency: 'GBP',
        float: null,
        amount: '-12.50',
        date: '2026-10-05',
      },
      {
        kind: 'request',
        id: 'FD7',
        reasonCode: 'other',
        note: 'n',
        currency: 'GBP',
        float: 'main',
        amount: '40.00',
        date: '2026-10-06',
      },
    ]);
  });

  it('takes in a top-up paid before the period that the previous sign-off did not post, once', () => {
    const september = { from: '2026-09-01', to: '2026-09-30' };
    const paidSeptember = (status: string, approved: string | null) =>
      matched([line('L1', '2026-09-28', '-900.00')], [request('FD1', '900.00', status, approved)]);
    const alsoApproved = matched([line('L2', '2026-09-29', '-40.00')], [request('FD2', '40.00', 'approved')]);
    const lateMatch = matched([line('L3', '2026-09-30', '-15.00')], [request('FD3', '15.00', 'approved')]);
    // September's sign-off: FD1 paid, not yet approved (listed, not posted); FD2 posted; FD3 unmatched.
    const signed = [...paidSeptember('pending', null), ...alsoApproved];
    expect(topUpsOf(signed, september).map((topUp) => topUp.requests[0]!.paymentReference)).toEqual([
      'FD1',
      'FD2',
    ]);
    const posted = postedReferencesOf(signed);
    expect([...posted]).toEqual([['FD2', { refund: false, approved: '40.00' }]]);
    // October: FD1 is approved now, and FD3 was matched since: both posted in October; FD2 is not.
    const october = [...paidSeptember('approved', '900.00'), ...alsoApproved, ...lateMatch];
    const taken = topUpsOf(october, OCTOBER, posted);
    expect(taken.map((topUp) => topUp.requests[0]!.paymentReference)).toEqual(['FD1', 'FD3']);
    expect(taken[0]).toEqual({
      currency: 'GBP',
      requests: [{ paymentReference: 'FD1', float: 'main', approved: '900.00' }],
      lines: [{ bankTransactionId: 'L1', bookingDate: '2026-09-28', amount: '-900.00' }],
      closed: false,
    });
    // With no earlier sign-off, what was paid before the period is not the period's.
    expect(topUpsOf(october, OCTOBER)).toEqual([]);
    // Removed instead of approved: taken in too, as a refund due.
    expect(topUpsOf(paidSeptember('removed', '900.00'), OCTOBER, posted).map((t) => t.closed)).toEqual([
      true,
    ]);
    // Posted by October's sign-off: November takes none of them again.
    const november = { from: '2026-11-01', to: '2026-11-30' };
    expect(topUpsOf(october, november, postedReferencesOf(october))).toEqual([]);
    // Posted into its float in October, removed at the platform in November: taken again, to be
    // reversed, with what October posted.
    const removedLater = [...paidSeptember('removed', '880.00'), ...alsoApproved];
    expect(topUpsOf(removedLater, november, postedReferencesOf(october))).toEqual([
      {
        currency: 'GBP',
        requests: [{ paymentReference: 'FD1', float: 'main', approved: '880.00', posted: '900.00' }],
        lines: [{ bankTransactionId: 'L1', bookingDate: '2026-09-28', amount: '-900.00' }],
        closed: true,
        reversal: true,
      },
    ]);
    // Posted into its float in October at 900.00, approved for 890.00 since: taken again in
    // November for the difference, with what October posted; December finds nothing more.
    const editedLater = [...paidSeptember('approved_edited', '890.00'), ...alsoApproved];
    expect(topUpsOf(editedLater, november, postedReferencesOf(october))).toEqual([
      {
        currency: 'GBP',
        requests: [{ paymentReference: 'FD1', float: 'main', approved: '890.00', posted: '900.00' }],
        lines: [{ bankTransactionId: 'L1', bookingDate: '2026-09-28', amount: '-900.00' }],
        closed: false,
        adjustment: true,
      },
    ]);
    expect(
      topUpsOf(editedLater, { from: '2026-12-01', to: '2026-12-31' }, postedReferencesOf(editedLater)),
    ).toEqual([]);
    // The same amount written another way is no change.
    expect(topUpsOf(paidSeptember('approved', '900.0'), november, postedReferencesOf(october))).toEqual([]);
    // A refund due posted already is not taken again.
    expect(
      topUpsOf(removedLater, { from: '2026-12-01', to: '2026-12-31' }, postedReferencesOf(removedLater)),
    ).toEqual([]);
  });

  it('names the matched requests for the roll-forward', () => {
    const items = matched([line('L1', '2026-10-03', '-5.00')], [request('FD1', '5.00', 'approved')]);
    expect([...matchedReferencesOf(items)]).toEqual(['FD1']);
  });
});

describe('top-ups over consecutive sign-offs', () => {
  // Each top-up is paid on one day, matched on that day or later, and decided by the platform
  // (approved, or removed) on some day, an approved one perhaps removed some days later; the
  // reports of the sign-offs see what had happened by then.
  const topUpArb = fc.record({
    paid: fc.integer({ min: 0, max: 89 }),
    matchedAfter: fc.integer({ min: 0, max: 40 }),
    decided: fc.option(fc.integer({ min: 0, max: 120 }), { nil: null }),
    removed: fc.boolean(),
    removedAfter: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
  });
  const day = (n: number): string => new Date(Date.UTC(2026, 8, 1 + n)).toISOString().slice(0, 10);

  it('post every top-up once, in the first period whose report has it matched and decided, and reverse it once if removed after', () => {
    fc.assert(
      fc.property(
        fc.array(topUpArb, { minLength: 1, maxLength: 30 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 5 }),
        (topUps, rawEnds) => {
          const ends = [...rawEnds].sort((a, b) => a - b);
          const reportAt = (end: number) =>
            topUps.flatMap((topUp, i) => {
              if (topUp.paid > end || topUp.paid + topUp.matchedAfter > end) return [];
              const decided = topUp.decided !== null && topUp.decided <= end;
              const removedLater =
                decided && topUp.removedAfter !== null && topUp.decided! + topUp.removedAfter <= end;
              const status = !decided ? 'pending' : topUp.removed || removedLater ? 'removed' : 'approved';
              return matched(
                [line(`L${i}`, day(topUp.paid), '-10.00')],
                [request(`FD${i}`, '10.00', status, decided ? '10.00' : null)],
              );
            });
          const postedIn = new Map<string, number[]>();
          const reversedIn = new Map<string, number[]>();
          let previous: ReconItem[] | null = null;
          ends.forEach((end, index) => {
            const report = reportAt(end);
            const period = { from: index === 0 ? day(0) : day(ends[index - 1]! + 1), to: day(end) };
            const postedBefore = previous === null ? null : postedReferencesOf(previous);
            for (const topUp of topUpsOf(report, period, postedBefore)) {
              const request = topUp.requests[0]!;
              if (request.approved === null && !topUp.closed) continue;
              const into = topUp.reversal === true ? reversedIn : postedIn;
              into.set(request.paymentReference, [...(into.get(request.paymentReference) ?? []), index]);
            }
            previous = report;
          });
          topUps.forEach((topUp, i) => {
            const ready = Math.max(topUp.paid + topUp.matchedAfter, topUp.decided ?? Infinity);
            const first = ends.findIndex((end) => end >= ready);
            expect(postedIn.get(`FD${i}`) ?? [], `FD${i}`).toEqual(first === -1 ? [] : [first]);
            // Posted into its float (approved by then), removed later: reversed in the period the
            // removal is first seen, once.
            const removal =
              topUp.removed || topUp.decided === null || topUp.removedAfter === null
                ? Infinity
                : topUp.decided + topUp.removedAfter;
            const seen = ends.findIndex((end) => end >= removal);
            const reversed = first !== -1 && seen > first ? [seen] : [];
            expect(reversedIn.get(`FD${i}`) ?? [], `FD${i} reversed`).toEqual(reversed);
          });
        },
      ),
      runs(200),
    );
  });
});

describe('the float account over consecutive sign-offs', () => {
  // A top-up paid and matched on one day, decided some days later (approved for one amount, or
  // removed), perhaps approved for another amount later still, perhaps removed after that.
  const topUpArb = fc.record({
    paid: fc.integer({ min: 0, max: 89 }),
    decided: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
    approved: fc.constantFrom('10.00', '9.50'),
    edit: fc.option(
      fc.record({ after: fc.integer({ min: 0, max: 60 }), to: fc.constantFrom('10.00', '9.00', '12.50') }),
      {
        nil: null,
      },
    ),
    removedAfter: fc.option(fc.integer({ min: 0, max: 90 }), { nil: null }),
  });
  const day = (n: number): string => new Date(Date.UTC(2026, 8, 1 + n)).toISOString().slice(0, 10);
  const MAPPING = parseAccountMapping(
    'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account\nmain,GBP,1210,1200,5000,5990,1300',
  );

  it('ends at what the platform holds for each top-up: its approved amount now, or nothing when removed or not yet approved', () => {
    fc.assert(
      fc.property(
        fc.array(topUpArb, { minLength: 1, maxLength: 20 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 150 }), { minLength: 1, maxLength: 6 }),
        (topUps, rawEnds) => {
          const ends = [...rawEnds].sort((a, b) => a - b);
          // The request as a report at the end of day `end` sees it (null: not paid yet).
          const seenAt = (topUp: (typeof topUps)[number], end: number) => {
            if (topUp.paid > end) return null;
            if (topUp.decided === null || topUp.paid + topUp.decided > end)
              return { status: 'pending', approved: null };
            const decidedOn = topUp.paid + topUp.decided;
            if (topUp.removedAfter !== null && decidedOn + topUp.removedAfter <= end)
              return { status: 'removed', approved: topUp.approved };
            if (topUp.edit !== null && decidedOn + topUp.edit.after <= end)
              return { status: 'approved_edited', approved: topUp.edit.to };
            return { status: 'approved', approved: topUp.approved };
          };
          const reportAt = (end: number) =>
            topUps.flatMap((topUp, i) => {
              const seen = seenAt(topUp, end);
              if (seen === null) return [];
              return matched(
                [line(`L${i}`, day(topUp.paid), '-10.00')],
                [request(`FD${i}`, '10.00', seen.status, seen.approved)],
              );
            });
          const floatTotal = new Map<string, Decimal>();
          let previous: ReconItem[] | null = null;
          ends.forEach((end, index) => {
            const report = reportAt(end);
            const period = { from: index === 0 ? day(0) : day(ends[index - 1]! + 1), to: day(end) };
            const postedBefore = previous === null ? null : postedReferencesOf(previous);
            const facts = { period, asOf: day(end), signOffId: index + 1, spend: [], resolutions: [] };
            const { journals } = buildJournals(
              { ...facts, topUps: topUpsOf(report, period, postedBefore) },
              MAPPING,
            );
            for (const posted of journals.flatMap(linesOf))
              if (posted.account === '1210')
                floatTotal.set(
                  posted.reference,
                  (floatTotal.get(posted.reference) ?? new Decimal(0)).plus(posted.amount),
                );
            previous = report;
          });
          const last = ends[ends.length - 1]!;
          topUps.forEach((topUp, i) => {
            const seen = seenAt(topUp, last);
            const holds =
              seen === null || seen.approved === null || seen.status === 'removed' ? '0' : seen.approved;
            expect(floatTotal.get(`FD${i}`)?.toFixed(2) ?? '0.00', `FD${i}`).toBe(
              new Decimal(holds).toFixed(2),
            );
          });
        },
      ),
      runs(200),
    );
  });
});

describe('a bank line as the books name it', () => {
  it("is the bank's id, else its reference, else its date and amount; never FloatDesk's id", () => {
    expect(lineName(line('sha256:ab:1', '2026-10-05', '-12.50', 'BANK-9'))).toBe('BANK-9');
    expect(lineName({ ...line('sha256:ab:1', '2026-10-05', '-12.50', null), reference: 'CHG-77' })).toBe(
      'CHG-77',
    );
    expect(lineName(line('sha256:ab:1', '2026-10-05', '-12.50', null))).toBe('of 2026-10-05 for -12.50 GBP');
  });
});

describe('journal file names', () => {
  it('number the files of a split export and leave a single one as named', () => {
    expect(numberedPath('/tmp/oct.csv', 1, 1)).toBe('/tmp/oct.csv');
    expect(numberedPath('/tmp/oct.csv', 2, 3)).toBe('/tmp/oct-2.csv');
    expect(numberedPath('/tmp/oct', 1, 2)).toBe('/tmp/oct-1');
  });
});
