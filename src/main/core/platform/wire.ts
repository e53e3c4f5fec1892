/**
 * Lossless JSON for platform answers. One scanning pass turns every number literal outside a string
 * into a string holding the literal exactly as sent ("1234.50" stays "1234.50", 12345678901234.56
 * keeps every digit), then the native JSON.parse does the rest. No amount ever passes through a
 * binary float. Schemas therefore read numeric fields as decimal strings; the platform sends some
 * amounts as numbers and some as strings anyway, and both arrive here as the same exact text.
 *
 * The scan checks each number literal against the JSON grammar itself and refuses a number in the
 * place of an object key: quoting it would otherwise turn invalid JSON such as `{1:2}` into valid
 * JSON. Everything else (structure, literals, escapes) is left to JSON.parse.
 */
import { invalidInput } from '../../../shared/ipc/errors';

export class WireSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'WireSyntaxError';
  }
}

const BACKSLASH = 92;
const MINUS = 45;
const PLUS = 43;
const DOT = 46;
const COLON = 58;
const ZERO = 48;
const NINE = 57;

function isDigit(code: number): boolean {
  return code >= ZERO && code <= NINE;
}

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

/** Index just past the closing quote of the string that opens at `start`. */
function endOfString(text: string, start: number): number {
  let index = start + 1;
  for (;;) {
    const quote = text.indexOf('"', index);
    if (quote === -1) throw new WireSyntaxError(`Unterminated string at position ${start}`, start);
    let backslashes = 0;
    for (let k = quote - 1; k > start && text.charCodeAt(k) === BACKSLASH; k--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    index = quote + 1;
  }
}

function invalidNumber(start: number, why: string): never {
  throw new WireSyntaxError(`Invalid number at position ${start}: ${why}`, start);
}

/** Index just past the number literal that starts at `start` (JSON grammar, checked strictly). */
function endOfNumber(text: string, start: number): number {
  let index = start;
  if (text.charCodeAt(index) === MINUS) index++;
  const first = text.charCodeAt(index);
  if (first === ZERO) {
    index++;
    if (isDigit(text.charCodeAt(index))) invalidNumber(start, 'leading zero');
  } else if (isDigit(first)) {
    index++;
    while (isDigit(text.charCodeAt(index))) index++;
  } else {
    invalidNumber(start, 'expected a digit');
  }
  if (text.charCodeAt(index) === DOT) {
    index++;
    if (!isDigit(text.charCodeAt(index))) invalidNumber(start, 'expected a digit after the decimal point');
    while (isDigit(text.charCodeAt(index))) index++;
  }
  const exponent = text.charCodeAt(index);
  if (exponent === 101 || exponent === 69) {
    index++;
    const sign = text.charCodeAt(index);
    if (sign === PLUS || sign === MINUS) index++;
    if (!isDigit(text.charCodeAt(index))) invalidNumber(start, 'expected a digit in the exponent');
    while (isDigit(text.charCodeAt(index))) index++;
  }
  let after = index;
  while (isWhitespace(text.charCodeAt(after))) after++;
  if (text.charCodeAt(after) === COLON) invalidNumber(start, 'an object key must be a string');
  return index;
}

/**
 * Where quotes must be inserted: the start and end index of every number literal outside strings,
 * in order. Strings are skipped with indexOf (fast on long text); only the short stretches between
 * strings are looked at character by character.
 */
function numberBounds(text: string): number[] {
  const bounds: number[] = [];
  const length = text.length;
  let position = 0;
  while (position < length) {
    const quote = text.indexOf('"', position);
    const gapEnd = quote === -1 ? length : quote;
    for (let index = position; index < gapEnd; index++) {
      const code = text.charCodeAt(index);
      if (code !== MINUS && !isDigit(code)) continue;
      const end = endOfNumber(text, index);
      bounds.push(index, end);
      index = end - 1;
    }
    if (quote === -1) break;
    position = endOfString(text, quote);
  }
  return bounds;
}

/** The JSON text with every number literal outside strings quoted. */
export function quoteNumbers(text: string): string {
  const bounds = numberBounds(text);
  if (bounds.length === 0) return text;
  const pieces = new Array<string>(bounds.length + 1);
  let from = 0;
  for (let i = 0; i < bounds.length; i++) {
    const at = bounds[i] as number;
    pieces[i] = text.slice(from, at);
    from = at;
  }
  pieces[bounds.length] = text.slice(from);
  return pieces.join('"');
}

/** Parse JSON keeping number literals as exact decimal text. Throws WireSyntaxError on bad JSON. */
export function parseLossless(text: string): unknown {
  const quoted = quoteNumbers(text);
  try {
    return JSON.parse(quoted);
  } catch (error) {
    throw new WireSyntaxError(`Invalid JSON: ${(error as Error).message}`, -1);
  }
}

/**
 * A number to be written into a request body exactly as this decimal text (e.g. an amount). Text that
 * is not a plain decimal ("1e3", "12,50", "01") is refused with an invalid_input AppError naming
 * `field` (the body field it was meant for), before anything is sent.
 */
export class RawJsonNumber {
  constructor(
    readonly text: string,
    field = 'amount',
  ) {
    if (!/^-?(0|[1-9]\d*)(\.\d+)?$/.test(text))
      throw invalidInput('request', [{ field, problem: 'must be a plain decimal number such as 25.00' }]);
  }
}

/** JSON.stringify for request bodies, writing RawJsonNumber values as number literals. */
export function encodeJson(value: unknown): string {
  // A fresh marker per call, so no string in the body can pose as a number.
  const marker = `\u0000${crypto.randomUUID()}:`;
  const text = JSON.stringify(value, (_key, item: unknown) =>
    item instanceof RawJsonNumber ? `${marker}${item.text}` : item,
  );
  const quotedMarker = JSON.stringify(marker).slice(1, -1);
  return text.replace(new RegExp(`"${quotedMarker.replace(/\\/g, '\\\\')}(-?[0-9.]+)"`, 'g'), '$1');
}
