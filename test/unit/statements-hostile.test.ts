/**
 * Hostile and broken statement files, every format: unterminated constructs, character references
 * that name nothing, a document's own entities, huge fields and lines, control characters, a header
 * of 200,000 columns. Each is answered quickly with problems that name a line, never a thrown error
 * or "internal", and the answer stays small however bad the file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importStatement, type ImportOptions } from '../../src/main/core/recon/statements';
import {
  MAX_PROBLEMS_LISTED,
  MAX_PROBLEM_CHARS,
  MAX_QUOTED_CHARS,
} from '../../src/main/core/recon/statements/limits';
import type { StatementImport } from '../../src/shared/domain/statements';
import { AppError } from '../../src/shared/ipc/errors';
import { readerError } from '../../src/main/core/recon/import/read-job';
import { STATEMENT_FIXTURES } from '../helpers/statement-fixtures';

const fixture = (name: string): string => readFileSync(join(STATEMENT_FIXTURES, name), 'utf8');
const CAMT = fixture('camt053-v02.xml');
const MT940 = fixture('mt940-two-statements.sta');
const OFX = fixture('ofx1-checking.ofx');
const CSV_PROFILE = { columns: { date: 'Date', amount: 'Amount', remittance: 'Text' }, currency: 'GBP' };
const CSV_HEAD = 'Date,Amount,Text\r\n2026-03-02,-25.00,Rent\r\n';

/** Every hostile file must be answered within this, whatever its size (all are at most ~1 MB). */
const TIME_BOUND_MS = 2_000;

function read(text: string, options: ImportOptions): { result: StatementImport; ms: number } {
  const started = performance.now();
  const result = importStatement(Buffer.from(text, 'utf8'), options);
  return { result, ms: performance.now() - started };
}

/** Answered in time, not stored as if fine, every problem on a line, bounded in count and length. */
function expectRefused(text: string, options: ImportOptions, pattern: RegExp): StatementImport {
  const { result, ms } = read(text, options);
  expect(ms).toBeLessThan(TIME_BOUND_MS);
  expect(result.errors.length).toBeGreaterThan(0);
  expect(result.errors.length).toBeLessThanOrEqual(MAX_PROBLEMS_LISTED);
  expect(result.errorsTotal).toBeGreaterThanOrEqual(result.errors.length);
  for (const problem of result.errors) {
    expect(problem.line).toBeGreaterThanOrEqual(1);
    expect(problem.problem.length).toBeLessThanOrEqual(MAX_PROBLEM_CHARS);
    // eslint-disable-next-line no-control-regex -- no control character ever reaches a message
    expect(problem.problem).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  }
  expect(result.errors.map((p) => p.problem).join('\n')).toMatch(pattern);
  return result;
}

const KB = 1024;
const repeat = (unit: string, bytes: number): string => unit.repeat(Math.ceil(bytes / unit.length));

describe('OFX: one pass, the first unterminated construct stops the reading', () => {
  const body = OFX.slice(OFX.search(/<OFX>/i));
  it.each([
    ['<!--', /comment \(<!--\) opened on line \d+ is never closed/],
    ['<?', /processing instruction \(<\?\) opened on line \d+ is never closed/],
    ['<!', /declaration \(<!\) opened on line \d+ is never closed/],
    ['<A', /tag "<A<A.*" opened on line \d+ is never closed/],
    ['<A b="', /tag .* opened on line \d+ is never closed/],
    ['<![CDATA[', /CDATA section .* never closed/],
  ])('%s repeated over 400 KB', (unit, pattern) => {
    expectRefused(`${body}${repeat(unit, 400 * KB)}`, { format: 'ofx' }, pattern);
  });

  it('calls a character reference beyond U+10FFFF, a surrogate or NUL a problem on its line', () => {
    for (const reference of ['&#x110000;', '&#xD800;', '&#0;', '&#99999999;']) {
      const text = OFX.replace(/<MEMO>[^<\r\n]*/, `<MEMO>Rent ${reference}`);
      const { problem, line } = expectRefused(text, { format: 'ofx' }, /is not a character/).errors[0]!;
      expect(problem).toContain(reference);
      expect(line).toBe(text.slice(0, text.indexOf(reference)).split('\n').length);
    }
  });

  it('refuses elements nested thousands deep with a problem on its line, never a stack overflow', () => {
    const deep = `<OFX>${'<A>'.repeat(20_000)}${'</A>'.repeat(20_000)}</OFX>`;
    expectRefused(deep, { format: 'ofx' }, /nested more than 100 deep/);
  });

  it('is not a tag when "<" opens something that is no element', () => {
    expectRefused(body.replace('<STMTTRN>', '<STMTTRN <<<< x>'), { format: 'ofx' }, /is not an OFX tag/);
  });
});

describe('camt.053: no DTD, no entity expansion', () => {
  it('refuses a document type with an internal entity before parsing, so &amt; cannot change an amount', () => {
    const withEntity = CAMT.replace(
      /<Document/,
      '<!DOCTYPE Document [<!ENTITY amt "999999.00">]>\n<Document',
    ).replace(/<Amt Ccy="EUR">[^<]*<\/Amt>/, '<Amt Ccy="EUR">&amt;</Amt>');
    const result = expectRefused(withEntity, { format: 'camt053' }, /declares a document type or entity/);
    expect(result.lines).toEqual([]);
  });

  it('refuses an entity it does not define rather than keeping it or expanding it', () => {
    const text = CAMT.replace(/<Amt Ccy="EUR">[^<]*<\/Amt>/, '<Amt Ccy="EUR">&amt;</Amt>');
    expectRefused(text, { format: 'camt053' }, /"&amt;" is not one of the five XML entities/);
  });

  it('decodes the five entities and numeric references in text, and keeps CDATA as written', () => {
    const text = CAMT.replace(
      /<Ustrd>[^<]*<\/Ustrd>/,
      '<Ustrd>A &amp; B &#x263A; <![CDATA[x &amp; <y>]]></Ustrd>',
    );
    const { result } = read(text, { format: 'camt053' });
    expect(result.errors).toEqual([]);
    expect(result.lines.some((l) => l.remittance?.startsWith('A & B ☺ x &amp; <y>'))).toBe(true);
  });

  it.each([
    ['<!--', /comment "<!--<!--.*" is never closed/],
    ['<A', /tag "<A<A.*" is never closed/],
    ['<![CDATA[', /CDATA section .* never closed/],
    ['&#x110000;', /longer than any statement holds/],
    ['&#x110000;<a/>', /is not a character/],
  ])('%s repeated over 400 KB', (unit, pattern) => {
    expectRefused(CAMT.replace('</Document>', repeat(unit, 400 * KB)), { format: 'camt053' }, pattern);
  });

  it('refuses a field of 20 MB, quoting only the start of it', () => {
    const huge = 'x'.repeat(20 * KB * KB);
    const text = CAMT.replace(/<Ustrd>[^<]*<\/Ustrd>/, `<Ustrd>${huge}</Ustrd>`);
    const result = expectRefused(
      text,
      { format: 'camt053' },
      /is longer than any statement holds: "<Ustrd>x+…" \(20,971,5\d\d characters\)/,
    );
    expect(result.errors[0]!.problem).toContain(`"<Ustrd>${'x'.repeat(MAX_QUOTED_CHARS - 7)}…"`);
  });
});

describe('MT940', () => {
  it('answers thousands of broken statements with the first 100 problems and their count', () => {
    const result = expectRefused(
      `${MT940}${repeat(':20:\n', 200 * KB)}`,
      { format: 'mt940' },
      /opening balance/,
    );
    expect(result.errors).toHaveLength(MAX_PROBLEMS_LISTED);
    expect(result.errorsTotal).toBeGreaterThan(10_000);
  });

  it('refuses a control character in a statement line with its line', () => {
    const text = MT940.replace(/:86:([^\n]*)/, ':86:Rent\u0000paid');
    const { line } = expectRefused(text, { format: 'mt940' }, /control character U\+0000/).errors[0]!;
    expect(line).toBeGreaterThan(1);
  });

  it('quotes at most 80 characters of a line that is not a field', () => {
    const text = MT940.replace(/\n-\}/, `\n${'y'.repeat(100_000)}\n-}`);
    const { result } = read(text, { format: 'mt940' });
    expect(result.errors.every((p) => p.problem.length <= MAX_PROBLEM_CHARS)).toBe(true);
  });
});

describe('CSV', () => {
  const csv: ImportOptions = { format: 'csv', profile: CSV_PROFILE };

  it('refuses a field of 20 MB and goes on with the next rows', () => {
    const text = `${CSV_HEAD}2026-03-03,-1.00,"${'z'.repeat(20 * KB * KB)}"\r\n2026-03-04,-2.00,Fee\r\n`;
    const result = expectRefused(text, csv, /longer than 65,536 characters/);
    expect(result.errors[0]!.line).toBe(3);
    expect(result.lines.map((l) => l.sourceLine)).toEqual([2, 4]);
  });

  it('refuses a field over 4,096 characters with its line and column', () => {
    const text = `${CSV_HEAD}2026-03-03,-1.00,${'w'.repeat(5_000)}\r\n`;
    const { line, field, problem } = expectRefused(text, csv, /5,000 characters long/).errors[0]!;
    expect([line, field]).toEqual([3, 'column 3']);
    expect(problem).toContain(`"${'w'.repeat(MAX_QUOTED_CHARS)}…" (5,000 characters)`);
  });

  it('refuses NUL and other control characters with the line, never storing them', () => {
    for (const control of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085']) {
      const text = `${CSV_HEAD}2026-03-03,-1.00,Rent${control}x\r\n`;
      const result = expectRefused(text, csv, /control character U\+00/);
      expect(result.errors[0]!.line).toBe(3);
      expect(result.lines.map((l) => l.remittance)).toEqual(['Rent']);
    }
  });

  it('answers a header of 200,000 columns in a few hundred characters', () => {
    const text = `Date,Amount,Text,${'x,'.repeat(200_000)}\r\n2026-03-02,-25.00,Rent\r\n`;
    const result = expectRefused(text, csv, /longer than 65,536 characters|columns/);
    expect(JSON.stringify(result.errors).length).toBeLessThan(5_000);
  });

  it('answers 100,000 bad rows with the first 100 problems and the count', () => {
    const text = `${CSV_HEAD}${'x,y,z\r\n'.repeat(100_000)}`;
    const result = expectRefused(text, csv, /is not a date/);
    expect(result.errors).toHaveLength(MAX_PROBLEMS_LISTED);
    expect(result.errorsTotal).toBe(200_000);
    expect(result.errors[0]!.line).toBe(3);
  });

  it('stops at a quoted field that never closes, naming the line it opened on', () => {
    const text = `${CSV_HEAD}2026-03-03,-1.00,"never closed\r\n${'2026-03-04,-2.00,Fee\r\n'.repeat(10_000)}`;
    const { line } = expectRefused(text, csv, /quoted field .* runs on past|never closed/).errors[0]!;
    expect(line).toBe(3);
  });

  it("keeps a bank id that looks like one of FloatDesk's own ids apart from them", () => {
    const profile = { ...CSV_PROFILE, columns: { ...CSV_PROFILE.columns, bankTransactionId: 'Id' } };
    const own = `sha256:${'ab'.repeat(16)}:1`;
    const text = `Date,Amount,Text,Id\r\n2026-03-02,-25.00,Rent,${own}\r\n2026-03-03,-5.00,Fee,X\r\n2026-03-04,-6.00,Fee,X#2\r\n2026-03-05,-7.00,Fee,X\r\n`;
    const { result } = read(text, { format: 'csv', profile });
    expect(result.errors).toEqual([]);
    // Every id of a file is unique: the second "X" does not take the id of the line called "X#2".
    expect(result.lines.map((l) => l.bankTransactionId)).toEqual([`bank:${own}`, 'X', 'X#2', 'X#3']);
  });
});

describe('a reader that cannot hold a file', () => {
  it('says the file is too large or too deep, never "internal"', () => {
    const said = readerError(new RangeError('Maximum call stack size exceeded'), 'march.ofx');
    expect(said).toBeInstanceOf(AppError);
    expect((said as AppError).code).toBe('invalid_input');
    expect((said as AppError).message).toMatch(/^march\.ofx is too large or too deeply nested/);
    const memory = Object.assign(new Error('worker ran out of memory'), { code: 'ERR_WORKER_OUT_OF_MEMORY' });
    expect((readerError(memory, 'big.xml') as AppError).code).toBe('invalid_input');
    const other = new TypeError('something else');
    expect(readerError(other, 'x')).toBe(other);
  });
});
