import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  pagesCovering,
  rowsPerPage,
  scrollToReveal,
  visibleRange,
} from '../../src/renderer/src/lib/virtual-window';
import { WindowCache } from '../../src/renderer/src/lib/window-cache';

describe('virtualisation arithmetic', () => {
  it('renders the rows in view plus the overscan, within the list', () => {
    expect(visibleRange({ scrollTop: 0, height: 360 }, 36, 100_000, 5)).toEqual({ start: 0, end: 15 });
    expect(visibleRange({ scrollTop: 3600, height: 360 }, 36, 100_000, 5)).toEqual({ start: 95, end: 115 });
    expect(visibleRange({ scrollTop: 3_599_900, height: 360 }, 36, 100_000, 5)).toEqual({
      start: 99_992,
      end: 100_000,
    });
    expect(visibleRange({ scrollTop: 50, height: 360 }, 36, 0, 5)).toEqual({ start: 0, end: 0 });
  });

  it('always covers every row at least partly visible', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200_000 }),
        fc.integer({ min: 0, max: 8_000_000 }),
        fc.integer({ min: 1, max: 2000 }),
        (total, scrollTop, height) => {
          const range = visibleRange({ scrollTop, height }, 36, total, 3);
          expect(range.start).toBeGreaterThanOrEqual(0);
          expect(range.end).toBeLessThanOrEqual(total);
          expect(range.end).toBeGreaterThan(range.start);
          const firstVisible = Math.min(total - 1, Math.floor(scrollTop / 36));
          const lastVisible = Math.min(total - 1, Math.ceil((scrollTop + height) / 36) - 1);
          expect(range.start).toBeLessThanOrEqual(firstVisible);
          expect(range.end).toBeGreaterThan(Math.max(firstVisible, lastVisible));
        },
      ),
    );
  });

  it('lists the pages that hold a range', () => {
    expect(pagesCovering({ start: 0, end: 0 }, 100)).toEqual([]);
    expect(pagesCovering({ start: 95, end: 205 }, 100)).toEqual([0, 1, 2]);
    expect(pagesCovering({ start: 100, end: 200 }, 100)).toEqual([1]);
  });

  it('scrolls the least needed to reveal a row', () => {
    const viewport = { scrollTop: 360, height: 360 };
    expect(scrollToReveal(12, 36, viewport)).toBeNull();
    expect(scrollToReveal(5, 36, viewport)).toBe(180);
    expect(scrollToReveal(20, 36, viewport)).toBe(21 * 36 - 360);
    expect(rowsPerPage(36, 360)).toBe(10);
    expect(rowsPerPage(36, 10)).toBe(1);
  });
});

describe('WindowCache', () => {
  const rows = (page: number, size = 10): number[] => Array.from({ length: size }, (_, i) => page * 10 + i);

  it('answers rows from the pages it holds, with the total', () => {
    const cache = new WindowCache<number>(10);
    expect(cache.total('a')).toBeNull();
    cache.put('a', 2, rows(2), 95);
    expect(cache.total('a')).toBe(95);
    expect(cache.row('a', 23)).toBe(23);
    expect(cache.row('a', 13)).toBeUndefined();
    expect(cache.isFresh('a', 2)).toBe(true);
    expect(cache.findIndex('a', (row) => row === 27)).toBe(27);
  });

  it('drops the least recently used page and query', () => {
    const cache = new WindowCache<number>(10, 2, 2);
    cache.put('a', 0, rows(0), 100);
    cache.put('a', 1, rows(1), 100);
    cache.touch('a', 0);
    cache.put('a', 2, rows(2), 100);
    expect(cache.isFresh('a', 1)).toBe(false);
    expect(cache.isFresh('a', 0)).toBe(true);
    cache.put('b', 0, rows(0), 5);
    cache.put('c', 0, rows(0), 5);
    expect(cache.has('a')).toBe(false);
    expect(cache.has('b')).toBe(true);
  });

  it('forgets pages past a shrunken end', () => {
    const cache = new WindowCache<number>(10);
    cache.put('a', 5, rows(5), 100);
    cache.put('a', 0, rows(0), 30);
    expect(cache.row('a', 55)).toBeUndefined();
  });

  it('keeps stale pages on screen until fresh ones replace them; drops other queries', () => {
    const cache = new WindowCache<number>(10);
    cache.put('a', 0, rows(0), 100);
    cache.put('b', 0, rows(0), 100);
    cache.invalidate('a');
    expect(cache.has('b')).toBe(false);
    expect(cache.row('a', 3)).toBe(3);
    expect(cache.isFresh('a', 0)).toBe(false);
    cache.put('a', 0, rows(0), 100);
    expect(cache.isFresh('a', 0)).toBe(true);
    cache.markStale('a', 0);
    expect(cache.isFresh('a', 0)).toBe(false);
  });
});
