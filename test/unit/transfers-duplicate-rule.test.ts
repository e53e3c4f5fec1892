import { describe, expect, it } from 'vitest';
import type { RecentTopUp } from '../../src/main/core/ledger/repositories/transfer-duplicates';
import {
  duplicateWindowStart,
  findPossibleDuplicate,
  possibleDuplicateError,
} from '../../src/main/core/transfers/duplicates';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const topUp = (overrides: Partial<RecentTopUp>): RecentTopUp => ({
  paymentReference: 'RF18539007547034',
  at: '2026-11-26T09:30:00Z',
  amountMinor: 2_500_000n,
  state: 'pending',
  source: 'platform',
  ...overrides,
});

describe('the possible-duplicate rule', () => {
  it('finds the same amount within 7 days, the most recent first', () => {
    const older = topUp({ paymentReference: 'RF1', at: '2026-11-21T08:00:00Z' });
    const newer = topUp({
      paymentReference: 'RF2',
      at: '2026-11-27T11:59:00.123Z',
      source: 'submitted',
      state: 'registered',
    });
    expect(findPossibleDuplicate([older, newer], { amountMinor: 2_500_000n }, NOW)).toBe(newer);
  });

  it('ignores other amounts, older requests, removed/cancelled ones and refused submissions', () => {
    const none = [
      topUp({ amountMinor: 2_500_001n }),
      topUp({ amountMinor: null }),
      topUp({ at: '2026-11-20T11:59:59Z' }),
      topUp({ state: 'removed' }),
      topUp({ state: 'cancelled' }),
      topUp({ state: 'refused', source: 'submitted' }),
      topUp({ at: '2026-11-28T00:00:00Z' }),
    ];
    expect(findPossibleDuplicate(none, { amountMinor: 2_500_000n }, NOW)).toBeUndefined();
    // Exactly 7 days ago still counts; approved or unknown outcomes count too.
    expect(
      findPossibleDuplicate(
        [topUp({ at: '2026-11-20T12:00:00Z', state: 'approved' })],
        { amountMinor: 2_500_000n },
        NOW,
      ),
    ).toBeDefined();
    expect(
      findPossibleDuplicate(
        [topUp({ state: 'unknown', source: 'submitted' })],
        { amountMinor: 2_500_000n },
        NOW,
      ),
    ).toBeDefined();
  });

  it('starts the window 7 days back in the ledger’s UTC form', () => {
    expect(duplicateWindowStart(NOW)).toBe('2026-11-20T12:00:00Z');
  });

  it('says what was found, when, and what to do', () => {
    const request = { float: 'Main', currency: 'GBP', amountMinor: 2_500_000n };
    const error = possibleDuplicateError(topUp({}), request, { locale: 'en-GB', dateStyle: 'iso' });
    expect(error.code).toBe('invalid_input');
    // The time in this machine's zone, named; the date and amount in the workspace's format.
    expect(error.message).toMatch(
      /^A top-up of £25,000\.00 to Main was already requested on 2026-11-2[67] \d{2}:\d{2}:\d{2} \S+ with reference RF18539007547034\. Nothing was sent: check that request in Transfers, or choose "Send anyway" if this is a second top-up\.$/,
    );
    const german = possibleDuplicateError(topUp({}), request, { locale: 'de-DE', dateStyle: 'locale' });
    expect(german.message).toMatch(
      /^A top-up of 25\.000,00\u00a0£ to Main was already requested on 2[67]\.11\.2026, /,
    );
    expect(error.details?.possibleDuplicate).toEqual({
      paymentReference: 'RF18539007547034',
      at: '2026-11-26T09:30:00Z',
      amount: '25000.00',
      currency: 'GBP',
      float: 'Main',
      source: 'platform',
    });
  });
});
