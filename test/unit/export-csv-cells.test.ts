import fc from 'fast-check';
import { runs } from '../helpers/property-runs';
import { describe, expect, it } from 'vitest';
import { fromMinorUnits } from '../../src/shared/domain/money';
import { amountText, csvField, textField } from '../../src/main/core/export/csv-cells';
import { CSV_REGIONAL, CSV_STANDARD } from '../../src/main/core/export/csv-dialect';
import { headerLine, rowLine, writeCsv } from '../../src/main/core/export/csv';
import type { ExportColumn } from '../../src/main/core/export/columns';
import { readCsv } from '../helpers/csv-read';

describe('CSV text fields', () => {
  it('quotes separators, quotes and line breaks (RFC 4180), and nothing else', () => {
    expect(textField('plain text', ',')).toBe('plain text');
    expect(textField('a,b', ',')).toBe('"a,b"');
    expect(textField('a,b', ';')).toBe('a,b');
    expect(textField('a;b', ';')).toBe('"a;b"');
    expect(textField('say "hi"', ',')).toBe('"say ""hi"""');
    expect(textField('two\nlines', ',')).toBe('"two\nlines"');
    expect(textField('cr\rhere', ',')).toBe('"cr\rhere"');
  });

  it('neutralises every formula-like start with a quote and quotes the field (OWASP)', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\0'])
      expect(textField(`${start}1+1`, ',')).toBe(`"'${start}1+1"`);
    expect(textField('=HYPERLINK("x")', ';')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(textField('a=1', ',')).toBe('a=1');
  });

  it('neutralises text columns only: negative amounts and numbers stay numbers', () => {
    expect(csvField('amount', '-2500.00', 'EUR', CSV_STANDARD)).toBe('-2500.00');
    expect(csvField('amount', '-2500.00', 'EUR', CSV_REGIONAL)).toBe('-2500,00');
    expect(csvField('integer', -5, undefined, CSV_STANDARD)).toBe('-5');
    expect(csvField('text', '-5', undefined, CSV_STANDARD)).toBe(`"'-5"`);
    expect(csvField('reference', '+44 123', undefined, CSV_REGIONAL)).toBe(`"'+44 123"`);
  });

  it('writes amounts digit for digit with the currency decimals, and keeps over-precise digits', () => {
    expect(amountText('12', 'EUR')).toBe('12.00');
    expect(amountText('12.5', 'KWD')).toBe('12.500');
    expect(amountText('1200', 'JPY')).toBe('1200');
    expect(amountText('12.3456', 'EUR')).toBe('12.3456');
    expect(amountText('12345678901234567890.12', 'GBP')).toBe('12345678901234567890.12');
    expect(amountText('1e3', 'EUR')).toBe('1000.00');
    expect(amountText('not a number', 'EUR')).toBeUndefined();
    expect(csvField('amount', '=1+1', 'EUR', CSV_STANDARD)).toBe(`"'=1+1"`);
    expect(csvField('amount', '0.10', 'EUR', CSV_REGIONAL)).toBe('0,10');
    expect(csvField('amount', null, 'EUR', CSV_REGIONAL)).toBe('');
  });

  it('property: any text reads back as itself, or with a leading quote when it starts like a formula', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.constantFrom(CSV_STANDARD, CSV_REGIONAL),
        (text, dialect) => {
          const line = `\uFEFF${textField(text, dialect.separator)}${dialect.separator}x\r\n`;
          const [record] = readCsv(line, dialect.separator);
          expect(record).toHaveLength(2);
          expect(record?.[0]).toBe(/^[=+\-@\t\r\0]/.test(text) ? `'${text}` : text);
        },
      ),
      runs(2000),
    );
  });

  it('property: minor units of 0, 2 and 3 decimal currencies are written exactly, comma or point', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
        fc.constantFrom('JPY', 'EUR', 'KWD'),
        (minor, currency) => {
          const canonical = fromMinorUnits(minor, currency);
          expect(csvField('amount', canonical, currency, CSV_STANDARD)).toBe(canonical);
          expect(csvField('amount', canonical, currency, CSV_REGIONAL)).toBe(canonical.replace('.', ','));
          const digits = (minor < 0n ? -minor : minor).toString();
          expect(canonical.replace(/[-.]/g, '').replace(/^0+(?=\d)/, '')).toBe(digits);
        },
      ),
      runs(2000),
    );
  });
});

describe('CSV tables', () => {
  const columns: ExportColumn<{ a: string; n: string }>[] = [
    { key: 'a', header: 'Name, full', kind: 'text', value: (r) => r.a },
    { key: 'n', header: 'Amount', kind: 'amount', value: (r) => r.n, currency: () => 'EUR' },
  ];

  it('writes a header and CRLF rows; several tables as titled blocks separated by one empty line', async () => {
    expect(headerLine(columns, CSV_STANDARD)).toBe('"Name, full",Amount\r\n');
    expect(rowLine(columns, { a: '@x', n: '-1' }, CSV_REGIONAL)).toBe(`"'@x";-1,00\r\n`);
    let text = '';
    const sink = { write: async (chunk: string) => void (text += chunk) };
    const table = (title: string) => ({ title, columns, rows: [{ a: 'x', n: '1.5' }], totalRows: 1 });
    const { rows } = await writeCsv([table('One'), table('Two')], sink, CSV_STANDARD);
    expect(rows).toBe(2);
    expect(text).toBe(
      '\uFEFFOne\r\n"Name, full",Amount\r\nx,1.50\r\n\r\nTwo\r\n"Name, full",Amount\r\nx,1.50\r\n',
    );
  });

  it('stops between chunks when cancelled', async () => {
    const controller = new AbortController();
    const many = Array.from({ length: 20_000 }, (_, i) => ({ a: `r${i}`, n: '1' }));
    const sink = { write: async () => controller.abort() };
    await expect(
      writeCsv([{ title: 'T', columns, rows: many, totalRows: null }], sink, CSV_STANDARD, {
        signal: controller.signal,
      }),
    ).rejects.toThrow(/cancelled/);
  });
});
