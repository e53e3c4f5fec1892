/**
 * Virtualisation arithmetic for a list of fixed-height rows: which rows to render for a scroll
 * position (the visible ones plus an overscan on each side), which pages of rows cover them, and
 * where to scroll so that a row becomes fully visible. Pure, so it is unit-tested in node.
 */

/** Rows `start` (inclusive) to `end` (exclusive). */
export interface RowRange {
  start: number;
  end: number;
}

export interface Viewport {
  scrollTop: number;
  /** Height of the scrolling area's visible part, in px. */
  height: number;
}

export function visibleRange(viewport: Viewport, rowHeight: number, total: number, overscan = 0): RowRange {
  if (total <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const top = Math.max(0, viewport.scrollTop);
  const first = Math.min(total - 1, Math.floor(top / rowHeight));
  const last = Math.ceil((top + Math.max(0, viewport.height)) / rowHeight);
  return {
    start: Math.max(0, first - overscan),
    end: Math.min(total, Math.max(first + 1, last) + overscan),
  };
}

/** Indices of the pages of `pageSize` rows that hold any row of the range. */
export function pagesCovering(range: RowRange, pageSize: number): number[] {
  if (range.end <= range.start) return [];
  const pages: number[] = [];
  const last = Math.floor((range.end - 1) / pageSize);
  for (let page = Math.floor(range.start / pageSize); page <= last; page++) pages.push(page);
  return pages;
}

/**
 * The scrollTop that brings row `index` fully into view with the least movement, or null when it is
 * already fully visible.
 */
export function scrollToReveal(index: number, rowHeight: number, viewport: Viewport): number | null {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < viewport.scrollTop) return top;
  if (bottom > viewport.scrollTop + viewport.height) return Math.max(0, bottom - viewport.height);
  return null;
}

/** How many whole rows fit in the viewport (at least one): the step of Page Up / Page Down. */
export function rowsPerPage(rowHeight: number, height: number): number {
  return Math.max(1, Math.floor(height / rowHeight));
}
