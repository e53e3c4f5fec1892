/**
 * Catalogue search: full text with prefix matching and bm25 ranking (fts-query.ts, brand_fts), then
 * filters and facet counts (facets.ts) over the in-memory index (facet-index.ts), then sort and one
 * page. Vanished brands are left out unless asked for. This is what catalogue:search runs.
 */
import type { CatalogueSearchRepository } from '../ledger/repositories/catalogue-search';
import type { CatalogueIndex, CatalogueIndexCache, RankedMatches } from './facet-index';
import { filterAndCount, type FacetCounts, type FacetFilters } from './facets';
import { ftsQuery } from './fts-query';

export type CatalogueSort = 'relevance' | 'name' | 'discount' | 'lastUpdated';

export interface CatalogueSearchInput {
  text?: string;
  filters?: FacetFilters;
  includeVanished?: boolean;
  /** Default: relevance when there is text, else name. */
  sort?: CatalogueSort;
  direction?: 'asc' | 'desc';
  offset?: number;
  limit?: number;
}

export interface BrandSummary {
  slug: string;
  name: string;
  type: string;
  status: string;
  currency: string;
  /** Percentage exactly as sent. */
  discount: string | null;
  lastUpdated: string | null;
  categories: string[];
  countries: string[];
  gcPool: boolean | null;
  asyncOnly: boolean | null;
  vanished: boolean;
}

export interface CatalogueSearchResult {
  total: number;
  offset: number;
  limit: number;
  sort: CatalogueSort;
  direction: 'asc' | 'desc';
  /** The words searched for (after cutting the text the way the index does). */
  words: string[];
  brands: BrandSummary[];
  facets: FacetCounts[];
}

const DEFAULT_LIMIT = 50;

function summary(index: CatalogueIndex, position: number): BrandSummary {
  const row = index.rows[position]!;
  const list = (json: string): string[] => JSON.parse(json) as string[];
  return {
    slug: row.slug,
    name: row.name,
    type: row.type,
    status: row.status,
    currency: row.currency,
    discount: row.discount,
    lastUpdated: row.lastUpdated,
    categories: list(row.categories),
    countries: list(row.countries),
    gcPool: row.gcPool === null ? null : row.gcPool === 1,
    asyncOnly: row.asyncOnly === null ? null : row.asyncOnly === 1,
    vanished: row.vanished === 1,
  };
}

/** NaN sorts last in either direction. */
function byNumber(keys: Float64Array, sign: number): (a: number, b: number) => number {
  return (a, b) => {
    const x = keys[a]!;
    const y = keys[b]!;
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : -1;
    return sign * (x - y);
  };
}

/** The first `wanted` positions in order: a bounded insertion for a first page, a full sort beyond. */
function firstInOrder(
  passing: Uint32Array,
  wanted: number,
  compare: (a: number, b: number) => number,
): number[] {
  if (wanted * 4 >= passing.length) return Array.from(passing).sort(compare).slice(0, wanted);
  const best: number[] = [];
  for (const position of passing) {
    if (best.length === wanted && compare(position, best[wanted - 1]!) >= 0) continue;
    let at = best.length === wanted ? wanted - 1 : best.length;
    while (at > 0 && compare(position, best[at - 1]!) < 0) {
      best[at] = best[at - 1]!;
      at--;
    }
    best[at] = position;
  }
  return best;
}

/** The first `wanted` positions by name, discount or last update (no relevance: nothing is ranked). */
function ordered(
  index: CatalogueIndex,
  passing: Uint32Array,
  wanted: number,
  sort: Exclude<CatalogueSort, 'relevance'>,
  sign: number,
): number[] {
  const byName = (a: number, b: number): number => index.nameRank[a]! - index.nameRank[b]!;
  const first =
    sort === 'discount'
      ? byNumber(index.discount, sign)
      : sort === 'lastUpdated'
        ? byNumber(index.updated, sign)
        : (a: number, b: number) => sign * byName(a, b);
  return firstInOrder(passing, wanted, (a, b) => first(a, b) || byName(a, b));
}

/**
 * The first `wanted` passing positions by relevance from matches read best first (or worst first):
 * reading stops at the first rank past the last wanted one, so equal ranks are all seen and ordered
 * by name like every other sort's ties.
 */
function firstByRank(
  index: CatalogueIndex,
  matches: Iterable<readonly [number, number]>,
  passes: Uint8Array,
  wanted: number,
): number[] {
  const positions: number[] = [];
  const ranks: number[] = [];
  for (const [position, rank] of matches) {
    if (passes[position] !== 1) continue;
    if (positions.length >= wanted && rank !== ranks[ranks.length - 1]) break;
    positions.push(position);
    ranks.push(rank);
  }
  // Ranks arrive in order: only runs of equal ranks need ordering by name.
  const order = positions.map((_, i) => i);
  order.sort((a, b) =>
    ranks[a] === ranks[b] ? index.nameRank[positions[a]!]! - index.nameRank[positions[b]!]! : a - b,
  );
  return order.slice(0, wanted).map((i) => positions[i]!);
}

/** [position, rank] of cached matches, best first or worst first. */
function* cachedInOrder(matches: RankedMatches, worstFirst: boolean): Generator<[number, number]> {
  const { positions, ranks } = matches;
  if (worstFirst) for (let i = positions.length - 1; i >= 0; i--) yield [positions[i]!, ranks[i]!];
  else for (let i = 0; i < positions.length; i++) yield [positions[i]!, ranks[i]!];
}

/** [position, rank] of the index's brands among full-text matches read lazily from the ledger. */
function* positionsOf(
  index: CatalogueIndex,
  matches: Iterable<[number, number]>,
): Generator<[number, number]> {
  for (const [id, rank] of matches) {
    const position = id < index.positionOf.length ? index.positionOf[id]! : -1;
    if (position >= 0) yield [position, rank];
  }
}

/** Prefixes this short are kept in the index's prefix cache (facet-index.ts). */
const CACHED_PREFIX_LENGTH = 2;

/** A one- or two-character word's matches, ranked once per catalogue generation. */
function cachedMatches(
  repository: CatalogueSearchRepository,
  index: CatalogueIndex,
  expression: string,
): RankedMatches {
  const hit = index.prefixCache.get(expression);
  if (hit !== undefined) return hit;
  const rows = repository.match(expression);
  const positions = new Uint32Array(rows.length);
  const ranks = new Float64Array(rows.length);
  let count = 0;
  for (const [position, rank] of positionsOf(index, rows)) {
    positions[count] = position;
    ranks[count++] = rank;
  }
  const entry = { positions: positions.slice(0, count), ranks: ranks.slice(0, count) };
  index.prefixCache.set(expression, entry);
  return entry;
}

export function searchCatalogue(
  repository: CatalogueSearchRepository,
  cache: CatalogueIndexCache,
  input: CatalogueSearchInput,
): CatalogueSearchResult {
  const index = cache.current();
  const query = ftsQuery(input.text ?? '');
  const candidates = new Uint32Array(index.size);
  let count = 0;
  const includeVanished = input.includeVanished === true;
  const { vanished } = index;
  let cached: RankedMatches | null = null;
  if (query.expression === null) {
    for (let position = 0; position < index.size; position++)
      if (includeVanished || vanished[position] === 0) candidates[count++] = position;
  } else if (query.words.length === 1 && [...query.words[0]!].length <= CACHED_PREFIX_LENGTH) {
    cached = cachedMatches(repository, index, query.expression);
    for (const position of cached.positions)
      if (includeVanished || vanished[position] === 0) candidates[count++] = position;
  } else {
    // Which brands match, unranked (cheap); ranking is left to FTS5 for the page below.
    const { positionOf } = index;
    for (const id of repository.matchIds(query.expression)) {
      const position = id < positionOf.length ? positionOf[id]! : -1;
      if (position >= 0 && (includeVanished || vanished[position] === 0)) candidates[count++] = position;
    }
  }
  const { passing, facets } = filterAndCount(index, candidates.subarray(0, count), input.filters ?? {});
  const sort = input.sort ?? (query.expression === null ? 'name' : 'relevance');
  // bm25 ranks are lower for better matches: "desc" relevance (best first) is ascending rank.
  const direction =
    input.direction ??
    (sort === 'relevance' || sort === 'lastUpdated' || sort === 'discount' ? 'desc' : 'asc');
  const offset = Math.max(0, input.offset ?? 0);
  const limit = Math.max(1, input.limit ?? DEFAULT_LIMIT);
  let page: number[];
  if (sort === 'relevance' && query.expression !== null) {
    const passes = new Uint8Array(index.size);
    for (const position of passing) passes[position] = 1;
    const worstFirst = direction === 'asc';
    if (passing.length === 0) page = [];
    else if (cached !== null)
      page = firstByRank(index, cachedInOrder(cached, worstFirst), passes, offset + limit).slice(offset);
    else {
      // The statement stays busy until its iterator is finished or returned: always return it.
      const rows = repository.ranked(query.expression, worstFirst);
      try {
        page = firstByRank(index, positionsOf(index, rows), passes, offset + limit).slice(offset);
      } finally {
        rows.return?.();
      }
    }
  } else {
    // Relevance without text orders by name (best first = A to Z, as before).
    const by = sort === 'relevance' ? 'name' : sort;
    const sign = sort === 'relevance' ? (direction === 'desc' ? 1 : -1) : direction === 'asc' ? 1 : -1;
    page = ordered(index, passing, offset + limit, by, sign).slice(offset);
  }
  return {
    total: passing.length,
    offset,
    limit,
    sort,
    direction,
    words: query.words,
    brands: page.map((position) => summary(index, position)),
    facets,
  };
}
