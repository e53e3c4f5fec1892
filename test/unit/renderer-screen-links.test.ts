import { afterEach, describe, expect, it } from 'vitest';
import { lowBalanceText } from '../../src/main/core/notifications/messages';
import { timeTickLabel, valueTickLabels } from '../../src/renderer/src/features/balances/chart/axis-labels';
import { lowBalanceFloat } from '../../src/renderer/src/features/notifications/low-balance-float';
import {
  pendingRequestsHref,
  suggestedTopUp,
  topUpHref,
  topUpPrefillOf,
} from '../../src/renderer/src/features/transfers/transfer-links';
import { viewFromQuery } from '../../src/renderer/src/features/transfers/transfer-query';
import { formatNumber } from '../../src/renderer/src/lib/format-money';
import { writeTypedAmount } from '../../src/renderer/src/lib/typed-amount';
import { setFormatPreferences } from '../../src/renderer/src/lib/format-preferences';
import { parseHash } from '../../src/renderer/src/lib/router';

afterEach(() => setFormatPreferences({ locale: 'system', dateStyle: 'locale' }));

const gbp = (amount: string) => ({ amount, currency: 'GBP' });

describe('the suggested top-up of a float under its threshold', () => {
  it('is what brings the balance back to the threshold, exactly', () => {
    expect(suggestedTopUp(gbp('1200.00'), gbp('5000.00'))).toBe('3800.00');
    expect(suggestedTopUp(gbp('-20.50'), gbp('100.00'))).toBe('120.50');
    expect(suggestedTopUp(gbp('12345678901234.01'), gbp('12345678901235.00'))).toBe('0.99');
  });

  it('rounds up to the cent a currency with more decimals', () => {
    const kwd = (amount: string) => ({ amount, currency: 'KWD' });
    expect(suggestedTopUp(kwd('1.001'), kwd('2.000'))).toBe('1.00');
    expect(suggestedTopUp(kwd('0.999'), kwd('2.000'))).toBe('1.01');
  });

  it('is nothing when the balance is not under the threshold or a figure is unknown', () => {
    expect(suggestedTopUp(gbp('5000.00'), gbp('5000.00'))).toBeNull();
    expect(suggestedTopUp(gbp('6000.00'), gbp('5000.00'))).toBeNull();
    expect(suggestedTopUp(null, gbp('5000.00'))).toBeNull();
    expect(suggestedTopUp(gbp('1.00'), null)).toBeNull();
    expect(suggestedTopUp(gbp('1.00'), { amount: '5.00', currency: 'EUR' })).toBeNull();
  });
});

describe('links into Transfers', () => {
  it('opens the form for the float with the amount, and reads them back', () => {
    const href = topUpHref({ currency: 'GBP', name: 'Main & Co' }, '3800.00');
    const route = parseHash(href);
    expect(route).toMatchObject({ kind: 'page', id: 'transfers', sub: 'new' });
    if (route.kind !== 'page') throw new Error('not a page');
    expect(topUpPrefillOf(route.query)).toEqual({ currency: 'GBP', name: 'Main & Co', amount: '3800.00' });
    expect(topUpPrefillOf(parseQuery(topUpHref({ currency: 'EUR', name: 'Europe' })))).toEqual({
      currency: 'EUR',
      name: 'Europe',
      amount: null,
    });
  });

  it('ignores an address that names no float or an amount that is not a plain decimal', () => {
    expect(topUpPrefillOf({})).toBeNull();
    expect(topUpPrefillOf({ float: 'Main', currency: 'pounds' })).toBeNull();
    expect(topUpPrefillOf({ float: 'Main', currency: 'GBP', amount: '1e9' })?.amount).toBeNull();
  });

  it('filters the table to the float’s pending requests', () => {
    const view = viewFromQuery(parseQuery(pendingRequestsHref({ currency: 'GBP', name: 'Main' })));
    expect(view.filters).toEqual({ float: 'Main', currency: 'GBP', statuses: ['pending'] });
  });
});

function parseQuery(href: string): Readonly<Record<string, string>> {
  const route = parseHash(href);
  if (route.kind !== 'page') throw new Error(`not a page: ${href}`);
  return route.query;
}

describe('the float of a low-balance notice', () => {
  it('is read from the title the core writes', () => {
    const text = lowBalanceText({ currency: 'GBP', name: 'Main float (UK)' }, gbp('1.00'), gbp('5.00'), {
      locale: 'de-DE',
      dateStyle: 'locale',
    });
    expect(lowBalanceFloat(text)).toEqual({ currency: 'GBP', name: 'Main float (UK)' });
    expect(lowBalanceFloat({ kind: 'transfer_approved', title: 'Low balance: GBP Main' })).toBeNull();
  });
});

describe('numbers and chart axes in the chosen format', () => {
  it('writes counts and amounts for a field the chosen way', () => {
    setFormatPreferences({ locale: 'de-DE', dateStyle: 'locale' });
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(writeTypedAmount('3800.50')).toBe('3.800,50');
    setFormatPreferences({ locale: 'en-GB', dateStyle: 'locale' });
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(writeTypedAmount('12345678901234567.89')).toBe('12,345,678,901,234,567.89');
  });

  it('labels the value axis and the time axis the chosen way', () => {
    setFormatPreferences({ locale: 'de-DE', dateStyle: 'locale' });
    expect(valueTickLabels([0, 500, 1000])).toEqual(['0', '500', '1.000']);
    expect(timeTickLabel(new Date(2026, 10, 22, 9, 5).getTime(), 10 * 86_400_000)).toBe('22. Nov.');
    setFormatPreferences({ locale: 'de-DE', dateStyle: 'iso' });
    expect(timeTickLabel(new Date(2026, 10, 22, 9, 5).getTime(), 10 * 86_400_000)).toBe('2026-11-22');
    expect(timeTickLabel(new Date(2026, 10, 22, 9, 5).getTime(), 3_600_000)).toBe('2026-11-22 09:05');
  });
});
