/**
 * A small cache of the windows (pages) of a long, server-side ordered list, for several queries at
 * once: each query (its filters and sort, as a key) keeps its total and up to `maxPages` pages of
 * rows, least recently used dropped first; at most `maxQueries` queries are kept. Pages can be
 * marked stale (the data changed): they are still shown until fresh ones replace them.
 */

export interface QueryWindows<Row> {
  total: number | null;
  pages: Map<number, Row[]>;
  stale: Set<number>;
}

export class WindowCache<Row> {
  private readonly queries = new Map<string, QueryWindows<Row>>();

  constructor(
    readonly pageSize: number,
    private readonly maxPages = 40,
    private readonly maxQueries = 4,
  ) {}

  /** The windows of a query, created (and made most recent) on demand. */
  private entry(key: string): QueryWindows<Row> {
    let windows = this.queries.get(key);
    if (windows) {
      this.queries.delete(key);
    } else {
      windows = { total: null, pages: new Map(), stale: new Set() };
    }
    this.queries.set(key, windows);
    while (this.queries.size > this.maxQueries) {
      const oldest = this.queries.keys().next().value as string;
      this.queries.delete(oldest);
    }
    return windows;
  }

  has(key: string): boolean {
    return this.queries.has(key);
  }

  total(key: string): number | null {
    return this.queries.get(key)?.total ?? null;
  }

  /** The row at `index`, or undefined when its page is not loaded. */
  row(key: string, index: number): Row | undefined {
    const page = this.queries.get(key)?.pages.get(Math.floor(index / this.pageSize));
    return page?.[index % this.pageSize];
  }

  /** Whether a page is loaded and fresh (nothing to fetch). */
  isFresh(key: string, page: number): boolean {
    const windows = this.queries.get(key);
    return windows !== undefined && windows.pages.has(page) && !windows.stale.has(page);
  }

  /** Store a fetched page and the total the answer reported. */
  put(key: string, page: number, rows: Row[], total: number): void {
    const windows = this.entry(key);
    windows.total = total;
    windows.pages.delete(page);
    windows.pages.set(page, rows);
    windows.stale.delete(page);
    // Pages past the new end belong to a longer list that no longer exists.
    const lastPage = Math.max(0, Math.ceil(total / this.pageSize) - 1);
    for (const index of windows.pages.keys()) if (index > lastPage) windows.pages.delete(index);
    while (windows.pages.size > this.maxPages) {
      const oldest = windows.pages.keys().next().value as number;
      windows.pages.delete(oldest);
      windows.stale.delete(oldest);
    }
  }

  /** Mark one page stale: shown until a fresh copy replaces it. */
  markStale(key: string, page: number): void {
    const windows = this.queries.get(key);
    if (windows?.pages.has(page)) windows.stale.add(page);
  }

  /** The index of the first loaded row that matches, or null. */
  findIndex(key: string, match: (row: Row) => boolean): number | null {
    const windows = this.queries.get(key);
    if (!windows) return null;
    let found: number | null = null;
    for (const [page, rows] of windows.pages) {
      const at = rows.findIndex(match);
      if (at !== -1 && (found === null || page * this.pageSize + at < found))
        found = page * this.pageSize + at;
    }
    return found;
  }

  /** Mark a page recently used (it is on screen). */
  touch(key: string, page: number): void {
    const windows = this.queries.get(key);
    const rows = windows?.pages.get(page);
    if (!windows || !rows) return;
    windows.pages.delete(page);
    windows.pages.set(page, rows);
  }

  /**
   * The data changed: every page of the query `keep` becomes stale (shown until refreshed); every
   * other query is dropped, as it would have to be fetched again anyway.
   */
  invalidate(keep: string | null): void {
    for (const key of [...this.queries.keys()]) if (key !== keep) this.queries.delete(key);
    const windows = keep === null ? undefined : this.queries.get(keep);
    if (windows) for (const page of windows.pages.keys()) windows.stale.add(page);
  }

  clear(): void {
    this.queries.clear();
  }
}
