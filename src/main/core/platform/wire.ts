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
import { scanWire, WireSyntaxError, type MemberTexts } from './wire-scan';

export { WireSyntaxError } from './wire-scan';
export type { MemberTexts } from './wire-scan';

/** The JSON text with every number literal outside strings quoted. */
export function quoteNumbers(text: string): string {
  return quoteAt(text, scanWire(text).bounds);
}

function quoteAt(text: string, bounds: readonly number[]): string {
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
  return parseLosslessWithMembers(text, undefined).value;
}

/**
 * parseLossless, also answering the exact text of each member of the object or array at `path`
 * (object keys from the top), found in the same pass; `members` is undefined when the path does not
 * lead to an object or array whose members are all objects or arrays.
 */
export function parseLosslessWithMembers(
  text: string,
  path: readonly string[] | undefined,
): { value: unknown; members: MemberTexts | undefined } {
  const scan = scanWire(text, path);
  const quoted = quoteAt(text, scan.bounds);
  try {
    return { value: JSON.parse(quoted), members: scan.members };
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
  // eslint-disable-next-line security/detect-non-literal-regexp -- the marker is our own random UUID, backslash-escaped; no outside text
  return text.replace(new RegExp(`"${quotedMarker.replace(/\\/g, '\\\\')}(-?[0-9.]+)"`, 'g'), '$1');
}
