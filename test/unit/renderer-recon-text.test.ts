import { describe, expect, it } from 'vitest';
import {
  base64FromDataUrl,
  hrefOfView,
  isIsoDate,
  localIsoDate,
  monthStart,
  viewFromQuery,
} from '../../src/renderer/src/features/reconciliation/recon-query';
import {
  columnRef,
  EMPTY_PROFILE_FORM,
  formFieldOf,
  profileFromForm,
} from '../../src/renderer/src/features/reconciliation/recon-profile';
import {
  flagTitle,
  importSentence,
  moreProblemsSentence,
  isZeroAmount,
  problemSentence,
  runSentence,
  scoreText,
} from '../../src/renderer/src/features/reconciliation/recon-text';
import { setFormatPreferences } from '../../src/renderer/src/lib/format-preferences';
import { profileApplies } from '../../src/renderer/src/stores/recon-import-store';
import { isSelectable, itemName, selectionCounts } from '../../src/renderer/src/stores/recon-items-store';

setFormatPreferences({ locale: 'en-GB', dateStyle: 'iso' });

describe('reconciliation URL query', () => {
  it('reads a valid as-of date, state and age, and ignores anything else', () => {
    expect(viewFromQuery({ asOf: '2026-03-31', state: 'variance', age: '8-30' })).toEqual({
      asOf: '2026-03-31',
      state: 'variance',
      ageing: '8-30',
    });
    expect(viewFromQuery({ asOf: '2026-02-30', state: 'lost', age: '99' })).toEqual({});
    expect(viewFromQuery({})).toEqual({});
  });

  it('writes the view back, leaving out what is not set', () => {
    expect(hrefOfView({ asOf: '2026-03-31', ageing: 'over-30' })).toBe(
      '#/reconciliation?asOf=2026-03-31&age=over-30',
    );
    expect(hrefOfView({})).toBe('#/reconciliation');
    const view = { asOf: '2026-01-31', state: 'unmatched_bank_payment' as const, ageing: '0-2' as const };
    const query = Object.fromEntries(new URLSearchParams(hrefOfView(view).split('?')[1]));
    expect(viewFromQuery(query)).toEqual(view);
  });

  it('knows real calendar dates and month starts', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-3-1')).toBe(false);
    expect(monthStart('2026-03-31')).toBe('2026-03-01');
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('takes the base64 payload of a data URL only', () => {
    expect(base64FromDataUrl('data:text/csv;base64,YSxi')).toBe('YSxi');
    expect(base64FromDataUrl('data:application/octet-stream;base64,')).toBe('');
    expect(base64FromDataUrl('data:text/plain,a,b')).toBeNull();
    expect(base64FromDataUrl('YSxi')).toBeNull();
  });
});

describe('reconciliation words', () => {
  const stored = {
    format: 'csv' as const,
    stored: true,
    linesRead: 12,
    linesAdded: 10,
    linesAlreadyKnown: 2,
    errors: [],
    errorsTotal: 0,
    refusal: null,
  };

  it('says what an import did, or why nothing was stored', () => {
    expect(importSentence('march.csv', stored)).toBe(
      'Imported march.csv (CSV): 12 lines read, 10 added, 2 already known.',
    );
    expect(
      importSentence('march.xml', {
        ...stored,
        format: 'camt053',
        stored: false,
        refusal: 'Opening 100.00 plus the lines does not come to the closing balance 250.00.',
      }),
    ).toBe(
      'Nothing from march.xml (camt.053) was stored: Opening 100.00 plus the lines does not come to the closing balance 250.00.',
    );
    expect(
      importSentence('odd.csv', {
        ...stored,
        linesRead: 1,
        errors: [{ line: 2, field: 'date', problem: 'x' }],
        errorsTotal: 1,
      }),
    ).toBe('Imported odd.csv (CSV): 1 line read, 10 added, 2 already known. 1 line could not be read.');
    const many = { ...stored, errors: [{ line: 2, field: 'date', problem: 'x' }], errorsTotal: 1_201 };
    expect(importSentence('many.csv', many)).toBe(
      'Imported many.csv (CSV): 12 lines read, 10 added, 2 already known. 1,201 lines could not be read.',
    );
    expect(moreProblemsSentence(many)).toBe(
      '… and 1,200 more problems, not listed: fix the first ones and import the file again to see the rest.',
    );
    expect(importSentence('bank.csv', { ...stored, mapping: 'booking date "Date", amount "Amount"' })).toBe(
      'Imported bank.csv (CSV): 12 lines read, 10 added, 2 already known. Columns read by their titles: booking date "Date", amount "Amount".',
    );
  });

  it('names the line and field of each problem', () => {
    expect(problemSentence({ line: 4, field: 'amount', problem: '"12,5O" is not a number' })).toBe(
      'Line 4, amount: "12,5O" is not a number',
    );
    expect(problemSentence({ line: 0, field: null, problem: 'not UTF-8, UTF-16 or Windows-1252' })).toBe(
      'The file: not UTF-8, UTF-16 or Windows-1252',
    );
  });

  it('describes runs and previews', () => {
    const result = {
      summary: { asOf: '2026-03-31' } as never,
      matchesAdded: 1,
      suggestions: 2,
    };
    expect(runSentence({ preview: false, result })).toBe(
      'Matching as of 2026-03-31 done: 1 match added, 2 suggestions to review.',
    );
    expect(runSentence({ preview: true, result })).toBe(
      'Preview as of 2026-03-31, nothing written: matching would add 1 match and leave 2 suggestions to review.',
    );
  });

  it('tells zero in any writing, scores as percentages, and flags in words', () => {
    for (const zero of ['0', '0.00', '-0.00', '+0.0']) expect(isZeroAmount(zero)).toBe(true);
    for (const other of ['0.01', '-1', '', '.', '10']) expect(isZeroAmount(other)).toBe(false);
    expect(scoreText(0.925)).toBe('93%');
    expect(flagTitle('unexplained_credit')).toBe('Unexplained credit');
    expect(flagTitle('some_new_kind')).toBe('Some new kind');
  });
});

describe('reconciliation item helpers', () => {
  const base = {
    ageing: null,
    date: '2026-03-01',
    amount: { amount: '1.00', currency: 'GBP' },
    label: '',
    match: null,
    resolution: null,
    lockedBy: null,
  };
  it('selects open, unmatched items only, and counts lines and requests apart', () => {
    const line = { ...base, kind: 'line' as const, id: 'TX-1', state: 'unmatched_bank_payment' as const };
    const request = { ...base, kind: 'request' as const, id: 'RF01', state: 'awaiting_payment' as const };
    expect(isSelectable(line)).toBe(true);
    expect(isSelectable({ ...request, state: 'resolved' })).toBe(false);
    expect(
      isSelectable({
        ...request,
        state: 'matched',
        match: {
          rule: 'exact_reference',
          lineIds: ['TX-1'],
          requestReferences: ['RF01'],
          score: 1,
          explanation: '',
        },
      }),
    ).toBe(false);
    expect(selectionCounts({ a: line, b: request })).toEqual({ lines: [line], requests: [request] });
    expect(itemName(line)).toBe('bank line TX-1');
    // With its details, a line is named by date, amount and reference — never by FloatDesk's id.
    const computed = {
      ...line,
      id: 'sha256:0f3a:1',
      line: {
        id: 'sha256:0f3a:1',
        bookingDate: '2026-03-02',
        valueDate: null,
        amount: { amount: '-2500.00', currency: 'GBP' },
        counterparty: 'ACME LTD',
        remittance: 'TOP UP',
        reference: 'INV 7',
        bankId: null,
      },
    };
    expect(itemName(computed)).toMatch(/^bank line of .*2026.* for .*2,500\.00 \(reference INV 7\)$/);
    expect(itemName(computed)).not.toContain('sha256:');
    expect(profileApplies('auto')).toBe(true);
    expect(profileApplies('ofx')).toBe(false);
  });
});

describe('New CSV profile form', () => {
  it('builds the profile the core reads: titles, positions, the amount style and the currency', () => {
    expect(
      profileFromForm({
        ...EMPTY_PROFILE_FORM,
        name: 'Barclays',
        date: ' Date ',
        amount: 'Amount',
        debit: 'ignored',
        currency: 'gbp',
        reference: '4',
        headerLines: '2',
      }),
    ).toEqual({
      delimiter: 'auto',
      decimalSeparator: 'auto',
      dateFormat: 'auto',
      headerLines: 2,
      columns: { date: 'Date', amount: 'Amount', reference: 4 },
      currency: 'GBP',
    });
    const split = profileFromForm({
      ...EMPTY_PROFILE_FORM,
      amountStyle: 'debit-credit',
      amount: 'ignored',
      debit: 'Paid out',
      credit: 'Paid in',
      currencyColumn: 'Ccy',
    });
    expect(split.columns).toEqual({ debit: 'Paid out', credit: 'Paid in', currency: 'Ccy' });
    expect(split).not.toHaveProperty('currency');
  });

  it('leaves a header line count that is not a whole number for the core to refuse by name', () => {
    expect(profileFromForm({ ...EMPTY_PROFILE_FORM, headerLines: 'one' }).headerLines).toBe('one');
    expect(columnRef('  ')).toBeUndefined();
    expect(columnRef('12')).toBe(12);
  });

  it('places each problem the core names under its field', () => {
    expect(formFieldOf('profile.columns.amount')).toBe('amount');
    expect(formFieldOf('profile.currency')).toBe('currency');
    expect(formFieldOf('profile.columns.currency')).toBe('currencyColumn');
    expect(formFieldOf('name')).toBe('name');
    expect(formFieldOf('profile.signConvention')).toBeNull();
  });
});
