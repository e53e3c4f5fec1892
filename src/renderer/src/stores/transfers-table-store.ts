import { create } from 'zustand';
import type { TransferRow } from '@shared/ipc/contract-transfers';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { DEFAULT_SORT, viewKey, type TransferView } from '../features/transfers/transfer-query';
import { pagesCovering, type RowRange } from '../lib/virtual-window';
import { WindowCache } from '../lib/window-cache';
import type { TransfersClient } from './transfers-client';

/**
 * The Transfers table: the view asked for (filters and sort, from the URL), and windows of its rows
 * fetched on demand (`transfers:list`, PAGE_SIZE rows each, at most MAX_IN_FLIGHT at a time, the rows
 * on screen first) into a small cache keyed by the view. While a new view loads, the previous one's
 * rows stay on screen; a ledger change marks everything stale and refetches what is on screen.
 */
export const PAGE_SIZE = 100;
const MAX_IN_FLIGHT = 2;

export interface TransfersTableState {
  view: TransferView;
  /** viewKey(view): what is asked for. */
  key: string;
  /** The view whose rows are on screen (null before any answered). */
  shownKey: string | null;
  /** Rows matching the shown view; null before its first answer. */
  total: number | null;
  /** loading: the view asked for has no answer yet; error: its first window failed. */
  phase: 'loading' | 'ready' | 'error';
  error: ErrorShape | null;
  /** A later window or a refresh failed: what is shown may be incomplete or out of date. */
  refreshError: ErrorShape | null;
  /** Bumped whenever cached rows change, so the table re-renders. */
  version: number;
  selectedIndex: number | null;
  selectedId: number | null;
  /** Asks the table to scroll a row into view (nonce: ask again for the same row). */
  reveal: { index: number; nonce: number } | null;
  setView(view: TransferView): void;
  /** The table shows these rows (overscan included): fetch what is missing. */
  ensureRange(range: RowRange): void;
  select(index: number | null): void;
  /** Select the request with this id once it is loaded; `notFound` runs if the first window lacks it. */
  selectId(id: number, notFound?: () => void): void;
  /** The ledger changed: refresh what is on screen, keep showing it meanwhile. */
  refresh(): void;
  retry(): void;
}

const INITIAL_VIEW: TransferView = { filters: {}, sort: DEFAULT_SORT };

export function createTransfersTableStore(client: TransfersClient) {
  const cache = new WindowCache<TransferRow>(PAGE_SIZE, 40, 4);
  const inFlight = new Set<string>();
  const failed = new Set<string>();
  let wanted: RowRange = { start: 0, end: 50 };
  /** Bumped by refresh: an answer asked for before the change is kept, but as stale. */
  let generation = 0;
  let pending: { id: number; notFound: (() => void) | undefined } | null = null;
  let nonce = 0;
  const slot = (key: string, page: number): string => `${key}\u0001${page}`;

  const useTable = create<TransfersTableState>()(() => ({
    view: INITIAL_VIEW,
    key: viewKey(INITIAL_VIEW),
    shownKey: null,
    total: null,
    phase: 'loading',
    error: null,
    refreshError: null,
    version: 0,
    selectedIndex: null,
    selectedId: null,
    reveal: null,
    setView,
    ensureRange,
    select,
    selectId,
    refresh,
    retry,
  }));
  const get = useTable.getState;
  const set = useTable.setState;

  function rowAt(index: number): TransferRow | undefined {
    const { shownKey } = get();
    return shownKey === null ? undefined : cache.row(shownKey, index);
  }

  /** After rows changed: apply a pending selection, keep the selected request selected. */
  function afterRowsChanged(): void {
    const { key, shownKey, selectedIndex, selectedId } = get();
    if (shownKey === null) return;
    if (pending !== null) {
      if (shownKey !== key) return;
      const { id, notFound } = pending;
      const index = cache.findIndex(shownKey, (row) => row.id === id);
      if (index !== null) {
        pending = null;
        set({ selectedIndex: index, selectedId: id, reveal: { index, nonce: ++nonce } });
      } else if (cache.isFresh(shownKey, 0)) {
        pending = null;
        notFound?.();
      }
      return;
    }
    if (selectedIndex !== null && selectedId !== null && rowAt(selectedIndex)?.id !== selectedId) {
      const index = cache.findIndex(shownKey, (row) => row.id === selectedId);
      if (index !== null) set({ selectedIndex: index });
    }
  }

  async function fetchPage(key: string, view: TransferView, page: number): Promise<void> {
    const id = slot(key, page);
    const asked = generation;
    inFlight.add(id);
    try {
      const answer = await client.invoke('transfers:list', {
        filters: view.filters,
        sort: view.sort,
        offset: page * PAGE_SIZE,
        limit: PAGE_SIZE,
      });
      cache.put(key, page, answer.rows, answer.total);
      if (asked !== generation) cache.markStale(key, page);
      if (key !== get().key) return;
      const first = get().shownKey !== key;
      set((state) => ({
        shownKey: key,
        total: answer.total,
        phase: 'ready',
        error: null,
        refreshError: first ? null : state.refreshError,
        version: state.version + 1,
        ...(first ? { selectedIndex: null, selectedId: null } : {}),
      }));
      afterRowsChanged();
    } catch (thrown) {
      failed.add(id);
      if (key !== get().key) return;
      const error = toErrorShape(thrown);
      if (get().shownKey === key) set({ refreshError: error });
      else set({ shownKey: key, total: null, phase: 'error', error, selectedIndex: null, selectedId: null });
    } finally {
      inFlight.delete(id);
      pump();
    }
  }

  /** Start fetching the missing windows of what is wanted, top of the screen first. */
  function pump(): void {
    const { key, view, shownKey } = get();
    // A view not answered yet starts at its top, whatever the scroll position of the previous one.
    const range = shownKey === key ? wanted : { start: 0, end: Math.max(1, wanted.end - wanted.start) };
    const total = cache.total(key);
    for (const page of pagesCovering(range, PAGE_SIZE)) {
      if (inFlight.size >= MAX_IN_FLIGHT) return;
      const id = slot(key, page);
      if (cache.isFresh(key, page) || inFlight.has(id) || failed.has(id)) continue;
      if (total !== null && page > 0 && page * PAGE_SIZE >= total) continue;
      void fetchPage(key, view, page);
    }
  }

  function setView(view: TransferView): void {
    const key = viewKey(view);
    if (key === get().key && get().shownKey !== null) return;
    failed.clear();
    wanted = { start: 0, end: Math.max(1, wanted.end - wanted.start) };
    const total = cache.total(key);
    if (total === null) {
      set({ view, key, phase: 'loading' });
    } else {
      set((state) => ({
        view,
        key,
        shownKey: key,
        total,
        phase: 'ready',
        error: null,
        refreshError: null,
        version: state.version + 1,
        selectedIndex: null,
        selectedId: null,
      }));
      afterRowsChanged();
    }
    pump();
  }

  function ensureRange(range: RowRange): void {
    wanted = range;
    const { shownKey } = get();
    if (shownKey !== null) for (const page of pagesCovering(range, PAGE_SIZE)) cache.touch(shownKey, page);
    pump();
  }

  function select(index: number | null): void {
    set({ selectedIndex: index, selectedId: index === null ? null : (rowAt(index)?.id ?? null) });
  }

  function selectId(id: number, notFound?: () => void): void {
    pending = { id, notFound };
    afterRowsChanged();
  }

  function refresh(): void {
    generation++;
    failed.clear();
    cache.invalidate(get().key);
    if (get().shownKey !== get().key) set({ shownKey: null });
    pump();
  }

  function retry(): void {
    failed.clear();
    set((state) =>
      state.phase === 'error' ? { phase: 'loading', shownKey: null, error: null } : { refreshError: null },
    );
    pump();
  }

  return { useTable, rowAt };
}
