/**
 * The one writer of money, counts and dates for a person (@shared/domain/formats), used by the
 * renderer's formatters and by the sentences the core builds: exact from the decimal string,
 * following the chosen locale and date style.
 */
import { describe, expect, it } from 'vitest';
import {
  dateText,
  formatPreferencesOf,
  instantText,
  moneyText,
  numberText,
  type FormatPreferences,
} from '../../src/shared/domain/formats';

const NBSP = '\u00a0';
const GB: FormatPreferences = { locale: 'en-GB', dateStyle: 'iso' };
const DE: FormatPreferences = { locale: 'de-DE', dateStyle: 'locale' };
const US: FormatPreferences = { locale: 'en-US', dateStyle: 'locale' };

describe('moneyText', () => {
  it('keeps every digit of a value no binary float can hold', () => {
    expect(moneyText('12345678901234567.89', 'GBP', GB)).toBe('£12,345,678,901,234,567.89');
    expect(moneyText('12345678901234567.89', 'EUR', DE)).toBe(`12.345.678.901.234.567,89${NBSP}€`);
    expect(moneyText('9007199254740993.01', 'USD', US)).toBe('$9,007,199,254,740,993.01');
    expect(moneyText('-0.10', 'GBP', GB)).toBe('-£0.10');
  });

  it('shows the currency decimals and never rounds an over-precise value', () => {
    expect(moneyText('2500', 'GBP', GB)).toBe('£2,500.00');
    expect(moneyText('0.125', 'GBP', GB)).toBe('£0.125');
    expect(moneyText('1000', 'JPY', DE)).toBe(`1.000${NBSP}¥`);
    expect(moneyText('1.234', 'KWD', US)).toBe(`KWD${NBSP}1.234`);
  });

  it('shows what is not a plain decimal, or an unknown currency, as sent', () => {
    expect(moneyText('1e5', 'GBP', GB)).toBe('1e5 GBP');
    expect(moneyText('12.50', 'ZZ1', GB)).toBe('12.50 ZZ1');
  });
});

describe('numberText', () => {
  it('groups counts by the locale', () => {
    expect(numberText(12345, GB)).toBe('12,345');
    expect(numberText(12345, DE)).toBe('12.345');
    expect(numberText(1234567, US)).toBe('1,234,567');
    expect(numberText(0.5, DE, { style: 'percent' })).toBe(`50${NBSP}%`);
  });
});

describe('dateText and instantText', () => {
  it('keeps an ISO date in ISO style, else writes the locale’s own', () => {
    expect(dateText('2026-11-03', GB)).toBe('2026-11-03');
    expect(dateText('2026-11-03', { locale: 'en-GB', dateStyle: 'locale' })).toBe('3 Nov 2026');
    expect(dateText('2026-11-03', DE)).toBe('03.11.2026');
    expect(dateText('2026-11-03', US)).toBe('Nov 3, 2026');
    expect(dateText('not a date', DE)).toBe('not a date');
  });

  it('writes an instant in the zone asked, with the date in the chosen style', () => {
    expect(instantText('2026-11-03T10:00:00Z', GB, 'UTC')).toBe('2026-11-03 10:00:00 UTC');
    expect(instantText('2026-11-03T10:00:00Z', DE, 'UTC')).toBe('03.11.2026, 10:00:00 UTC');
    expect(instantText('2026-11-03T23:30:00Z', US, 'Europe/Berlin')).toBe('Nov 4, 2026, 12:30:00 AM GMT+1');
    expect(instantText('soon', GB)).toBe('soon');
  });

  it('pairs ISO dates with a 24-hour clock, also where the locale writes AM and PM', () => {
    const usIso = { locale: 'en-US', dateStyle: 'iso' } as const;
    expect(instantText('2026-11-28T22:25:37Z', usIso, 'UTC')).toBe('2026-11-28 22:25:37 UTC');
    expect(instantText('2026-11-28T00:05:00Z', usIso, 'UTC')).toBe('2026-11-28 00:05:00 UTC');
  });
});

describe('formatPreferencesOf', () => {
  it('reads "system" as the runtime’s own language', () => {
    expect(formatPreferencesOf({ locale: 'system', dateStyle: 'iso' })).toEqual({
      locale: undefined,
      dateStyle: 'iso',
    });
    expect(formatPreferencesOf({ locale: 'de-DE', dateStyle: 'locale' })).toEqual(DE);
  });
});
