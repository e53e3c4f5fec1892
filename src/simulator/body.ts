/**
 * The simulator's own lossless JSON reader for request bodies. Numbers are kept as their literal text
 * (JsonNumber), so "100.10" and "100.1" and "1e2" stay distinguishable and a 17-digit amount is never
 * rounded through a binary float. Deliberately independent of the client's parser.
 */
import { JsonNumber } from './json';

export type Parsed = null | boolean | string | JsonNumber | Parsed[] | ParsedObject;
export interface ParsedObject {
  [key: string]: Parsed;
}

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at position ${position}`);
    this.name = 'JsonSyntaxError';
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const MAX_DEPTH = 64;

export function parseJson(text: string): Parsed {
  let pos = 0;

  const fail = (message: string): never => {
    throw new JsonSyntaxError(message, pos);
  };
  const skipSpace = (): void => {
    while (pos < text.length && ' \t\n\r'.includes(text[pos] as string)) pos++;
  };
  const expect = (char: string): void => {
    if (text[pos] !== char) fail(`Expected "${char}"`);
    pos++;
  };

  const readString = (): string => {
    expect('"');
    let out = '';
    for (;;) {
      const char = text[pos];
      if (char === undefined) return fail('Unterminated string');
      if (char === '"') {
        pos++;
        return out;
      }
      if (char < ' ') fail('Control character in string');
      if (char !== '\\') {
        out += char;
        pos++;
        continue;
      }
      const escape = text[pos + 1];
      if (escape === 'u') {
        const hex = text.slice(pos + 2, pos + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('Bad \\u escape');
        out += String.fromCharCode(parseInt(hex, 16));
        pos += 6;
      } else if (escape !== undefined && escape in ESCAPES) {
        out += ESCAPES[escape];
        pos += 2;
      } else fail('Bad escape');
    }
  };

  const readValue = (depth: number): Parsed => {
    if (depth > MAX_DEPTH) fail('Nested too deeply');
    skipSpace();
    const char = text[pos];
    if (char === '{') {
      pos++;
      const object = Object.create(null) as ParsedObject;
      skipSpace();
      if (text[pos] === '}') {
        pos++;
        return object;
      }
      for (;;) {
        skipSpace();
        const key = readString();
        skipSpace();
        expect(':');
        object[key] = readValue(depth + 1);
        skipSpace();
        if (text[pos] === ',') pos++;
        else if (text[pos] === '}') {
          pos++;
          return object;
        } else fail('Expected "," or "}"');
      }
    }
    if (char === '[') {
      pos++;
      const array: Parsed[] = [];
      skipSpace();
      if (text[pos] === ']') {
        pos++;
        return array;
      }
      for (;;) {
        array.push(readValue(depth + 1));
        skipSpace();
        if (text[pos] === ',') pos++;
        else if (text[pos] === ']') {
          pos++;
          return array;
        } else fail('Expected "," or "]"');
      }
    }
    if (char === '"') return readString();
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = pos;
    const match = NUMBER.exec(text);
    if (match === null) return fail('Unexpected token');
    pos += match[0].length;
    return new JsonNumber(match[0]);
  };

  const value = readValue(0);
  skipSpace();
  if (pos !== text.length) fail('Unexpected text after the JSON value');
  return value;
}

export function isObject(value: Parsed | undefined): value is ParsedObject {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof JsonNumber)
  );
}

/** Decimal text → integer minor units at `exponent`, or null when it has more decimals than that. */
export function decimalToMinor(text: string, exponent: number): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (match === null) return null;
  const [, sign, integer, fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > exponent) return null;
  const minor = BigInt((integer as string) + trimmed.padEnd(exponent, '0'));
  return sign === '-' ? -minor : minor;
}

/** A JSON number's literal as plain decimal text ("1e2" → "100", "1.5E-1" → "0.15"). */
export function plainDecimal(number: JsonNumber): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(number.text);
  if (match === null) return number.text;
  const [, sign = '', integer = '', fraction = '', exponentText = '0'] = match;
  const shift = Number(exponentText);
  if (Math.abs(shift) > 400) return number.text; // absurd exponents stay unparsed and fail validation
  let digits = integer + fraction;
  let point = integer.length + shift;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits = digits.padEnd(point, '0');
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const rest = digits.slice(point);
  return `${sign}${whole}${rest === '' ? '' : `.${rest}`}`;
}

/**
 * Whether a Content-Type header announces JSON: application/json or application/<anything>+json,
 * parameters (charset) ignored, case-insensitive. The platform reads a body as JSON only then.
 */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const type = (header.split(';')[0] ?? '').trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}
