import { afterEach, describe, expect, it } from 'vitest';
import { setFormatPreferences } from '../../src/renderer/src/lib/format-preferences';
import {
  amountText,
  createdText,
  isDifferent,
  relativeText,
} from '../../src/renderer/src/features/transfers/cell-text';
import {
  draftFormFrom,
  emptyFields,
  fieldsFromDraft,
  submissionFrom,
} from '../../src/renderer/src/features/transfers/transfer-submission';

describe('Transfers table cells', () => {
  afterEach(() => setFormatPreferences({ locale: 'system', dateStyle: 'locale' }));

  it('shows the platform’s own creation date and time', () => {
    setFormatPreferences({ locale: 'en-GB', dateStyle: 'iso' });
    expect(createdText('2026-11-02T09:05:59+01:00')).toBe('2026-11-02 09:05');
    expect(createdText('2026-11-02 23:00+0100')).toBe('2026-11-02 23:00');
    expect(createdText('odd')).toBe('odd');
  });

  it('writes the creation date the chosen way, keeping the platform’s own clock time', () => {
    setFormatPreferences({ locale: 'de-DE', dateStyle: 'locale' });
    expect(createdText('2026-11-02T23:05:59-05:00')).toBe('02.11.26, 23:05');
    setFormatPreferences({ locale: 'en-GB', dateStyle: 'locale' });
    expect(createdText('2026-11-02T09:05:59+01:00')).toBe('02/11/2026, 09:05');
  });

  it('writes amounts exactly, a positive difference with its sign', () => {
    const gbp = (amount: string) => ({ amount, currency: 'GBP' });
    expect(amountText(gbp('12345678901234567.89'))).toMatch(/12,345,678,901,234,567\.89/);
    expect(amountText(gbp('1.50'), true)).toMatch(/^\+.*1\.50$/);
    expect(amountText(gbp('-1.50'), true)).toMatch(/^-.*1\.50$/);
    expect(amountText(gbp('0.00'), true)).not.toMatch(/^\+/);
  });

  it('highlights a difference for approved_edited or when the amounts differ', () => {
    expect(isDifferent(null, 'approved_edited')).toBe(true);
    expect(isDifferent({ amount: '0.00', currency: 'GBP' }, 'approved')).toBe(false);
    expect(isDifferent({ amount: '-0.01', currency: 'GBP' }, 'approved')).toBe(true);
    expect(isDifferent(null, 'pending')).toBe(false);
  });

  it('says how long ago', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(relativeText('2026-11-22T11:59:50Z', now)).toBe('just now');
    expect(relativeText('2026-11-19T12:00:00Z', now)).toBe('3 days ago');
  });
});

describe('what the New transfer request form sends', () => {
  it('trims, and leaves out what is empty', () => {
    const fields = {
      ...emptyFields(),
      float: 'Main',
      currency: 'GBP',
      amount: ' 10.00 ',
      paymentReference: '  ',
    };
    fields.proformaInvoice.city = ' Leeds ';
    expect(submissionFrom(fields, null)).toEqual({
      float: 'Main',
      currency: 'GBP',
      amount: '10.00',
      proformaInvoice: { city: 'Leeds' },
    });
    expect(submissionFrom({ ...fields, financeEmail: 'a@b.example' }, 4)).toMatchObject({
      financeEmail: 'a@b.example',
      draftId: 4,
    });
  });

  it('keeps a draft as typed and reads it back', () => {
    const fields = { ...emptyFields(), float: 'Main', amount: '1.5x', paymentReference: 'RF1' };
    fields.proformaInvoice.country = 'GB';
    const form = draftFormFrom(fields);
    expect(form).toEqual({
      float: 'Main',
      amount: '1.5x',
      paymentReference: 'RF1',
      proformaInvoice: { country: 'GB' },
    });
    expect(fieldsFromDraft(form)).toEqual(fields);
  });
});
