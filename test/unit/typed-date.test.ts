/**
 * Dates as people type them in the chosen format (the DateField's rules): the locale's numeric
 * order, ISO always; an impossible date, a two-digit year and a date that reads two ways refused.
 */
import { describe, expect, it } from 'vitest';
import type { FormatPreferences } from '../../src/shared/domain/formats';
import { parseTypedDate, typedDatePattern, writeTypedDate } from '../../src/shared/domain/typed-date';

const GB: FormatPreferences = { locale: 'en-GB', dateStyle: 'locale' };
const DE: FormatPreferences = { locale: 'de-DE', dateStyle: 'locale' };
const US: FormatPreferences = { locale: 'en-US', dateStyle: 'locale' };
const ISO_US: FormatPreferences = { locale: 'en-US', dateStyle: 'iso' };

const date = (text: string, format: FormatPreferences) => parseTypedDate(text, format);

describe('parseTypedDate', () => {
  it('reads the locale order', () => {
    expect(date('22/11/2026', GB)).toEqual({ ok: true, date: '2026-11-22' });
    expect(date('3/4/2026', GB)).toEqual({ ok: true, date: '2026-04-03' });
    expect(date('22.11.2026', DE)).toEqual({ ok: true, date: '2026-11-22' });
    expect(date(' 1.2.2026 ', DE)).toEqual({ ok: true, date: '2026-02-01' });
    expect(date('11/22/2026', US)).toEqual({ ok: true, date: '2026-11-22' });
    expect(date('3/4/2026', US)).toEqual({ ok: true, date: '2026-03-04' });
  });

  it('always accepts ISO, and empty as no date', () => {
    for (const format of [GB, DE, US, ISO_US]) {
      expect(date('2026-11-22', format)).toEqual({ ok: true, date: '2026-11-22' });
      expect(date('2024-2-29', format)).toEqual({ ok: true, date: '2024-02-29' });
      expect(date('  ', format)).toEqual({ ok: true, date: '' });
    }
  });

  it('refuses a date that does not exist, saying why', () => {
    expect(date('31/02/2026', GB)).toEqual({
      ok: false,
      problem: '"31/02/2026" is not a date: February 2026 has 28 days.',
    });
    expect(date('2025-02-29', DE)).toEqual({
      ok: false,
      problem: '"2025-02-29" is not a date: February 2025 has 28 days.',
    });
    expect(date('12/13/2026', GB)).toEqual({
      ok: false,
      problem: '"12/13/2026" is not a date: there is no month 13.',
    });
    expect(date('tomorrow', DE)).toEqual({
      ok: false,
      problem: '"tomorrow" is not a date: write it as DD.MM.YYYY, e.g. 22.11.2026 (or 2026-11-22).',
    });
  });

  it('refuses what could be read two ways: a two-digit year, a slashed date when ISO dates were chosen', () => {
    expect(date('22/11/26', GB)).toMatchObject({ ok: false, problem: expect.stringMatching(/year in full/) });
    expect(date('03/04/2026', ISO_US)).toEqual({
      ok: false,
      problem: '"03/04/2026" could be 2026-03-04 or 2026-04-03: write it as YYYY-MM-DD.',
    });
    // Not ambiguous: only one reading is a date.
    expect(date('11/22/2026', ISO_US)).toEqual({ ok: true, date: '2026-11-22' });
  });
});

describe('writeTypedDate and typedDatePattern', () => {
  it('shows a date as the field reads it back', () => {
    expect(writeTypedDate('2026-11-22', GB)).toBe('22/11/2026');
    expect(writeTypedDate('2026-02-01', DE)).toBe('01.02.2026');
    expect(writeTypedDate('2026-11-22', US)).toBe('11/22/2026');
    expect(writeTypedDate('2026-11-22', ISO_US)).toBe('2026-11-22');
    expect(writeTypedDate('', GB)).toBe('');
    for (const format of [GB, DE, US, ISO_US]) {
      expect(date(writeTypedDate('2026-01-09', format), format)).toEqual({ ok: true, date: '2026-01-09' });
    }
  });

  it('names the pattern to type', () => {
    expect(typedDatePattern(GB)).toBe('DD/MM/YYYY');
    expect(typedDatePattern(DE)).toBe('DD.MM.YYYY');
    expect(typedDatePattern(US)).toBe('MM/DD/YYYY');
    expect(typedDatePattern(ISO_US)).toBe('YYYY-MM-DD');
  });
});
