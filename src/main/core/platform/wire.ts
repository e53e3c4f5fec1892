/**
 * Lossless JSON for platform answers. One scanning pass turns every number literal outside a string
 * into a string holding the literal exactly as sent ("1234.50" stays "1234.50", 12345678901234.56
 * keeps every digit), then the native JSON.parse does the rest. No amount ever passes through a
 * binary float. Schemas therefore read numeric fields as decimal strings; the platform sends some
 * amounts as numbers and some as strings anyway, and both arrive here as the same exact text.
 */

export class WireSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'WireSyntaxError';
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const NEXT_TOKEN = /["\-0-9]/g;

/** Index just past the closing quote of the string that opens at `start`. */
function endOfString(text: string, start: number): number {
  let index = start + 1;
  for (;;) {
    const quote = text.indexOf('"', index);
    if (quote === -1) throw new WireSyntaxError('Unterminated string', start);
    let backslashes = 0;
    for (let k = quote - 1; k > start && text.charCodeAt(k) === 92; k--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    index = quote + 1;
  }
}

/** The JSON text with every number literal outside strings quoted. */
export function quoteNumbers(text: string): string {
  const parts: string[] = [];
  let copiedUpTo = 0;
  NEXT_TOKEN.lastIndex = 0;
  for (let match = NEXT_TOKEN.exec(text); match !== null; match = NEXT_TOKEN.exec(text)) {
    const start = match.index;
    if (text.charCodeAt(start) === 34) {
      NEXT_TOKEN.lastIndex = endOfString(text, start);
      continue;
    }
    NUMBER.lastIndex = start;
    const number = NUMBER.exec(text);
    if (!number) throw new WireSyntaxError(`Invalid number at position ${start}`, start);
    const end = start + number[0].length;
    parts.push(text.slice(copiedUpTo, start), '"', number[0], '"');
    copiedUpTo = end;
    NEXT_TOKEN.lastIndex = end;
  }
  if (copiedUpTo === 0) return text;
  parts.push(text.slice(copiedUpTo));
  return parts.join('');
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

/** A number to be written into a request body exactly as this decimal text (e.g. an amount). */
export class RawJsonNumber {
  constructor(readonly text: string) {
    if (!/^-?(0|[1-9]\d*)(\.\d+)?$/.test(text)) throw new Error(`Not a plain decimal number: ${text}`);
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
