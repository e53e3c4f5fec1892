import fc from 'fast-check';
import { runs } from '../helpers/property-runs';
import { describe, expect, it } from 'vitest';
import { CSV_DELIMITERS, readCsv, writeCsv } from '../../src/main/core/recon/statements/csv';

const fields = (text: string, delimiter: ',' | ';' | '\t' | '|' = ',') =>
  readCsv(text, delimiter).records.map((r) => r.fields);

describe('readCsv', () => {
  it('splits fields and records on CRLF, LF and a lone CR', () => {
    expect(fields('a,b\r\nc,d\ne,f\rg,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('reads quoted fields with delimiters, doubled quotes and newlines, keeping each record line', () => {
    const text =
      'date,text,amount\n01/03/2026,"Rent, March ""flat 2""",-850.00\n02/03/2026,"two\r\nlines",1.00\n03/03/2026,x,2.00\n';
    const { records, problems } = readCsv(text, ',');
    expect(problems).toEqual([]);
    expect(records).toEqual([
      { line: 1, fields: ['date', 'text', 'amount'] },
      { line: 2, fields: ['01/03/2026', 'Rent, March "flat 2"', '-850.00'] },
      { line: 3, fields: ['02/03/2026', 'two\r\nlines', '1.00'] },
      { line: 5, fields: ['03/03/2026', 'x', '2.00'] },
    ]);
  });

  it('skips empty lines but counts them, and keeps empty fields', () => {
    expect(readCsv('a;b\n\n\n;c;\n', ';').records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 4, fields: ['', 'c', ''] },
    ]);
  });

  it('reads a delimiter at the very end of the text as one last empty field', () => {
    expect(fields('a,b,\nc,d,')).toEqual([
      ['a', 'b', ''],
      ['c', 'd', ''],
    ]);
    expect(fields(',')).toEqual([['', '']]);
  });

  it('treats a quote inside an unquoted field as a character', () => {
    expect(fields('27" monitor,5')).toEqual([['27" monitor', '5']]);
  });

  it('uses only the chosen delimiter', () => {
    expect(fields('a;b,c\td|e', ';')).toEqual([['a', 'b,c\td|e']]);
    expect(fields('a;b,c\td|e', '\t')).toEqual([['a;b,c', 'd|e']]);
    expect(fields('a;b,c\td|e', '|')).toEqual([['a;b,c\td', 'e']]);
  });

  it('reports a record with text after a closing quote and reads the others', () => {
    const { records, problems } = readCsv('a,b\n"bad"x,c\nd,e\n', ',');
    expect(records.map((r) => r.line)).toEqual([1, 3]);
    expect(problems).toEqual([
      { line: 2, field: null, problem: expect.stringContaining('Text follows the closing quote of field 1') },
    ]);
  });

  it('reports a quote that is never closed at the line where it opens', () => {
    const { records, problems } = readCsv('a,b\nc,"open\nand on\n', ',');
    expect(records).toEqual([{ line: 1, fields: ['a', 'b'] }]);
    expect(problems).toEqual([{ line: 2, field: null, problem: expect.stringContaining('never closed') }]);
  });
});

describe('writeCsv → readCsv', () => {
  const field = fc.string({
    unit: fc.constantFrom('a', 'Z', '0', ' ', ',', ';', '\t', '|', '"', '\r', '\n', 'ä', '€'),
    maxLength: 12,
  });
  const records = fc.array(fc.array(field, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 });

  it('gives back every record exactly, for every delimiter (quote / unquote round trip)', () => {
    fc.assert(
      fc.property(records, fc.constantFrom(...CSV_DELIMITERS), (input, delimiter) => {
        const { records: read, problems } = readCsv(writeCsv(input, delimiter), delimiter);
        expect(problems).toEqual([]);
        expect(read.map((r) => r.fields)).toEqual(input);
      }),
      runs(1000),
    );
  });

  it('gives every record the line it starts on', () => {
    fc.assert(
      fc.property(records, fc.constantFrom(...CSV_DELIMITERS), (input, delimiter) => {
        const text = writeCsv(input, delimiter);
        let line = 1;
        const expected = input.map((record) => {
          const start = line;
          line += 1 + record.reduce((n, f) => n + f.split(/\r\n|\n|\r/).length - 1, 0);
          return start;
        });
        expect(readCsv(text, delimiter).records.map((r) => r.line)).toEqual(expected);
      }),
      runs(500),
    );
  });
});
