/**
 * Reference normalisation for matching: what a bank does to a payment reference (case, spaces,
 * separators, a prefix such as "REF:" or "EREF+") is undone, and a reference typed into free
 * remittance text ("TOPUP RF18 5390 0754 7034 INV 22") is found again. Plus a bounded
 * Damerau–Levenshtein distance for references with a typo.
 */

const NOT_ALPHANUMERIC = /[^0-9A-Z]+/g;
const NOT_ASCII_ALPHANUMERIC = /[^0-9A-Za-z]+/g;

/** True when every character is 0-9 or A-Z (then normalising changes nothing). */
function isCompact(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90))) return false;
  }
  return true;
}

/**
 * The comparable form of a reference: upper case, ASCII letters and digits only (spaces, "-", "/",
 * ".", ":" and every other character removed). "rf18 5390-0754.7034" → "RF18539007547034".
 */
export function normaliseReference(text: string): string {
  return isCompact(text) ? text : text.replace(NOT_ASCII_ALPHANUMERIC, '').toUpperCase();
}

/**
 * Words banks and people put in front of a reference, glued on after separators are removed
 * ("EREF+123" → "EREF123"). Longest first. Only ever tried in addition to the text as written.
 */
export const REFERENCE_PREFIXES: readonly string[] = [
  'PAYMENTREFERENCE',
  'PAYMENTREF',
  'REFERENCE',
  'PMTREF',
  'TOPUP',
  'EREF',
  'KREF',
  'MREF',
  'RFB',
  'REF',
];

/** The text without a leading prefix word, or null when it has none (or nothing would remain). */
export function withoutPrefix(compact: string): string | null {
  for (const prefix of REFERENCE_PREFIXES) {
    if (compact.length > prefix.length && compact.startsWith(prefix)) return compact.slice(prefix.length);
  }
  return null;
}

/** The alphanumeric words of a text, upper case: "Ref: rf18 5390/0754" → ["REF", "RF18", "5390", "0754"]. */
export function referenceTokens(text: string): string[] {
  const tokens = text.replace(NOT_ASCII_ALPHANUMERIC, ' ').toUpperCase().split(NOT_ALPHANUMERIC);
  let empty = 0;
  for (const token of tokens) if (token.length === 0) empty++;
  return empty === 0 ? tokens : tokens.filter((token) => token.length > 0);
}

/**
 * The references `isKnown` recognises inside free text: every run of consecutive words, joined,
 * of `minLength` to `maxLength` characters — also starting after a prefix word glued to the first
 * word ("EREF123…") — that `isKnown` accepts, in order of appearance, each once.
 * "TOPUP RF18 5390 0754 7034 INV 22" → ["RF18539007547034"] when that reference is known.
 * This is the plain definition; the engine reads texts the same way without building strings
 * (scan.ts ReferenceIndex.findRuns).
 */
export function findReferencesInText(
  text: string,
  isKnown: (candidate: string) => boolean,
  minLength: number,
  maxLength: number,
): string[] {
  const found: string[] = [];
  const tokens = referenceTokens(text);
  for (let start = 0; start < tokens.length; start++) {
    const first = tokens[start] as string;
    const stripped = withoutPrefix(first);
    for (const head of stripped === null ? [first] : [first, stripped]) {
      let run = head;
      for (let next = start + 1; run.length <= maxLength; next++) {
        if (run.length >= minLength && isKnown(run) && !found.includes(run)) found.push(run);
        if (next >= tokens.length) break;
        run += tokens[next] as string;
      }
    }
  }
  return found;
}

/** "RF" + two digits at the start of a word: where an ISO 11649 creditor reference begins. */
export function startsLikeCreditorReference(token: string): boolean {
  if (token.length < 4 || token.charCodeAt(0) !== 82 || token.charCodeAt(1) !== 70) return false;
  const d1 = token.charCodeAt(2);
  const d2 = token.charCodeAt(3);
  return d1 >= 48 && d1 <= 57 && d2 >= 48 && d2 <= 57;
}

// Three rows of the optimal-string-alignment table, reused between calls (references are short).
let rowBefore = new Int32Array(64);
let rowPrevious = new Int32Array(64);
let rowCurrent = new Int32Array(64);

/**
 * Damerau–Levenshtein distance in its optimal-string-alignment form (insert, delete, substitute,
 * swap two neighbours; each costs 1), bounded: returns `max + 1` as soon as the distance is known to
 * exceed `max`. O(len × (2·max + 1)) work.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (a === b) return 0;
  if (m + 1 > rowCurrent.length) {
    rowBefore = new Int32Array(m + 1);
    rowPrevious = new Int32Array(m + 1);
    rowCurrent = new Int32Array(m + 1);
  }
  const big = max + 1;
  for (let j = 0; j <= m; j++) rowPrevious[j] = j <= max ? j : big;
  for (let i = 1; i <= n; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(m, i + max);
    rowCurrent[0] = i <= max ? i : big;
    if (from > 1) rowCurrent[from - 1] = big;
    let rowMinimum = rowCurrent[0] as number;
    const ca = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let value = Math.min(
        (rowPrevious[j - 1] as number) + cost,
        (rowPrevious[j] as number) + 1,
        (rowCurrent[j - 1] as number) + 1,
      );
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        value = Math.min(value, (rowBefore[j - 2] as number) + 1);
      }
      value = Math.min(value, big);
      rowCurrent[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (to < m) rowCurrent[to + 1] = big;
    if (rowMinimum > max) return big;
    const spare = rowBefore;
    rowBefore = rowPrevious;
    rowPrevious = rowCurrent;
    rowCurrent = spare;
  }
  return Math.min(rowPrevious[m] as number, big);
}

/**
 * ISO 11649 check of a normalised text (as isValidCreditorReference, without regular expressions:
 * it runs for every reference found). 'not_creditor_reference' unless it is "RF", two digits and
 * 1 to 21 letters or digits.
 */
export function creditorCheckDigits(compact: string): 'valid' | 'invalid' | 'not_creditor_reference' {
  const n = compact.length;
  if (n < 5 || n > 25 || !startsLikeCreditorReference(compact)) return 'not_creditor_reference';
  // Body first, then "RF" and the check digits; letters count as 10..35. The running remainder
  // takes up to six digits at a time (at most 96·10^6 + 10^6 − 1: an exact integer).
  let remainder = 0;
  let chunk = 0;
  let scale = 1;
  for (let k = 0; k < n; k++) {
    const c = compact.charCodeAt(k < n - 4 ? k + 4 : k - (n - 4));
    if (c >= 48 && c <= 57) {
      chunk = chunk * 10 + (c - 48);
      scale *= 10;
    } else if (c >= 65 && c <= 90) {
      chunk = chunk * 100 + (c - 55);
      scale *= 100;
    } else return 'not_creditor_reference';
    if (scale >= 1_000_000) {
      remainder = (remainder * scale + chunk) % 97;
      chunk = 0;
      scale = 1;
    }
  }
  remainder = (remainder * scale + chunk) % 97;
  return remainder === 1 ? 'valid' : 'invalid';
}
