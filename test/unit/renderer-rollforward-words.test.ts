import { describe, expect, it } from 'vitest';
import type { RollforwardFlagValue } from '@shared/ipc/contract-rollforward';
import {
  boundWords,
  distanceWords,
  flagSentence,
} from '../../src/renderer/src/features/reconciliation/rollforward-words';
import { setFormatPreferences } from '../../src/renderer/src/lib/format-preferences';

const HOUR = 3_600_000;
const base = { message: 'raw', float: 'Main', currency: 'GBP', at: null };

describe('the roll-forward in words', () => {
  it('says how far a snapshot lies from its bound, and where an entered balance comes from', () => {
    setFormatPreferences({ locale: 'en-GB', dateStyle: 'locale' });
    expect(distanceWords(-(2 * 24 + 18) * HOUR)).toBe('3 days');
    expect(distanceWords(-18 * HOUR)).toBe('18 hours');
    expect(distanceWords(HOUR)).toBe('1 hour');
    expect(distanceWords(40 * 60_000)).toBe('40 minutes');
    expect(
      boundWords({ kind: 'snapshot', recordedAt: '2026-10-29T06:00:00.000Z', offsetMs: -66 * HOUR }, 'start'),
    ).toBe('balance of 29 Oct 2026, 3 days before the period start');
    expect(
      boundWords({ kind: 'snapshot', recordedAt: '2026-12-01T06:00:00.000Z', offsetMs: 6 * HOUR }, 'end'),
    ).toBe('balance of 1 Dec 2026, 6 hours after the period end');
    expect(
      boundWords({ kind: 'snapshot', recordedAt: '2026-11-01T00:00:00.000Z', offsetMs: 0 }, 'start'),
    ).toBe('balance recorded at the period start');
    expect(
      boundWords(
        {
          kind: 'entered',
          entryId: 1,
          asOf: '2026-11-01',
          note: 'statement',
          enteredAt: '2026-11-27T10:00:00Z',
        },
        'start',
      ),
    ).toBe('entered balance of 1 Nov 2026, “statement”');
  });

  it('words every flag with formatted amounts and dates, never a raw timestamp or code', () => {
    setFormatPreferences({ locale: 'en-GB', dateStyle: 'locale' });
    const money = (amount: string) => ({ amount, currency: 'GBP' });
    const flags: RollforwardFlagValue[] = [
      { ...base, kind: 'no_opening_snapshot', bound: '2026-11-01T00:00:00.000Z', toleranceDays: 3 },
      { ...base, kind: 'no_closing_snapshot', bound: '2026-12-01T00:00:00.000Z', toleranceDays: 3 },
      { ...base, kind: 'no_snapshot_in_period', recordedAt: '2026-10-31T06:00:00.000Z' },
      {
        ...base,
        kind: 'unexplained_credit',
        from: '2026-11-02T06:00:00.000Z',
        to: '2026-11-03T06:00:00.000Z',
        amount: money('25000.00'),
        rise: money('125000.00'),
        topUps: money('100000.00'),
      },
      {
        ...base,
        kind: 'approval_without_bank_payment',
        paymentReference: 'RF18 5390',
        amount: money('2500.00'),
        approvedSeenAt: '2026-11-04T06:00:00.000Z',
      },
      {
        ...base,
        kind: 'over_precise_amount',
        recordedAt: '2026-11-05T06:00:00.000Z',
        paymentReference: null,
        amount: money('10.005'),
        allowedDecimals: 2,
      },
      {
        ...base,
        kind: 'approval_not_counted',
        seenAt: '2026-11-06T06:00:00.000Z',
        paymentReferences: ['A', 'B', 'C', 'D'],
        total: money('1234567.80'),
      },
      {
        ...base,
        kind: 'approval_in_other_currency',
        paymentReference: 'X',
        amount: { amount: '12.00', currency: 'EUR' },
      },
      { ...base, kind: 'unknown_currency', currency: 'XYZ' },
    ];
    const sentences = flags.map(flagSentence);
    for (const sentence of sentences) {
      expect(sentence).not.toMatch(/\d{4}-\d{2}-\d{2}|T\d{2}:|_/);
      expect(sentence).not.toContain('raw');
    }
    expect(sentences[0]).toContain('within 3 days of the period start (1 Nov 2026)');
    expect(sentences[3]).toBe(
      'The balance rose by £125,000.00 between 2 Nov 2026 and 3 Nov 2026; approved top-ups explain £100,000.00, so £25,000.00 came in unexplained.',
    );
    expect(sentences[4]).toContain('RF18 5390 (£2,500.00) was approved on 4 Nov 2026');
    expect(sentences[5]).toContain('£10.005');
    expect(sentences[6]).toContain('4 requests (A, B, C and 1 more; £1,234,567.80)');
    expect(sentences[7]).toContain('€12.00');
  });

  it('follows the chosen date format', () => {
    setFormatPreferences({ locale: 'de-DE', dateStyle: 'locale' });
    expect(
      flagSentence({ ...base, kind: 'no_snapshot_in_period', recordedAt: '2026-10-31T06:00:00.000Z' }),
    ).toContain('31.10.2026');
    setFormatPreferences({ locale: 'en-GB', dateStyle: 'locale' });
  });
});
