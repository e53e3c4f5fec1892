import fc from 'fast-check';
import { runs } from '../helpers/property-runs';
import { describe, expect, it } from 'vitest';
import {
  encodeJson,
  parseLossless,
  quoteNumbers,
  RawJsonNumber,
  WireSyntaxError,
} from '../../src/main/core/platform/wire';

/** JSON.parse with every number replaced by the literal JSON.stringify writes for it. */
function parsedWithNumberText(text: string): unknown {
  const numbersAsText = (value: unknown): unknown => {
    if (typeof value === 'number') return JSON.stringify(value);
    if (Array.isArray(value)) return value.map(numbersAsText);
    if (typeof value === 'object' && value !== null) {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        Object.defineProperty(out, key, { value: numbersAsText(item), enumerable: true, writable: true });
      }
      return out;
    }
    return value;
  };
  return numbersAsText(JSON.parse(text));
}

function throws(run: () => unknown): boolean {
  try {
    run();
    return false;
  } catch {
    return true;
  }
}

describe('parseLossless', () => {
  it('keeps every number literal exactly as sent, as text', () => {
    const text =
      '{"a":12345678901234567890.12,"b":0.1,"c":1234.50,"d":-0.000,"e":0,"f":-7,"g":100.5,"h":"1.10"}';
    expect(parseLossless(text)).toEqual({
      a: '12345678901234567890.12',
      b: '0.1',
      c: '1234.50',
      d: '-0.000',
      e: '0',
      f: '-7',
      g: '100.5',
      h: '1.10',
    });
  });

  it('keeps exponent literals as their text', () => {
    expect(parseLossless('[1e5,1E+5,2.5e-3,-0E0]')).toEqual(['1e5', '1E+5', '2.5e-3', '-0E0']);
  });

  it('finds numbers at any depth, and leaves true, false and null alone', () => {
    const text = ' { "x" : [ 1 , { "y" : [ [ 2.50 ] , -3 ] } ] , "t" : true , "n" : null , "f" : false } ';
    expect(parseLossless(text)).toEqual({ x: ['1', { y: [['2.50'], '-3'] }], t: true, n: null, f: false });
  });

  it('leaves digits inside strings alone, whatever the escapes', () => {
    const text = String.raw`{"a":"say \"12\" now","b":"back\\","c":5,"d":"\\\"7\\\\","e":"\u0031\"2","f":"-1"}`;
    expect(parseLossless(text)).toEqual({
      a: 'say "12" now',
      b: 'back\\',
      c: '5',
      d: '\\"7\\\\',
      e: '1"2',
      f: '-1',
    });
  });

  it('handles keys that are digits and a number right before a closing bracket', () => {
    expect(parseLossless('{"1":2,"-3":[4]}')).toEqual({ '1': '2', '-3': ['4'] });
    expect(parseLossless('[1]')).toEqual(['1']);
    expect(parseLossless('7')).toBe('7');
  });

  it('returns the very same text when there is no number', () => {
    const text = '{"a":"1","b":[true,null]}';
    expect(quoteNumbers(text)).toBe(text);
  });

  it.each([
    ['leading zero', '{"a":01}'],
    ['leading zero after minus', '[-01]'],
    ['point without digits', '{"a":1.}'],
    ['point first', '[.5]'],
    ['lone minus', '{"a":-}'],
    ['minus before a letter', '[-Infinity]'],
    ['plus sign', '[+1]'],
    ['exponent without digits', '[1e]'],
    ['exponent sign without digits', '[1e+]'],
    ['NaN', '{"a":NaN}'],
    ['Infinity', '[Infinity]'],
    ['hex', '[0x10]'],
    ['two points', '[1.2.3]'],
    ['trailing garbage', '{"a":1} x'],
    ['trailing number', '{"a":1} 2'],
    ['two values', '[1] [2]'],
    ['number after number', '[1 2]'],
    ['number after string', '["a" 1]'],
    ['unterminated string', '{"a":"abc'],
    ['unterminated string ending in an escaped quote', '{"a":"abc\\"}'],
    ['unterminated key', '{"a'],
    ['number as an object key', '{1:2}'],
    ['number as an object key, with spaces', '{ "a":1, 22 \n : 3}'],
    ['negative number as an object key', '{-1:"x"}'],
    ['trailing comma', '{"a":1,}'],
    ['trailing comma in a list', '[1,2,]'],
    ['empty text', ''],
    ['only spaces', '   '],
    ['single quotes', "{'a':1}"],
    ['unquoted key', '{a:1}'],
    ['control character in a string', '{"a":"x\ny"}'],
    ['truncated', '{"code":"000","data":[{"amount":12'],
  ])('rejects %s', (_name, text) => {
    expect(() => parseLossless(text)).toThrow(WireSyntaxError);
  });

  it('says where a bad number is', () => {
    try {
      parseLossless('{"a":01}');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(WireSyntaxError);
      expect((error as WireSyntaxError).position).toBe(5);
    }
  });

  it('agrees with JSON.parse on any JSON value, numbers aside', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(parseLossless(text)).toEqual(parsedWithNumberText(text));
      }),
      runs(2000),
    );
  });

  it('accepts exactly the texts JSON.parse accepts, after random edits', () => {
    const alphabet = fc.constantFrom(...'0123456789-+.eE:,[]{}" \\\nabtn'.split(''));
    const edited = fc
      .tuple(fc.json({ maxDepth: 3 }), fc.nat(), fc.nat({ max: 3 }), fc.array(alphabet, { maxLength: 3 }))
      .map(([text, at, remove, insert]) => {
        const position = at % (text.length + 1);
        return text.slice(0, position) + insert.join('') + text.slice(position + remove);
      });
    fc.assert(
      fc.property(edited, (text) => {
        const nativeFails = throws(() => JSON.parse(text));
        expect(throws(() => parseLossless(text))).toBe(nativeFails);
      }),
      runs(5000),
    );
  });

  it('does not let quoting turn a number used as a key into valid JSON', () => {
    const numericKeys = fc
      .dictionary(fc.stringMatching(/^-?(0|[1-9]\d{0,3})(\.\d)?$/), fc.jsonValue({ maxDepth: 1 }), {
        minKeys: 1,
      })
      .chain((map) => fc.tuple(fc.constant(JSON.stringify(map)), fc.constantFrom(':', ' :', '\n\t: ')));
    fc.assert(
      fc.property(numericKeys, ([text, colon]) => {
        const unquoted = text.replace(/"(-?[\d.]+)":/g, `$1${colon}`);
        expect(() => JSON.parse(unquoted)).toThrow();
        expect(() => parseLossless(unquoted)).toThrow(WireSyntaxError);
      }),
      runs(500),
    );
  });
});

describe('encodeJson', () => {
  it('writes RawJsonNumber values as number literals, digit for digit', () => {
    const body = {
      float: 'Main',
      amount: new RawJsonNumber('12345678.91'),
      tiny: new RawJsonNumber('0.10'),
      list: [new RawJsonNumber('-3'), 'x'],
    };
    const text = encodeJson(body);
    expect(text).toBe('{"float":"Main","amount":12345678.91,"tiny":0.10,"list":[-3,"x"]}');
    expect(parseLossless(text)).toEqual({
      float: 'Main',
      amount: '12345678.91',
      tiny: '0.10',
      list: ['-3', 'x'],
    });
  });

  it('never lets a string pose as a raw number', () => {
    const hostile = [
      '\u0000',
      '\u00001:2',
      '\u0000deadbeef:5',
      '"5"',
      '5',
      String.raw`\u0000`,
      '\\"\u0000x:1"',
    ];
    for (const value of hostile) {
      const text = encodeJson({ value, amount: new RawJsonNumber('1.00') });
      expect(JSON.parse(text)).toEqual({ value, amount: 1 });
      expect(parseLossless(text)).toEqual({ value, amount: '1.00' });
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const text = encodeJson({ value, n: new RawJsonNumber('7') });
        expect((parseLossless(text) as { value: unknown }).value).toBe(value);
      }),
      runs(1000),
    );
  });

  it('refuses a RawJsonNumber that is not a plain decimal', () => {
    for (const text of ['1e5', 'NaN', '01', '1.', '.5', '+1', '1 ', '', '1,5']) {
      expect(() => new RawJsonNumber(text)).toThrow();
    }
  });
});
