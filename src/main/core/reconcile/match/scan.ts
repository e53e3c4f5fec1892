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

/** Spreads a polynomial hash over all bits (murmur3's finaliser), so the table's low bits vary. */
function mix(hash: number): number {
  let h = hash ^ (hash >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

export class ReferenceIndex {
  /** Longest indexed key. */
  readonly longest: number = 0;
  private readonly heads: Int32Array;
  private readonly next: Int32Array;
  private readonly hashes: Int32Array;
  private readonly items: Int32Array;
  private readonly mask: number;
  private readonly starts = new Uint8Array(36 * 36 * 36);
  private readonly lengths = new Uint8Array(MAX_KEY + 1);
  private hasShortKeys = false;
  private codes = new Uint8Array(256);
  private readonly bounds: number[] = [];

  /** `keys[i]`: normalised reference of item i (letters and digits, upper case). */
  constructor(
    private readonly keys: readonly string[],
    include: (index: number) => boolean,
  ) {
    let count = 0;
    for (let i = 0; i < keys.length; i++) if (include(i) && (keys[i] as string).length > 0) count++;
    let capacity = 16;
    while (capacity < count * 2) capacity *= 2;
    this.mask = capacity - 1;
    this.heads = new Int32Array(capacity).fill(-1);
    this.next = new Int32Array(count);
    this.hashes = new Int32Array(count);
    this.items = new Int32Array(count);
    let entry = 0;
    let longest = 0;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      if (key.length === 0 || key.length > MAX_KEY || !include(i)) continue;
      let hash = 0;
      for (let k = 0; k < key.length; k++) hash = (Math.imul(hash, BASE) + code(key.charCodeAt(k)) + 1) | 0;
      hash = mix(hash);
      const slot = hash & this.mask;
      this.hashes[entry] = hash;
      this.items[entry] = i;
      this.next[entry] = this.heads[slot] as number;
      this.heads[slot] = entry++;
      this.lengths[key.length] = 1;
      if (key.length > longest) longest = key.length;
      if (key.length < 3) this.hasShortKeys = true;
      else {
        const at = code(key.charCodeAt(0)) * 1296 + code(key.charCodeAt(1)) * 36 + code(key.charCodeAt(2));
        this.starts[at] = 1;
      }
    }
    this.longest = longest;
  }

  /** Reads `text` into codes and word starts; returns the number of codes. */
  private read(text: string): number {
    const bounds = this.bounds;
    bounds.length = 0;
    if (this.codes.length < text.length) this.codes = new Uint8Array(text.length * 2);
    const codes = this.codes;
    let length = 0;
    let inWord = false;
    for (let i = 0; i < text.length; i++) {
      const value = code(text.charCodeAt(i));
      if (value < 0) {
        inWord = false;
        continue;
      }
      if (!inWord) bounds.push(length);
      inWord = true;
      codes[length++] = value;
    }
    bounds.push(length);
    return length;
  }

  /** Items whose key equals codes[from, from + size) (hash given): visit(item) each. */
  private lookup(from: number, size: number, polynomial: number, visit: (item: number) => void): void {
    const codes = this.codes;
    const hash = mix(polynomial);
    for (let entry = this.heads[hash & this.mask] as number; entry >= 0; entry = this.next[entry] as number) {
      if (this.hashes[entry] !== hash) continue;
      const item = this.items[entry] as number;
      const key = this.keys[item] as string;
      if (key.length !== size) continue;
      let same = true;
      for (let k = 0; k < size && same; k++) same = code(key.charCodeAt(k)) === codes[from + k];
      if (same) visit(item);
    }
  }

  /** Items whose key is the whole text, normalised. */
  findWhole(text: string, visit: (item: number) => void): void {
    const length = this.read(text);
    if (length === 0 || length > MAX_KEY || this.lengths[length] !== 1) return;
    let hash = 0;
    for (let k = 0; k < length; k++) hash = (Math.imul(hash, BASE) + (this.codes[k] as number) + 1) | 0;
    this.lookup(0, length, hash, visit);
  }

  /**
   * Items whose key is a run of whole words of `text` of at least `minLength` characters; a run
   * may also begin after a prefix word glued to its first word ("EREF123…").
   */
  findRuns(text: string, minLength: number, visit: (item: number) => void): void {
    const length = this.read(text);
    if (length < minLength) return;
    const bounds = this.bounds;
    const codes = this.codes;
    const maxLength = Math.min(this.longest, MAX_KEY);
    for (let w = 0; w < bounds.length - 1; w++) {
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
          for (let end = w + 1; end < bounds.length; end++) {
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
