/**
 * Deterministic pseudo-random numbers (sfc32 seeded through splitmix32): the same seed gives the
 * same world on every machine and Node version. Math.random is never used by the simulator.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(private readonly seed: number) {
    let state = seed >>> 0;
    const next = (): number => {
      state = (state + 0x9e3779b9) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A bigint in [min, max], both inclusive (for amounts in minor units). */
  bigint(min: bigint, max: bigint): bigint {
    const span = max - min + 1n;
    let value = 0n;
    for (let bits = 0n; 1n << bits < span; bits += 32n) value = (value << 32n) | BigInt(this.uint32());
    return min + (value % span);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Cannot pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  /** `count` distinct items in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, Math.min(count, copy.length));
  }

  /**
   * A child generator named by a label and derived from the seed alone (not from draws made so far),
   * so adding draws in one part of the world does not shift another part.
   */
  fork(label: string): Random {
    let hash = (this.seed ^ 0x811c9dc5) >>> 0;
    for (const char of label) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
    return new Random(hash);
  }
}
