/**
 * The streaming CSV tokenizer gives the same records and problems however the text is cut into
 * pieces: at every byte, in halves, or whole.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StatementProblem } from '../../src/shared/domain/statements';
import { readCsv } from '../../src/main/core/recon/statements/csv';
import { CsvRecordStream, type StreamedRecord } from '../../src/main/core/recon/statements/csv-stream';
import { runs } from '../helpers/property-runs';

function stream(pieces: readonly string[]): { records: StreamedRecord[]; problems: StatementProblem[] } {
  const records: StreamedRecord[] = [];
  const problems: StatementProblem[] = [];
  const reader = new CsvRecordStream(
    ',',
    (record) => records.push(record),
    (problem) => problems.push(problem),
  );
  for (const piece of pieces) reader.push(piece);
  reader.end();
  return { records, problems };
}

const cut = (text: string, size: number): string[] =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

describe('CsvRecordStream', () => {
  it('reads CRLF, LF, a lone CR and quoted line breaks the same in any pieces', () => {
    const text = 'a,b\r\n"x\r\ny",2\n\nc,"d ""q"""\re,f';
    const whole = stream([text]);
    expect(whole.records.map((r) => [r.line, r.endLine, r.fields])).toEqual([
      [1, 1, ['a', 'b']],
      [2, 3, ['x\r\ny', '2']],
      [5, 5, ['c', 'd "q"']],
      [6, 6, ['e', 'f']],
    ]);
    for (const size of [1, 2, 3, 7]) expect(stream(cut(text, size))).toEqual(whole);
  });

  it('property: any text, cut anywhere, reads as whole, and as readCsv reads it', () => {
    const piece = fc.constantFrom('a', 'b', ',', '"', '""', '\r', '\n', '\r\n', ' ', 'é');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.integer({ min: 1, max: 9 }), (parts, size) => {
        const text = parts.join('');
        const whole = stream([text]);
        expect(stream(cut(text, size))).toEqual(whole);
        const reference = readCsv(text, ',');
        // readCsv reads a delimiter that ends the text as two empty fields; the stream reads one.
        if (whole.problems.length === 0 && reference.problems.length === 0 && !text.endsWith(','))
          expect(whole.records.map((r) => [r.line, r.fields])).toEqual(
            reference.records.map((r) => [r.line, r.fields]),
          );
      }),
      runs(3_000),
    );
  });

  it('skips a quoted record too long to keep and goes on, wherever the pieces end', () => {
    const text = `a,b\r\n1,"${'x\n'.repeat(40_000)}"\r\nc,d\r\n`;
    for (const pieces of [[text], cut(text, 1024), cut(text, 50_000)]) {
      const { records, problems } = stream(pieces);
      expect(problems).toEqual([
        { line: 2, field: null, problem: expect.stringContaining('longer than 65,536 characters') },
      ]);
      expect(records.map((r) => [r.line, r.fields])).toEqual([
        [1, ['a', 'b']],
        [40_003, ['c', 'd']],
      ]);
    }
  });

  it('stops at a quoted field that never closes, and says the later lines were not read', () => {
    for (const pieces of [['a,b\n1,"open\n2,3\n'], cut('a,b\n1,"open\n2,3\n', 2)]) {
      const { records, problems } = stream(pieces);
      expect(records).toHaveLength(1);
      expect(problems).toEqual([
        {
          line: 2,
          field: null,
          problem:
            'A quoted field opened on line 2 is never closed: the file ends inside it (cut short?). The lines after it were not read.',
        },
      ]);
    }
  });
});
