/**
 * The catalogue in memory for search: each brand's facet values as small integer codes, its sort
 * keys and its summary, loaded from the ledger (catalogue-search repository) and reloaded only when
 * the catalogue generation moves (a sync wrote brands, in this process or another). Counting facets
 * over thousands of matches is then a loop over typed arrays instead of a GROUP BY per facet.
 */
import type { CatalogueRow, CatalogueSearchRepository } from '../ledger/repositories/catalogue-search';

export const FACETS = [
  'category',
  'currency',
  'country',
  'type',
  'status',
  'delivery',
  'transaction',
  'redemption',
  'stocked',
  'async',
] as const;
export type FacetName = (typeof FACETS)[number];

/** Codes of one facet: brand p holds codes[starts[p] .. starts[p+1]). */
export interface FacetColumn {
  values: string[];
  starts: Uint32Array;
  codes: Uint32Array;
  /** When no brand holds more than one value: brand p's code, or -1 for none (a faster loop). */
  single: Int32Array | null;
}

/** A full-text result kept for reuse: positions best first, with their bm25 ranks. */
export interface RankedMatches {
  positions: Uint32Array;
  ranks: Float64Array;
}

/**
 * Results of the shortest prefixes (one or two characters, typed first and again after every
 * backspace, and the costliest to rank: they match most brands), kept with the index so they go
 * when it is reloaded for a new generation. Bounded by the number of positions held, least
 * recently used first out.
 */
export class PrefixResultCache {
  private readonly entries = new Map<string, RankedMatches>();
  private held = 0;

  constructor(private readonly maxPositions: number) {}

  get(key: string): RankedMatches | undefined {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: RankedMatches): void {
    if (entry.positions.length > this.maxPositions) return;
    this.held += entry.positions.length;
    this.entries.set(key, entry);
    for (const [oldest, old] of this.entries) {
      if (this.held <= this.maxPositions) break;
      this.entries.delete(oldest);
      this.held -= old.positions.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.held = 0;
  }
}

/** At most this many positions (12 bytes each) held by one index's prefix cache. */
const PREFIX_CACHE_POSITIONS = 1_000_000;

export interface CatalogueIndex {
  generation: number;
  size: number;
  rows: CatalogueRow[];
  /** positionOf[brand id] = the brand's position, -1 for an id of no brand of the workspace. */
  positionOf: Int32Array;
  vanished: Uint8Array;
  columns: Record<FacetName, FacetColumn>;
  /** Position in name order (locale-aware, case-insensitive). */
  nameRank: Uint32Array;
  /** Discount as a number for ordering only (NaN when absent); amounts shown come from the text. */
  discount: Float64Array;
  /** Epoch milliseconds of last_updated (NaN when absent or unreadable). */
  updated: Float64Array;
  prefixCache: PrefixResultCache;
}

function list(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

const flag = (value: number | null): string[] => (value === null ? [] : [value === 1 ? 'true' : 'false']);

function valuesOf(row: CatalogueRow, facet: FacetName): string[] {
  switch (facet) {
    case 'category':
      return list(row.categories);
    case 'currency':
      return [row.currency];
    case 'country':
      return list(row.countries);
    case 'type':
      return [row.type];
    case 'status':
      return [row.status];
    case 'delivery':
      return list(row.deliveryMethods);
    case 'transaction':
      return list(row.transactionTypes);
    case 'redemption':
      return list(row.redemptionMethods);
    case 'stocked':
      return flag(row.gcPool);
    case 'async':
      return flag(row.asyncOnly);
  }
}

function column(rows: readonly CatalogueRow[], facet: FacetName): FacetColumn {
  const values: string[] = [];
  const codeOf = new Map<string, number>();
  const starts = new Uint32Array(rows.length + 1);
  const codes: number[] = [];
  rows.forEach((row, position) => {
    starts[position] = codes.length;
    for (const value of new Set(valuesOf(row, facet))) {
      let code = codeOf.get(value);
      if (code === undefined) {
        code = values.push(value) - 1;
        codeOf.set(value, code);
      }
      codes.push(code);
    }
  });
  starts[rows.length] = codes.length;
  let single: Int32Array | null = new Int32Array(rows.length).fill(-1);
  for (let position = 0; position < rows.length && single !== null; position++) {
    const count = starts[position + 1]! - starts[position]!;
    if (count > 1) single = null;
    else if (count === 1) single[position] = codes[starts[position]!]!;
  }
  return { values, starts, codes: Uint32Array.from(codes), single };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function buildCatalogueIndex(rows: CatalogueRow[], generation: number): CatalogueIndex {
  const size = rows.length;
  const byName = rows.map((_, position) => position);
  byName.sort(
    (a, b) => collator.compare(rows[a]!.name, rows[b]!.name) || (rows[a]!.slug < rows[b]!.slug ? -1 : 1),
  );
  const nameRank = new Uint32Array(size);
  byName.forEach((position, rank) => (nameRank[position] = rank));
  const columns = Object.fromEntries(FACETS.map((facet) => [facet, column(rows, facet)])) as Record<
    FacetName,
    FacetColumn
  >;
  const positionOf = new Int32Array(rows.reduce((max, row) => Math.max(max, row.id), 0) + 1).fill(-1);
  rows.forEach((row, position) => (positionOf[row.id] = position));
  return {
    generation,
    size,
    rows,
    positionOf,
    vanished: Uint8Array.from(rows, (row) => row.vanished),
    columns,
    nameRank,
    discount: Float64Array.from(rows, (row) => (row.discount === null ? Number.NaN : Number(row.discount))),
    updated: Float64Array.from(rows, (row) =>
      row.lastUpdated === null ? Number.NaN : Date.parse(row.lastUpdated),
    ),
    prefixCache: new PrefixResultCache(PREFIX_CACHE_POSITIONS),
  };
}

/**
 * Holds one workspace's index. Before every search it brings the ledger's catalogue index up to date
 * when brands wait for it (a sync wrote them, or a crash cut in after a sync's commit: the marks are
 * durable), and reloads the in-memory index when the catalogue generation moved.
 */
export class CatalogueIndexCache {
  private index: CatalogueIndex | undefined;

  constructor(
    private readonly repository: CatalogueSearchRepository,
    private readonly workspaceId: number,
  ) {}

  current(): CatalogueIndex {
    const state = this.repository.state(this.workspaceId);
    // Indexing moves the generation; read it again (another process may also have written since).
    const generation =
      state.pending && this.repository.bringUpToDate()
        ? this.repository.generation(this.workspaceId)
        : state.generation;
    if (this.index?.generation !== generation)
      this.index = buildCatalogueIndex(this.repository.loadRows(this.workspaceId), generation);
    return this.index;
  }
}
