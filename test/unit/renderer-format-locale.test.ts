import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/renderer/src/lib/format-money';
import {
  formatPreferences,
  setFormatPreferences,
  subscribeFormatPreferences,
} from '../../src/renderer/src/lib/format-preferences';
import { formatDate, formatExactTime, formatRelativeTime } from '../../src/renderer/src/lib/format-time';
import { fieldErrorsOf } from '../../src/renderer/src/lib/field-errors';

afterEach(() => setFormatPreferences({ locale: 'system', dateStyle: 'locale' }));

describe('the workspace format in the formatters', () => {
  it('formats money in the chosen locale when the caller names none, exactly', () => {
    setFormatPreferences({ locale: 'de-DE', dateStyle: 'iso' });
    expect(formatMoney('1234567.89', 'EUR')).toMatch(/^1\.234\.567,89\s€$/u);
    expect(formatMoney('12345678901234567.891', 'EUR')).toMatch(/^12\.345\.678\.901\.234\.567,891\s€$/u);
    setFormatPreferences({ locale: 'en-GB', dateStyle: 'iso' });
    expect(formatMoney('1234567.89', 'GBP')).toBe('£1,234,567.89');
  });

  it('lets an explicit locale argument win, as before', () => {
    setFormatPreferences({ locale: 'de-DE', dateStyle: 'iso' });
    expect(formatMoney('1250.50', 'GBP', 'en-GB')).toBe('£1,250.50');
  });

  it("'system' follows the runtime's own locale", () => {
    setFormatPreferences({ locale: 'system', dateStyle: 'locale' });
    expect(formatPreferences().locale).toBeUndefined();
    expect(formatMoney('1.5', 'GBP')).toBe(
      new Intl.NumberFormat(undefined, { style: 'currency', currency: 'GBP' }).format(1.5),
    );
  });

  it('writes dates as ISO or in the locale style', () => {
    setFormatPreferences({ locale: 'en-GB', dateStyle: 'iso' });
    expect(formatExactTime('2025-03-12T14:03:22+01:00', undefined, 'UTC')).toBe('2025-03-12 13:03:22 UTC');
    expect(formatExactTime('2025-03-12T23:30:00Z', undefined, 'Asia/Tokyo')).toMatch(/^2025-03-13 08:30:00 /);
    expect(formatDate('2026-11-22')).toBe('2026-11-22');
    setFormatPreferences({ locale: 'en-GB', dateStyle: 'locale' });
    expect(formatExactTime('2025-03-12T14:03:22+00:00', undefined, 'UTC')).toBe('12 Mar 2025, 14:03:22 UTC');
    expect(formatDate('2026-11-22')).toBe('22 Nov 2026');
    setFormatPreferences({ locale: 'de-DE', dateStyle: 'locale' });
    expect(formatDate('2026-11-22')).toBe('22.11.2026');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('leaves relative phrases in the language of the interface: they are words, not a format', () => {
    const now = Date.parse('2025-03-12T14:00:00Z');
    const before = formatRelativeTime('2025-03-12T11:00:00Z', now);
    setFormatPreferences({ locale: 'de-DE', dateStyle: 'iso' });
    expect(formatRelativeTime('2025-03-12T11:00:00Z', now)).toBe(before);
    expect(formatRelativeTime('2025-03-12T11:00:00Z', now, 'en-GB')).toBe('3 hours ago');
  });

  it('tells subscribers about a change, and only about a change', () => {
    let calls = 0;
    const stop = subscribeFormatPreferences(() => calls++);
    setFormatPreferences({ locale: 'fr-FR', dateStyle: 'iso' });
    setFormatPreferences({ locale: 'fr-FR', dateStyle: 'iso' });
    setFormatPreferences({ locale: 'fr-FR', dateStyle: 'locale' });
    stop();
    setFormatPreferences({ locale: 'en-GB', dateStyle: 'locale' });
    expect(calls).toBe(2);
  });
});

describe('field errors', () => {
  const error = {
    code: 'invalid_input' as const,
    message: 'Invalid connection — baseUrl: the address must use https.',
    details: {
      issues: [
        { field: 'baseUrl', problem: 'the address must use https' },
        { field: 'elsewhere', problem: 'x' },
      ],
    },
  };

  it('puts each problem under its field and keeps the whole error when no field shown has it', () => {
    expect(fieldErrorsOf(error, ['baseUrl', 'apiKey'])).toEqual({
      fields: { baseUrl: 'The address must use https' },
      other: null,
    });
    expect(fieldErrorsOf(error, ['apiKey'])).toEqual({ fields: {}, other: error });
    expect(fieldErrorsOf({ code: 'offline', message: 'No network.' }, ['apiKey']).other?.code).toBe(
      'offline',
    );
    expect(fieldErrorsOf(null, ['apiKey'])).toEqual({ fields: {}, other: null });
  });
});
