/**
 * A push travels as PostgreSQL array literals (team-array-literal.ts, textArrayLiteral): every text, of
 * any characters, must read back as it was sent, whether written by JSON.stringify (no control
 * character, no surrogate) or escaped one by one. Read back here as PostgreSQL's array_in reads a
 * literal of quoted elements (the real server reads them in team-database.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textArrayLiteral } from '../../src/main/core/team/team-array-literal';
import { runs } from '../helpers/property-runs';

/** Quoted elements, comma-separated, a backslash taking the next character as it is. */
function readLiteral(literal: string): string[] {
  expect(literal.startsWith('{') && literal.endsWith('}')).toBe(true);
  const values: string[] = [];
  let at = 1;
  while (at < literal.length - 1) {
    expect(literal[at]).toBe('"');
    at += 1;
    let value = '';
    while (literal[at] !== '"') {
      if (literal[at] === '\\') at += 1;
      expect(at).toBeLessThan(literal.length - 1);
      value += literal[at];
      at += 1;
    }
    values.push(value);
    at += 1;
    if (at < literal.length - 1) {
      expect(literal[at]).toBe(',');
      at += 1;
    }
  }
  return values;
}

/** String.prototype.isWellFormed (Node 20; not in this project's TypeScript library yet). */
const wellFormed = (value: string): boolean =>
  (value as unknown as { isWellFormed(): boolean }).isWellFormed();

describe('textArrayLiteral', () => {
  it('reads back every text as it was, of any characters, and refuses one that is not valid Unicode', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { maxLength: 8 }), (values) => {
        if (values.some((value) => !wellFormed(value)))
          expect(() => textArrayLiteral(values)).toThrow(/not valid Unicode/);
        else expect(readLiteral(textArrayLiteral(values))).toEqual(values);
      }),
      runs(500),
    );
    // Halves of one pair in two texts are two lone surrogates, not a pair.
    expect(() => textArrayLiteral(['a\ud83d', '\ude00b'])).toThrow(/not valid Unicode/);
    expect(readLiteral(textArrayLiteral(['a\ud83d\ude00b']))).toEqual(['a😀b']);
  });

  it('reads back payloads, subjects and times as a push sends them', () => {
    const values = [
      JSON.stringify({ note: 'a "quoted" \\ back\nslash, {braces}, NULL', emoji: '😀' }),
      'line:GB29NWBK60161331926819/BANK-1 request:FD00000001',
      'two\tcontrol\ncharacters',
      '',
      'NULL',
    ];
    expect(readLiteral(textArrayLiteral(values))).toEqual(values);
    expect(textArrayLiteral([])).toBe('{}');
  });
});
