/**
 * The one pass over a platform answer that parseLossless (wire.ts) makes before JSON.parse: where
 * every number literal outside strings starts and ends (checked against the JSON grammar), and,
 * when asked, the exact text of each member of the object or array at a path of object keys. The
 * brand sync stores each brand as that text, so the ledger holds what was sent digit for digit
 * without re-serialising a catalogue of several megabytes. Strings are skipped with indexOf, so
 * only the short stretches between strings are walked character by character.
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

const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/** The members of one object (with their keys, in order) or array, each as its exact text. */
export type MemberTexts =
  { kind: 'object'; members: Array<[key: string, text: string]> } | { kind: 'array'; members: string[] };

export interface WireScan {
  /** Start and end index of every number literal outside strings, in order. */
  bounds: number[];
  /**
   * The members of the container at the path; undefined without a path, when the path leads to no
   * object or array, or when a member is not itself an object or array.
   */
  members: MemberTexts | undefined;
}

function keyText(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : raw;
}

function followedByColon(text: string, index: number): boolean {
  let at = index;
  while (isWhitespace(text.charCodeAt(at))) at++;
  return text.charCodeAt(at) === COLON;
}

/**
 * Scan `text` (see the file comment). With `path`, the containers along it are followed as
 * JSON.parse would resolve them: when a key is given twice, the last one wins.
 */
export function scanWire(text: string, path?: readonly string[]): WireScan {
  const bounds: number[] = [];
  const length = text.length;
  // Depth of the container whose members are wanted (the root is depth 1); -1: nothing wanted.
  const target = path === undefined ? -1 : path.length + 1;
  let depth = 0;
  // How many open containers, from the root, lie on the path.
  let matched = 0;
  const isObject: boolean[] = [];
  const lastKey: Array<string | undefined> = [];
  let members: MemberTexts | undefined;
  let collecting: MemberTexts | undefined;
  let memberKey = '';
  let memberStart = 0;
  let position = 0;

  const abandon = (): void => {
    if (matched === target && depth === target) collecting = undefined;
  };

  while (position < length) {
    const quote = text.indexOf('"', position);
    const gapEnd = quote === -1 ? length : quote;
    for (let index = position; index < gapEnd; index++) {
      const code = text.charCodeAt(index);
      if (code === MINUS || isDigit(code)) {
        if (target > 0) abandon();
        const end = endOfNumber(text, index);
        bounds.push(index, end);
        index = end - 1;
        continue;
      }
      if (target < 0) continue;
      if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        depth++;
        isObject[depth] = code === OPEN_BRACE;
        lastKey[depth] = undefined;
        if (
          matched === depth - 1 &&
          depth <= target &&
          (depth === 1 || (isObject[depth - 1] === true && lastKey[depth - 1] === path?.[depth - 2]))
        ) {
          matched = depth;
          if (depth === target)
            collecting =
              code === OPEN_BRACE ? { kind: 'object', members: [] } : { kind: 'array', members: [] };
        }
        if (matched === target && depth === target + 1) memberStart = index;
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        if (matched === target && depth === target + 1 && collecting !== undefined) {
          const member = text.slice(memberStart, index + 1);
          if (collecting.kind === 'object') collecting.members.push([memberKey, member]);
          else collecting.members.push(member);
        }
        if (depth === matched) {
          if (depth === target) members = collecting;
          matched = depth - 1;
        }
        depth--;
      } else if (code === 116 || code === 102 || code === 110) {
        abandon(); // true, false or null as a member of the container wanted
      }
    }
    if (quote === -1) break;
    const end = endOfString(text, quote);
    if (target > 0 && matched === depth && depth <= target && depth > 0) {
      if (isObject[depth] === true && followedByColon(text, end)) {
        const key = keyText(text, quote, end);
        if (depth === target) memberKey = key;
        else lastKey[depth] = key;
      } else {
        abandon();
      }
    }
    position = end;
  }
  return { bounds, members };
}

/**
 * The texts of an object's members in the order JSON.parse + Object.values gives its values
 * (integer-like keys first, ascending; a repeated key keeps its first place and its last value).
 */
export function inParsedOrder(members: ReadonlyArray<readonly [string, string]>): string[] {
  const byKey = Object.create(null) as Record<string, string>;
  for (const [key, value] of members) byKey[key] = value;
  return Object.values(byKey);
}
