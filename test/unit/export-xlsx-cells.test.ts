/**
 * XLSX cell mapping: amounts as numbers in a currency format unless Excel would round them
 * (then exact text and a note), references and text as neutralised text cells, dates and
 * timestamps as date cells, booleans as booleans, and never a formula.
 */
import { describe, expect, it } from 'vitest';
import { xlsxCell } from '../../src/main/core/export/xlsx/cell-mapping';
import { dateCellContent, timestampCellContent } from '../../src/main/core/export/xlsx/date-cells';
import {
  amountCellContent,
  amountFormat,
  exactNumber,
  significantDigits,
} from '../../src/main/core/export/xlsx/number-cells';
import {
  decodeOoxmlText,
  escapeOoxmlText,
  EXCEL_MAX_CELL_TEXT,
  neutralise,
  textCellContent,
} from '../../src/main/core/export/xlsx/text-cell';
import type { CellValue, ColumnKind } from '../../src/main/core/export/columns';
import { sheetNames } from '../../src/main/core/export/xlsx';

function cell(kind: ColumnKind, value: CellValue, currency?: string) {
  const notes: string[] = [];
  const result = xlsxCell(kind, value, currency, 'Amount', (note) => notes.push(note));
  return { cell: result, notes };
}

describe('amounts', () => {
  it.each([
    ['2500.00', 'GBP', 2500, '#,##0.00 "GBP"'],
    ['-2500.00', 'GBP', -2500, '#,##0.00 "GBP"'],
    ['1500', 'JPY', 1500, '#,##0 "JPY"'],
    ['-12.345', 'KWD', -12.345, '#,##0.000 "KWD"'],
    ['0.10', 'EUR', 0.1, '#,##0.00 "EUR"'],
    ['123456789012.34', 'USD', 123456789012.34, '#,##0.00 "USD"'],
    ['9999999999999.99', 'GBP', 9999999999999.99, '#,##0.00 "GBP"'],
  ])('%s %s is the number %d in format %s', (text, currency, value, format) => {
    expect(cell('amount', text, currency)).toEqual({ cell: { kind: 'number', value, format }, notes: [] });
  });

  it('shows an over-precise amount with all its places, never rounded on screen', () => {
    expect(amountFormat('GBP', '10.125')).toBe('#,##0.000 "GBP"');
    expect(amountFormat('JPY', '10.5')).toBe('#,##0.0 "JPY"');
    expect(amountFormat(undefined, '10.5')).toBe('#,##0.0');
    expect(amountFormat('XXZ', '1.00')).toBe('#,##0.00 "XXZ"');
  });

  it('writes an amount Excel would round as exact text, and says so', () => {
    for (const text of ['12345678901234567.89', '-9007199254740993', '0.1234567890123456']) {
      const { cell: written, notes } = cell('amount', text, 'GBP');
      expect(written).toEqual({ kind: 'text', text: text.startsWith('-') ? `'${text}` : text });
      expect(notes).toEqual([expect.stringContaining(`${text} GBP has more than 15 significant digits`)]);
    }
  });

  it('writes text that is not a decimal as text, with a note', () => {
    const result = amountCellContent('=1+2', 'GBP', 'Requested');
    expect(result).toEqual({
      kind: 'text',
      text: '=1+2',
      note: expect.stringContaining('not a decimal number'),
    });
    expect(cell('amount', '=1+2', 'GBP').cell).toEqual({ kind: 'text', text: "'=1+2" });
  });

  it('counts significant digits of the value and checks the double round trip', () => {
    expect(significantDigits('-0012.3400')).toBe(4);
    expect(significantDigits('2500.00')).toBe(2);
    expect(significantDigits('0.00')).toBe(0);
    expect(exactNumber('-0.00')).toBe(0);
    expect(exactNumber('0.0000001')).toBe(1e-7);
    expect(exactNumber('100000000000000000000000')).toBe(1e23);
    expect(exactNumber('123456789012345')).toBe(123456789012345);
    expect(exactNumber('1234567890123456')).toBeNull();
    expect(exactNumber(`1${'0'.repeat(400)}`)).toBeNull();
    expect(exactNumber(`0.${'0'.repeat(400)}1`)).toBeNull();
    expect(exactNumber('1e5')).toBeNull();
  });
});

describe('integers and booleans', () => {
  it('writes counts as numbers, and what Excel would round as text', () => {
    expect(cell('integer', 42).cell).toEqual({ kind: 'number', value: 42, format: '0' });
    expect(cell('integer', 12n).cell).toEqual({ kind: 'number', value: 12, format: '0' });
    const big = cell('integer', 12345678901234567890n);
    expect(big.cell).toEqual({ kind: 'text', text: '12345678901234567890' });
    expect(big.notes).toHaveLength(1);
  });

  it('writes booleans as booleans', () => {
    expect(cell('boolean', true).cell).toEqual({ kind: 'boolean', value: true });
    expect(cell('boolean', false).cell).toEqual({ kind: 'boolean', value: false });
  });

  it('leaves null empty', () => {
    for (const kind of ['text', 'reference', 'amount', 'integer', 'date', 'timestamp', 'boolean'] as const)
      expect(cell(kind, null)).toEqual({ cell: null, notes: [] });
  });
});

describe('references and text', () => {
  it('keeps references as text: zero-padded and 20-digit references survive', () => {
    expect(cell('reference', '000123').cell).toEqual({ kind: 'text', text: '000123' });
    expect(cell('reference', '12345678901234567890').cell).toEqual({
      kind: 'text',
      text: '12345678901234567890',
    });
    expect(cell('reference', 123).cell).toEqual({ kind: 'text', text: '123' });
    expect(cell('text', '').cell).toBeNull();
  });

  it.each(['=SUM(A1)', '+1', '-1', '@cmd', '\tx', '\rx', '\0x'])('neutralises %j', (text) => {
    expect(neutralise(text)).toBe(`'${text}`);
    const written = cell('text', text).cell as { text: string };
    expect(decodeOoxmlText(written.text)).toBe(`'${text}`);
    expect(decodeOoxmlText((cell('reference', text).cell as { text: string }).text)).toBe(`'${text}`);
  });

  it('leaves other text alone', () => {
    for (const text of ['Plain', "'quoted", ' =spaced', 'a=b', '£1', '1-2'])
      expect(cell('text', text).cell).toEqual({ kind: 'text', text });
  });

  it('escapes what XML cannot carry so it reads back exactly', () => {
    const hard = [
      'a\u0000b',
      'line\r\nnext',
      '\u0001\u001f\u007f\u0085\u009f',
      '\ufffd\ufffe\uffff',
      '_x0041_',
      '_X004a_',
      '\ud83d\ude00 ok',
      'lone \ud800 high',
      'lone \udc00 low',
      '\ud83f\udffe',
    ];
    for (const text of hard) {
      const escaped = escapeOoxmlText(text);
      // eslint-disable-next-line no-control-regex
      expect(escaped).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufffd-\uffff]/);
      expect(decodeOoxmlText(escaped)).toBe(text);
    }
    expect(escapeOoxmlText('a\nb\tc')).toBe('a\nb\tc');
  });

  it('cuts text over 32,767 characters and says so', () => {
    const long = 'x'.repeat(EXCEL_MAX_CELL_TEXT + 10);
    const result = textCellContent(long, 'Note');
    expect(result.written).toHaveLength(EXCEL_MAX_CELL_TEXT);
    expect(result.note).toContain('32,777 characters');
    expect(textCellContent('y'.repeat(EXCEL_MAX_CELL_TEXT), 'Note').note).toBeNull();
    const pair = textCellContent(`${'z'.repeat(EXCEL_MAX_CELL_TEXT - 1)}\ud83d\ude00`, 'Note');
    expect(pair.written).toHaveLength(EXCEL_MAX_CELL_TEXT - 1);
  });
});

describe('dates and timestamps', () => {
  it('writes dates as date cells at UTC midnight', () => {
    // Excel's serial number: days since 1899-12-30.
    expect(cell('date', '2026-10-31').cell).toEqual({ kind: 'number', value: 46326, format: 'yyyy-mm-dd' });
    expect(cell('date', '1900-03-01').cell).toEqual({ kind: 'number', value: 61, format: 'yyyy-mm-dd' });
  });

  it('writes what Excel cannot show as a date as text', () => {
    for (const text of ['2026-02-30', '1899-12-31', '1900-02-28', 'soon']) {
      expect(dateCellContent(text, 'Date').kind).toBe('text');
      expect(cell('date', text).notes).toHaveLength(1);
    }
  });

  it('writes timestamps as UTC date-times, with milliseconds when present', () => {
    expect(timestampCellContent('2026-10-01T10:00:00+01:00', 'At')).toEqual({
      kind: 'date',
      value: new Date('2026-10-01T09:00:00Z'),
      format: 'yyyy-mm-dd hh:mm:ss',
    });
    expect(timestampCellContent('2026-10-01T10:00:00.123456Z', 'At')).toMatchObject({
      format: 'yyyy-mm-dd hh:mm:ss.000',
    });
    expect(timestampCellContent('2026-10-01 10:00', 'At').kind).toBe('text');
  });
});

describe('sheet names', () => {
  it('makes titles valid, unique Excel sheet names', () => {
    expect(sheetNames(["'Quoted'", 'History', 'A/B: [x]?', 'a/b: [x]?', 'x'.repeat(40), ''])).toEqual([
      'Quoted',
      'History (export)',
      'A B   x',
      'a b   x 2',
      'x'.repeat(31),
      'Sheet',
    ]);
  });
});
