/**
 * What stays open before a sign-off: counts and exact totals per state and currency, in the summary's
 * state order; closed items never count; anything open, a suggestion or a roll-forward difference
 * that is not zero needs the acknowledgement, and nothing else does.
 */
import { describe, expect, it } from 'vitest';
import { openRows, openTotalsOf } from '../../src/main/core/recon/signoff/open-totals';
import type { ReconItem, ReconSummary } from '../../src/shared/ipc/contract-recon';

const item = (state: ReconItem['state'], amount: string, currency = 'GBP'): ReconItem => ({
  kind: state === 'unmatched_bank_payment' ? 'line' : 'request',
  id: `${state}-${amount}`,
  state,
  ageing: null,
  date: '2026-10-01',
  amount: { amount, currency },
  label: '',
  match: null,
  resolution: null,
  lockedBy: null,
});

const summary = (extra: Partial<ReconSummary> = {}): ReconSummary => ({
  asOf: '2026-10-31',
  states: {
    awaiting_payment: 0,
    paid_awaiting_approval: 0,
    matched: 0,
    variance: 0,
    approved_unpaid: 0,
    refund_expected: 0,
    unmatched_bank_payment: 0,
    resolved: 0,
    signed_off: 0,
  },
  suggestions: 0,
  currencies: [],
  ...extra,
});

describe('open totals', () => {
  it('sums exactly per state and currency, in the state order, leaving closed items out', () => {
    const rows = openRows([
      item('unmatched_bank_payment', '-0.10'),
      item('awaiting_payment', '0.10', 'USD'),
      item('awaiting_payment', '0.20'),
      item('awaiting_payment', '0.10'),
      item('matched', '999.00'),
      item('resolved', '5.00'),
      item('signed_off', '7.00'),
      item('unmatched_bank_payment', '-0.20'),
      // The bank payment of a request in variance is counted with its request, as the summary does.
      { ...item('variance', '-0.40'), kind: 'line' },
      item('variance', '0.50'),
    ]);
    expect(rows).toEqual([
      { state: 'awaiting_payment', count: 2, total: { amount: '0.30', currency: 'GBP' } },
      { state: 'awaiting_payment', count: 1, total: { amount: '0.10', currency: 'USD' } },
      { state: 'variance', count: 1, total: { amount: '0.50', currency: 'GBP' } },
      { state: 'unmatched_bank_payment', count: 2, total: { amount: '-0.30', currency: 'GBP' } },
    ]);
  });

  it('needs the acknowledgement for anything open, a suggestion or a difference, not for zero', () => {
    const zero = { amount: '0.00', currency: 'GBP' };
    const gbp = (difference: typeof zero | null) => ({
      currency: 'GBP',
      paid: zero,
      matchedRequested: zero,
      openRequests: 0,
      rollForwardDifference: difference,
    });
    expect(openTotalsOf(summary({ currencies: [gbp(zero), gbp(null)] }), [item('matched', '1.00')])).toEqual({
      asOf: '2026-10-31',
      open: [],
      suggestions: 0,
      differences: [],
      needsAcknowledgement: false,
    });
    expect(openTotalsOf(summary(), [item('variance', '1.00')]).needsAcknowledgement).toBe(true);
    expect(openTotalsOf(summary({ suggestions: 1 }), []).needsAcknowledgement).toBe(true);
    const off = openTotalsOf(summary({ currencies: [gbp({ amount: '-0.01', currency: 'GBP' })] }), []);
    expect(off).toMatchObject({ needsAcknowledgement: true, differences: [{ amount: '-0.01' }] });
  });
});
