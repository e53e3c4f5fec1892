/**
 * Finds references within a small edit distance without comparing against every request.
 *
 * Distance 1 — symmetric deletions: a reference is indexed under itself and under each form with
 * one character deleted; a text is looked up the same way. Any single insertion, deletion,
 * substitution or swap of neighbours leaves the two with a common form, so every reference at
 * distance 1 is found, and (up to hash collisions, which the check below removes) nothing else:
 * sequential references (TOPUP-0041, TOPUP-0042 …) cost no more than random ones. Forms are
 * stored as 32-bit hashes in flat typed arrays (open addressing), not as strings.
 *
 * Distance 2 — pigeonhole, for RF creditor references whose check digits fail: each reference is
 * cut into three pieces (prefix and suffix of ⌊L/3⌋ characters, the middle) and indexed by each.
 * Two edits that each stay inside one piece leave one piece intact (the prefix at the start of the
 * text, the suffix at its end, the middle shifted by at most 2). A piece shared by more than
 * PIECE_LIMIT references says little and is skipped. Blind spots, both rare: two swaps that
 * straddle piece boundaries; two edits in references whose intact piece is that common.
 *
 * Every candidate is confirmed with the bounded Damerau–Levenshtein distance.
 */
import { boundedEditDistance } from './normalise';

const BASE = 0x01000193;
const PIECE_LIMIT = 64;

/** Powers of BASE mod 2^32, for the hash of a concatenation. */
const POWERS = new Int32Array(129);
POWERS[0] = 1;
for (let i = 1; i < POWERS.length; i++) POWERS[i] = Math.imul(POWERS[i - 1] as number, BASE);

/** prefix[i] = hash of text[0, i), mod 2^32. */
function prefixHashes(text: string, into: Int32Array): void {
  into[0] = 0;
  for (let i = 0; i < text.length; i++)
    into[i + 1] = (Math.imul(into[i] as number, BASE) + text.charCodeAt(i) + 1) | 0;
}

const scratch = new Int32Array(129);

/** Spreads a polynomial hash over all bits (murmur3's finaliser), so the table's low bits vary. */
function mix(hash: number): number {
  let h = hash ^ (hash >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Calls `visit(hash)` for the text and every form of it with one character deleted. */
function forEachForm(text: string, visit: (hash: number) => void): void {
  const n = Math.min(text.length, 128);
  prefixHashes(n < text.length ? text.slice(0, n) : text, scratch);
  const whole = scratch[n] as number;
  visit(mix(whole));
  for (let i = 0; i < n; i++) {
    // Deleting either of two equal neighbours gives the same form: visit it once.
    if (i > 0 && text.charCodeAt(i) === text.charCodeAt(i - 1)) continue;
    // text without character i = text[0, i) followed by text[i + 1, n)
    const power = POWERS[n - i - 1] as number;
    const tail = (whole - Math.imul(scratch[i + 1] as number, power)) | 0;
    visit(mix((Math.imul(scratch[i] as number, power) + tail) | 0));
  }
}

/** Marks of which items one search has already compared, shared by the indexes of one pass. */
export class Visits {
  readonly seen: Int32Array;
  stamp = 0;
  constructor(count: number) {
    this.seen = new Int32Array(count);
  }
}

export class FuzzyIndex {
  private hashes: Int32Array;
  private values: Int32Array;
  private mask: number;
  private pieces: Map<string, number[]> | null = null;
  private readonly pieceLengths = new Set<number>();

  /** Indexes `items` (positions in `keys`, the normalised references) of at least `minLength`. */
  constructor(
    private readonly keys: readonly string[],
    private readonly items: ArrayLike<number>,
    private readonly minLength: number,
    private readonly visits: Visits,
  ) {
    let forms = 0;
    for (let k = 0; k < items.length; k++) {
      const key = keys[items[k] as number] as string;
      if (key.length >= minLength) forms += key.length + 1;
    }
    let capacity = 16;
    while (capacity < forms * 1.5) capacity *= 2;
    this.mask = capacity - 1;
    this.hashes = new Int32Array(capacity);
    this.values = new Int32Array(capacity).fill(-1);
    for (let k = 0; k < items.length; k++) {
      const index = items[k] as number;
      const key = keys[index] as string;
      if (key.length < minLength) continue;
      forEachForm(key, (hash) => {
        let slot = hash & this.mask;
        while ((this.values[slot] as number) >= 0) slot = (slot + 1) & this.mask;
        this.hashes[slot] = hash;
        this.values[slot] = index;
      });
    }
  }

  private confirm(
    text: string,
    index: number,
    maxDistance: number,
    visit: (index: number, distance: number) => void,
  ): void {
    const { seen, stamp } = this.visits;
    if (seen[index] === stamp) return;
    seen[index] = stamp;
    const distance = boundedEditDistance(text, this.keys[index] as string, maxDistance);
    if (distance <= maxDistance) visit(index, distance);
  }

  /** Every indexed key within distance 1 of `text`. */
  searchOne(text: string, visit: (index: number, distance: number) => void): void {
    this.visits.stamp++;
    forEachForm(text, (hash) => {
      for (let slot = hash & this.mask; (this.values[slot] as number) >= 0; slot = (slot + 1) & this.mask) {
        if (this.hashes[slot] === hash) this.confirm(text, this.values[slot] as number, 1, visit);
      }
    });
  }

  /** Indexed keys within distance 2 of `text`, found through the pieces of RF-shaped keys. */
  searchTwo(text: string, visit: (index: number, distance: number) => void): void {
    const pieces = this.pieceIndex();
    this.visits.stamp++;
    const n = text.length;
    const check = (piece: string): void => {
      const list = pieces.get(piece);
      if (list === undefined || list.length > PIECE_LIMIT) return;
      for (const index of list) this.confirm(text, index, 2, visit);
    };
    let lastThird = -1;
    for (let length = n - 2; length <= n + 2; length++) {
      if (!this.pieceLengths.has(length)) continue;
      const third = Math.floor(length / 3);
      if (third !== lastThird && third <= n) {
        check(`P${text.slice(0, third)}`);
        check(`S${text.slice(n - third)}`);
        lastThird = third;
      }
      const middle = length - 2 * third;
      for (let shift = -2; shift <= 2; shift++) {
        const start = third + shift;
        if (start >= 0 && start + middle <= n) check(`M${third}:${text.slice(start, start + middle)}`);
      }
    }
  }

  /** Built on first use: only lines with an RF reference whose check digits fail need it. */
  private pieceIndex(): Map<string, number[]> {
    if (this.pieces !== null) return this.pieces;
    const pieces = new Map<string, number[]>();
    const add = (piece: string, index: number): void => {
      const list = pieces.get(piece);
      if (list === undefined) pieces.set(piece, [index]);
      else if (list.length <= PIECE_LIMIT) list.push(index);
    };
    for (let k = 0; k < this.items.length; k++) {
      const index = this.items[k] as number;
      const key = this.keys[index] as string;
      if (key.length < this.minLength || !key.startsWith('RF')) continue;
      const third = Math.floor(key.length / 3);
      add(`P${key.slice(0, third)}`, index);
      add(`S${key.slice(key.length - third)}`, index);
      add(`M${third}:${key.slice(third, key.length - third)}`, index);
      this.pieceLengths.add(key.length);
    }
    this.pieces = pieces;
    return pieces;
  }
}
