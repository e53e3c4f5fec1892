import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  fractionDigitsOf,
  hasMoreDecimalsThanCurrency,
} from '../../src/renderer/src/lib/format-money';

const digitsOnly = (text: string): string => text.replace(/[^0-9]/g, '');

describe('formatMoney', () => {
  it('keeps every digit of huge values (no binary float on the way)', () => {
    const shown = formatMoney('12345678901234567.89', 'GBP', 'en-GB');
    expect(shown).toBe('£12,345,678,901,234,567.89');
    expect(digitsOnly(shown)).toBe('1234567890123456789');
    // Number('12345678901234567.89') would have printed 12,345,678,901,234,568.00.
    expect(shown).not.toContain('568');
  });

  it('keeps 30+ significant digits and long fractions', () => {
    const amount = '123456789012345678901234567890.123456789';
    expect(digitsOnly(formatMoney(amount, 'EUR', 'en-GB'))).toBe(digitsOnly(amount));
  });

  it('formats ordinary amounts for the locale', () => {
    expect(formatMoney('1250.50', 'GBP', 'en-GB')).toBe('£1,250.50');
    expect(formatMoney('0.00', 'GBP', 'en-GB')).toBe('£0.00');
    expect(formatMoney('-42.10', 'GBP', 'en-GB')).toBe('-£42.10');
    expect(formatMoney('12345678901234567.89', 'EUR', 'de-DE')).toMatch(
      /^12\.345\.678\.901\.234\.567,89\s€$/u,
    );
  });

  it('uses the decimals of the string and never rounds over-precise values', () => {
    expect(formatMoney('10.125', 'GBP', 'en-GB')).toBe('£10.125');
    expect(formatMoney('0.0000001', 'GBP', 'en-GB')).toBe('£0.0000001');
    expect(formatMoney('100.5', 'JPY', 'en-GB')).toBe('JP¥100.5');
    expect(formatMoney('1.234', 'BHD', 'en-GB')).toMatch(/^BHD\s1\.234$/u);
  });

  it('pads to the currency decimals when the string has fewer', () => {
    expect(formatMoney('100', 'GBP', 'en-GB')).toBe('£100.00');
    expect(formatMoney('100', 'JPY', 'en-GB')).toBe('JP¥100');
  });

  it('shows what was sent when it is not a plain decimal', () => {
    expect(formatMoney('1e5', 'GBP', 'en-GB')).toBe('1e5 GBP');
    expect(formatMoney('abc', 'GBP', 'en-GB')).toBe('abc GBP');
    expect(formatMoney('1.5', 'gbp!', 'en-GB')).toBe('1.5 gbp!');
  });
});

describe('decimal helpers', () => {
  it('counts fraction digits as written', () => {
    expect(fractionDigitsOf('12')).toBe(0);
    expect(fractionDigitsOf('12.50')).toBe(2);
    expect(fractionDigitsOf('-0.125')).toBe(3);
  });

  it('detects more decimals than the currency has', () => {
    expect(hasMoreDecimalsThanCurrency('10.125', 'GBP')).toBe(true);
    expect(hasMoreDecimalsThanCurrency('10.12', 'GBP')).toBe(false);
    expect(hasMoreDecimalsThanCurrency('10.1', 'JPY')).toBe(true);
    expect(hasMoreDecimalsThanCurrency('10.125', 'BHD')).toBe(false);
    expect(hasMoreDecimalsThanCurrency('10.125', 'ZZZ')).toBe(false);
  });
});
