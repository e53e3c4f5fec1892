/**
 * Counts how often each digest was seen, in typed arrays: 16 bytes a slot instead of a Map entry of
 * a 32-character string (~100 bytes), so a statement of a million lines is counted in tens of MB.
 * A digest is identified by its first 96 bits (three 32-bit words of a SHA-256's hex): two different
 * lines of one file sharing them is about as likely as guessing a 96-bit key.
 */
const EMPTY = 0;

/** The 32-bit word of eight lowercase hex digits from `at` (no substring made: a million a file). */
function hexWord(hex: string, at: number): number {
  let word = 0;
  for (let i = at; i < at + 8; i++) {
    const code = hex.charCodeAt(i);
    word = (word << 4) | (code <= 57 ? code - 48 : code - 87);
  }
  return word;
}

export class DigestCounter {
  private words: Int32Array;
  private counts: Uint32Array;
  private mask: number;
  private used = 0;

  /** `expected`: about how many digests will be counted (the table grows beyond it if needed). */
  constructor(expected = 512) {
    // Sized for the expected count up to a million (16 MB); a larger file grows the table as it goes.
    let slots = 1024;
    while (slots * 0.75 < Math.min(expected, 1_000_000)) slots *= 2;
    this.words = new Int32Array(slots * 3);
    this.counts = new Uint32Array(slots);
    this.mask = slots - 1;
  }

  /** Count one more occurrence of the digest (hex, at least 24 digits); returns its count so far, from 1. */
  next(digest: string): number {
    const a = hexWord(digest, 0);
    const b = hexWord(digest, 8);
    const c = hexWord(digest, 16);
    // At most three slots in four taken: linear probing stays short.
    if ((this.used + 1) * 4 > this.counts.length * 3) this.grow();
    const slot = this.find(a, b, c);
    if (this.counts[slot] === EMPTY) {
      this.words[slot * 3] = a;
      this.words[slot * 3 + 1] = b;
      this.words[slot * 3 + 2] = c;
      this.used += 1;
    }
    const count = this.counts[slot]! + 1;
    this.counts[slot] = count;
    return count;
  }

  /** The slot holding this digest, or the empty slot where it goes (linear probing). */
  private find(a: number, b: number, c: number): number {
    let slot = (a ^ Math.imul(b, 0x9e3779b1)) & this.mask;
    for (;;) {
      if (this.counts[slot] === EMPTY) return slot;
      const at = slot * 3;
      if (this.words[at] === a && this.words[at + 1] === b && this.words[at + 2] === c) return slot;
      slot = (slot + 1) & this.mask;
    }
  }

  private grow(): void {
    const { words, counts } = this;
    const slots = counts.length * 2;
    this.words = new Int32Array(slots * 3);
    this.counts = new Uint32Array(slots);
    this.mask = slots - 1;
    for (let old = 0; old < counts.length; old += 1) {
      if (counts[old] === EMPTY) continue;
      const a = words[old * 3]!;
      const b = words[old * 3 + 1]!;
      const c = words[old * 3 + 2]!;
      const slot = this.find(a, b, c);
      this.words[slot * 3] = a;
      this.words[slot * 3 + 1] = b;
      this.words[slot * 3 + 2] = c;
      this.counts[slot] = counts[old]!;
    }
  }
}
