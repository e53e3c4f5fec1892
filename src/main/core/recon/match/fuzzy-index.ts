/**
 * Finds references within a small edit distance without comparing against every request.
 *
 * Distance 1 — symmetric deletions: a string is indexed under itself and under each form with one
 * character deleted; the other side is looked up the same way. Any single insertion, deletion,
 * substitution or swap of neighbours leaves the two with a common form, so every pair at distance
 * 1 is found, and (up to hash collisions, which the check below removes) nothing else: sequential
 * references (TOPUP-0041, TOPUP-0042 …) cost no more than random ones. Forms are 32-bit hashes in
 * one flat typed array (open addressing), not strings. nearPairs indexes the bank texts (the
 * smaller side, so the table stays in cache) and streams the requests' references past them.
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
import { mix } from './hash-mix';

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

const formHashes = new Int32Array(130);

/**
 * Hashes of the text and of every form of it with one character deleted, into `formHashes`;
 * returns how many.
 */
function formsOf(text: string): number {
  const n = Math.min(text.length, 128);
  prefixHashes(n < text.length ? text.slice(0, n) : text, scratch);
  const whole = scratch[n] as number;
  let count = 0;
  formHashes[count++] = mix(whole);
  for (let i = 0; i < n; i++) {
    // Deleting either of two equal neighbours gives the same form: counted once.
    if (i > 0 && text.charCodeAt(i) === text.charCodeAt(i - 1)) continue;
    // text without character i = text[0, i) followed by text[i + 1, n)
    const power = POWERS[n - i - 1] as number;
    const tail = (whole - Math.imul(scratch[i + 1] as number, power)) | 0;
    formHashes[count++] = mix((Math.imul(scratch[i] as number, power) + tail) | 0);
  }
  return count;
}

/**
 * Memory for the tables of one pass, reused from one table to the next (a pass builds one per time
 * block): grown when a table needs more, never shrunk.
 */
export class TableSpace {
  buffer = new Int32Array(0);
}

/** Form hashes of many strings in one open-addressing table: slot s at [2s] (hash), [2s + 1] (id). */
class FormTable {
  readonly slots: Int32Array;
  readonly mask: number;

  /** `strings(visit)` calls visit(id, text) for every string to index. */
  constructor(
    size: number,
    strings: (visit: (id: number, text: string) => void) => void,
    space: TableSpace = new TableSpace(),
  ) {
    let capacity = 16;
    while (capacity < size * 1.5) capacity *= 2;
    this.mask = capacity - 1;
    if (space.buffer.length < capacity * 2) space.buffer = new Int32Array(capacity * 2);
    const slots = (this.slots = space.buffer.subarray(0, capacity * 2).fill(-1));
    const mask = this.mask;
    strings((id, text) => {
      const count = formsOf(text);
      for (let f = 0; f < count; f++) {
        const hash = formHashes[f] as number;
        let slot = hash & mask;
        while ((slots[2 * slot + 1] as number) >= 0) slot = (slot + 1) & mask;
        slots[2 * slot] = hash;
        slots[2 * slot + 1] = id;
      }
    });
  }

  /** Ids of the indexed strings sharing a form with `text` (repeats possible), in `found`; how many. */
  candidates(text: string): number {
    const count = formsOf(text);
    const { slots, mask } = this;
    let n = 0;
    for (let f = 0; f < count; f++) {
      const hash = formHashes[f] as number;
      for (let slot = hash & mask; (slots[2 * slot + 1] as number) >= 0; slot = (slot + 1) & mask) {
        if (slots[2 * slot] !== hash) continue;
        if (n === found.length) {
          const larger = new Int32Array(found.length * 2);
          larger.set(found);
          found = larger;
        }
        found[n++] = slots[2 * slot + 1] as number;
      }
    }
    return n;
  }
}

/** Shared result buffer of FormTable.candidates (read before the next call). */
let found = new Int32Array(256);

/**
 * Every (text, item) pair within distance 1, where items are positions in `keys` of at least
 * `minLength` characters: the texts go in the table and the keys are streamed past it — the
 * smaller side is indexed, so the table stays in cache.
 */
export function nearPairs(
  texts: readonly string[],
  keys: readonly string[],
  items: ArrayLike<number>,
  minLength: number,
  visit: (text: number, item: number, distance: number) => void,
  space?: TableSpace,
): void {
  let size = 0;
  for (const text of texts) size += text.length + 1;
  const table = new FormTable(size, (add) => texts.forEach((text, id) => add(id, text)), space);
  for (let k = 0; k < items.length; k++) {
    const item = items[k] as number;
    const key = keys[item] as string;
    if (key.length < minLength) continue;
    const count = table.candidates(key);
    for (let h = 0; h < count; h++) {
      const id = found[h] as number;
      let repeat = false; // the same text through another form
      for (let g = 0; g < h && !repeat; g++) repeat = found[g] === id;
      if (repeat) continue;
      const distance = boundedEditDistance(texts[id] as string, key, 1);
      if (distance <= 1) visit(id, item, distance);
    }
  }
}

/**
 * Marks of which items one search has already compared, shared by the indexes of one pass. `seen`
 * may be given: any array of at least `count` slots holding no stamp yet (e.g. all −1; stamps
 * count up from 1).
 */
export class Visits {
  readonly seen: Int32Array;
  stamp = 0;
  constructor(count: number, seen?: Int32Array) {
    this.seen = seen ?? new Int32Array(count);
  }
}

export class FuzzyIndex {
  private table: FormTable | null = null;
  private pieces: Map<string, number[]> | null = null;
  private readonly pieceLengths = new Set<number>();

  /** Indexes `items` (positions in `keys`, the normalised references) of at least `minLength`. */
  constructor(
    private readonly keys: readonly string[],
    private readonly items: ArrayLike<number>,
    private readonly minLength: number,
    private readonly visits: Visits,
  ) {}

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

  /** Every indexed key within distance 1 of `text` (the table of keys is built on first use). */
  searchOne(text: string, visit: (index: number, distance: number) => void): void {
    if (this.table === null) {
      const { keys, items, minLength } = this;
      let size = 0;
      for (let k = 0; k < items.length; k++) size += (keys[items[k] as number] as string).length + 1;
      this.table = new FormTable(size, (add) => {
        for (let k = 0; k < items.length; k++) {
          const key = keys[items[k] as number] as string;
          if (key.length >= minLength) add(items[k] as number, key);
        }
      });
    }
    this.visits.stamp++;
    const count = this.table.candidates(text);
    const ids = found.slice(0, count); // confirm() may be followed by other searches
    for (const index of ids) this.confirm(text, index, 1, visit);
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
