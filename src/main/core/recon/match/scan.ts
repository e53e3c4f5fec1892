/**
 * The exact-reference index: the requests' normalised references in a flat hash table, and the
 * reading of a bank text against it without building strings. A text is read once into letter and
 * digit codes (upper case, separators dropped) and the positions where its words start; the whole
 * text is one candidate, and so is every run of whole words (a reference split by the bank into
 * groups, "RF18 5390 0754 7034", or typed among other words), but only from a word start whose
 * first three characters begin some reference at all (a 36³ bitmap) and only for run lengths some
 * reference has. Each candidate is hashed as it is read and confirmed character by character.
 */
import { REFERENCE_PREFIXES } from './normalise';
import { mix } from './hash-mix';

const BASE = 0x01000193;

/** 0–35 for 0-9 A-Z a-z, −1 for anything else (ASCII only, as normaliseReference). */
function code(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 90) return c - 55;
  if (c >= 97 && c <= 122) return c - 87;
  return -1;
}

const PREFIX_INITIALS = new Set(REFERENCE_PREFIXES.map((prefix) => code(prefix.charCodeAt(0))));
const PREFIX_CODES: readonly number[][] = REFERENCE_PREFIXES.map((prefix) =>
  [...prefix].map((char) => code(char.charCodeAt(0))),
);
const MAX_KEY = 64;

/** Whether two texts have the same normalised form (letters and digits, case ignored). */
function sameKey(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  for (;;) {
    let x = -1;
    while (i < a.length && (x = code(a.charCodeAt(i++))) < 0);
    let y = -1;
    while (j < b.length && (y = code(b.charCodeAt(j++))) < 0);
    if (x !== y) return false;
    if (x < 0) return true;
  }
}

/**
 * What a slot stores for a key: its mixed hash in the low 25 bits (the slot is chosen by the low
 * bits) and its length (≤ MAX_KEY) in the top 7, so one comparison checks both.
 */
function tagged(polynomial: number, length: number): number {
  return (mix(polynomial) & 0x1ffffff) | (length << 25);
}

/** The references an index is built over: an array, or a count and a reader (no copy made). */
export type References = readonly string[] | { count: number; at: (index: number) => string };

export class ReferenceIndex {
  /** Longest indexed key. */
  readonly longest: number = 0;
  /**
   * Open addressing, slot s at [2s] (tagged hash and length) and [2s + 1] (item, −1 when empty):
   * one cache line.
   */
  private readonly slots: Int32Array;
  private readonly mask: number;
  /** The reference of an item as written. */
  private readonly at: (index: number) => string;
  private readonly starts = new Uint8Array(36 * 36 * 36);
  private readonly lengths = new Uint8Array(MAX_KEY + 1);
  private hasShortKeys = false;
  private codes = new Uint8Array(256);
  /** Word starts of the text last read, then its length: bounds[0, boundCount). */
  private bounds = new Int32Array(64);
  private boundCount = 0;

  /**
   * `references[i]`: the payment reference of item i as written; it is indexed by its normalised
   * form (ASCII letters and digits, case ignored), read without building that string.
   */
  constructor(references: References, include: (index: number) => boolean) {
    const list = Array.isArray(references) ? (references as readonly string[]) : null;
    const source = references as { count: number; at: (index: number) => string };
    const size = list === null ? source.count : list.length;
    this.at = list === null ? source.at : (index) => list[index] as string;
    let count = 0;
    for (let i = 0; i < size; i++) if (include(i)) count++;
    let capacity = 16;
    while (capacity < count * 2) capacity *= 2;
    this.mask = capacity - 1;
    this.slots = new Int32Array(capacity * 2).fill(-1);
    let longest = 0;
    for (let i = 0; i < size; i++) {
      if (!include(i)) continue;
      const reference = this.at(i);
      let hash = 0;
      let length = 0;
      let start = 0;
      for (let k = 0; k < reference.length && length <= MAX_KEY; k++) {
        const value = code(reference.charCodeAt(k));
        if (value < 0) continue;
        hash = (Math.imul(hash, BASE) + value + 1) | 0;
        if (length < 3) start = start * 36 + value;
        length++;
      }
      if (length === 0 || length > MAX_KEY) continue;
      hash = tagged(hash, length);
      let slot = hash & this.mask;
      while ((this.slots[2 * slot + 1] as number) >= 0) slot = (slot + 1) & this.mask;
      this.slots[2 * slot] = hash;
      this.slots[2 * slot + 1] = i;
      this.lengths[length] = 1;
      if (length > longest) longest = length;
      if (length < 3) this.hasShortKeys = true;
      else this.starts[start] = 1;
    }
    this.longest = longest;
  }

  /** Reads `text` into codes and word starts; returns the number of codes. */
  private read(text: string): number {
    if (this.codes.length < text.length) this.codes = new Uint8Array(text.length * 2);
    if (this.bounds.length < text.length + 2) this.bounds = new Int32Array(text.length * 2 + 2);
    const codes = this.codes;
    const bounds = this.bounds;
    let count = 0;
    let length = 0;
    let inWord = false;
    for (let i = 0; i < text.length; i++) {
      const value = code(text.charCodeAt(i));
      if (value < 0) {
        inWord = false;
        continue;
      }
      if (!inWord) bounds[count++] = length;
      inWord = true;
      codes[length++] = value;
    }
    bounds[count++] = length;
    this.boundCount = count;
    return length;
  }

  /** Items whose key equals codes[from, from + size) (hash given): visit(item) each. */
  private lookup(from: number, size: number, polynomial: number, visit: (item: number) => void): void {
    const codes = this.codes;
    const slots = this.slots;
    const hash = tagged(polynomial, size);
    for (let slot = hash & this.mask; (slots[2 * slot + 1] as number) >= 0; slot = (slot + 1) & this.mask) {
      if (slots[2 * slot] !== hash) continue;
      const item = slots[2 * slot + 1] as number;
      // Compared on the reference as written, its separators skipped.
      const reference = this.at(item);
      let same = true;
      for (let k = 0, at = from; k < reference.length && same; k++) {
        const value = code(reference.charCodeAt(k));
        if (value >= 0) same = value === codes[at++];
      }
      if (same) visit(item);
    }
  }

  /** Items whose key is the whole text, normalised (hashed as it is read; no copy is made). */
  findWhole(text: string, visit: (item: number) => void): void {
    let hash = 0;
    let length = 0;
    for (let k = 0; k < text.length; k++) {
      const value = code(text.charCodeAt(k));
      if (value < 0) continue;
      if (++length > MAX_KEY) return;
      hash = (Math.imul(hash, BASE) + value + 1) | 0;
    }
    if (length === 0 || this.lengths[length] !== 1) return;
    const slots = this.slots;
    const mixed = tagged(hash, length);
    for (let slot = mixed & this.mask; (slots[2 * slot + 1] as number) >= 0; slot = (slot + 1) & this.mask) {
      if (slots[2 * slot] !== mixed) continue;
      const item = slots[2 * slot + 1] as number;
      if (sameKey(text, this.at(item))) visit(item);
    }
  }

  /**
   * Items whose key is a run of whole words of `text` of at least `minLength` characters; a run
   * may also begin after a prefix word glued to its first word ("EREF123…").
   */
  findRuns(text: string, minLength: number, visit: (item: number) => void): void {
    const length = this.read(text);
    if (length < minLength) return;
    const bounds = this.bounds;
    const count = this.boundCount;
    const codes = this.codes;
    const maxLength = Math.min(this.longest, MAX_KEY);
    for (let w = 0; w < count - 1; w++) {
      const start = bounds[w] as number;
      for (let from = start, round = 0; round < 2; round++) {
        // A run of 3 characters or more must start like some key; shorter keys are looked up as they are.
        const startsKey =
          from + 3 <= length &&
          this.starts[
            (codes[from] as number) * 1296 + (codes[from + 1] as number) * 36 + (codes[from + 2] as number)
          ] === 1;
        if (startsKey || this.hasShortKeys) {
          let hash = 0;
          let at = from;
          for (let end = w + 1; end < count; end++) {
            const stop = bounds[end] as number;
            if (stop - from > maxLength || (stop - from >= 3 && !startsKey)) break;
            for (; at < stop; at++) hash = (Math.imul(hash, BASE) + (codes[at] as number) + 1) | 0;
            const size = stop - from;
            if (size >= minLength && this.lengths[size] === 1) this.lookup(from, size, hash, visit);
          }
        }
        const prefix =
          round === 0 && PREFIX_INITIALS.has(codes[start] as number)
            ? this.prefixAt(start, bounds[w + 1] as number)
            : 0;
        if (prefix === 0) break;
        from = start + prefix;
      }
    }
  }

  /** Length of the prefix word the word [start, end) begins with (leaving something), or 0. */
  private prefixAt(start: number, end: number): number {
    const codes = this.codes;
    for (const prefix of PREFIX_CODES) {
      if (end - start <= prefix.length) continue;
      let same = true;
      for (let k = 0; k < prefix.length && same; k++) same = codes[start + k] === prefix[k];
      if (same) return prefix.length;
    }
    return 0;
  }
}
