import { create } from 'zustand';
import type { AgeingBucketName, ReconItem, ReconStateName } from '@shared/ipc/contract-recon';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import type { z } from 'zod';
import { resolveLabel } from '../features/reconciliation/recon-text';
import { lineWords } from '../features/reconciliation/line-words';
import {
  shownValue,
  ticketCounter,
  type ItemsPage,
  type Loadable,
  type ReconClient,
  type ResolveReason,
} from './recon-client';
import type { ReconDecisionsState } from './recon-decisions-store';
import { itemsInput, sameItemsQuery, type ItemsQuery } from './recon-items-input';
import { selectionChecker, type CheckView } from './recon-selection-check';
import { formatNumber } from '../lib/format-money';

export type ReconState = z.output<typeof ReconStateName>;
export type AgeingBucket = z.output<typeof AgeingBucketName>;

export type { ItemsQuery };

export type ManualView =
  | { status: 'idle' }
  /** The check warned: the person is asked to match anyway. */
  | { status: 'confirm'; warnings: string[] }
  | { status: 'saving' }
  | { status: 'done'; description: string; warnings: string[] }
  | { status: 'error'; error: ErrorShape };

export interface ReconItemsState {
  query: ItemsQuery;
  view: Loadable<ItemsPage>;
  /** Chosen for a manual match, by itemKey(). */
  selected: Readonly<Record<string, ReconItem>>;
  manual: ManualView;
  /** What matching the selection would warn about (recon:match.check), asked as boxes are ticked. */
  check: CheckView;
  setQuery(query: Omit<ItemsQuery, 'offset'>): Promise<void>;
  page(offset: number): Promise<void>;
  reload(): Promise<void>;
  toggle(item: ReconItem, on: boolean): void;
  clearSelection(): void;
  /**
   * `recon:match.manual` with the selected bank lines and requests. Unless `anyway`, the selection
   * is checked first: with warnings, nothing is matched and the person is asked (manual: 'confirm').
   */
  matchSelected(note: string, anyway?: boolean): Promise<void>;
  /** Back from the 'confirm' step without matching. */
  cancelConfirm(): void;
  /** `recon:resolve`; the error is returned for the dialog that asked. */
  resolve(item: ReconItem, reasonCode: ResolveReason, note: string): Promise<ErrorShape | null>;
}

export const ITEMS_PAGE_SIZE = 50;

export const itemKey = (item: Pick<ReconItem, 'kind' | 'id'>): string => `${item.kind}:${item.id}`;

/** Open and not yet matched: may be matched by hand. */
export function isSelectable(item: ReconItem): boolean {
  return (
    item.match === null && item.lockedBy === null && item.state !== 'resolved' && item.state !== 'signed_off'
  );
}

/** "request RF18…", or a bank line by its date, amount and reference (line-words.ts), never its internal id. */
export function itemName(item: Pick<ReconItem, 'kind' | 'id' | 'line'>): string {
  if (item.kind === 'request') return `request ${item.id}`;
  return item.line === undefined ? `bank line ${item.id}` : lineWords(item.line);
}

function listOf(count: number, singular: string): string {
  return `${formatNumber(count)} ${singular}${count === 1 ? '' : 's'}`;
}

export function selectionCounts(selected: Readonly<Record<string, ReconItem>>): {
  lines: ReconItem[];
  requests: ReconItem[];
} {
  const items = Object.values(selected);
  return {
    lines: items.filter((item) => item.kind === 'line'),
    requests: items.filter((item) => item.kind === 'request'),
  };
}

interface Dependencies {
  decisions: () => ReconDecisionsState;
  changed: () => void;
}

/** The open items table (`recon:items`) with its filters, the manual match and the resolution. */
export function createReconItemsStore(client: ReconClient, deps: Dependencies) {
  const tickets = ticketCounter();
  const useItems = create<ReconItemsState>()((set, get) => {
    const checker = selectionChecker(client, get, set);
    async function load(): Promise<void> {
      const ticket = tickets.take();
      const { query } = get();
      set({ view: { status: 'loading', previous: shownValue(get().view) } });
      try {
        const page = await client.invoke('recon:items', itemsInput(query, ITEMS_PAGE_SIZE));
        if (!tickets.isLatest(ticket)) return;
        // A selected item that is no longer open cannot be matched by hand: drop it.
        const shown = new Map(page.items.map((item) => [itemKey(item), item]));
        const selected = Object.fromEntries(
          Object.entries(get().selected).flatMap(([key, item]) => {
            const now = shown.get(key);
            if (now === undefined) return [[key, item]];
            return isSelectable(now) ? [[key, now]] : [];
          }),
        );
        set({ view: { status: 'ready', value: page }, selected });
        checker.selectionChanged();
      } catch (thrown) {
        if (tickets.isLatest(ticket))
          set({ view: { status: 'error', error: toErrorShape(thrown), previous: shownValue(get().view) } });
      }
    }
    return {
      query: { offset: 0 },
      view: { status: 'idle' },
      selected: {},
      manual: { status: 'idle' },
      check: { status: 'idle' },
      setQuery(next) {
        const { query, view } = get();
        if (sameItemsQuery(next, query) && view.status !== 'idle') return Promise.resolve();
        set({ query: { ...next, offset: 0 } });
        return load();
      },
      page(offset) {
        set({ query: { ...get().query, offset: Math.max(0, offset) } });
        return load();
      },
      reload: load,
      toggle(item, on) {
        const key = itemKey(item);
        const selected = { ...get().selected };
        if (on && isSelectable(item)) selected[key] = item;
        else delete selected[key];
        set({ selected });
        checker.selectionChanged();
      },
      clearSelection() {
        set({ selected: {} });
        checker.selectionChanged();
      },
      cancelConfirm() {
        if (get().manual.status === 'confirm') set({ manual: { status: 'idle' } });
      },
      async matchSelected(note, anyway = false) {
        const { lines, requests } = selectionCounts(get().selected);
        if (lines.length === 0 || requests.length === 0 || get().manual.status === 'saving') return;
        if (!anyway) {
          const check = await checker.current();
          if (check.status === 'ready' && check.warnings.length > 0) {
            set({ manual: { status: 'confirm', warnings: check.warnings } });
            return;
          }
        }
        set({ manual: { status: 'saving' } });
        try {
          const text = note.trim();
          const decision = await client.invoke('recon:match.manual', {
            lineIds: lines.map((item) => item.id),
            requestReferences: requests.map((item) => item.id),
            ...(text === '' ? {} : { note: text }),
          });
          const description = `Matched ${listOf(lines.length, 'bank line')} with ${listOf(requests.length, 'request')} by hand`;
          set({ manual: { status: 'done', description, warnings: decision.warnings }, selected: {} });
          checker.selectionChanged();
          deps.decisions().record(
            decision,
            description,
            [...lines, ...requests].map((item) => item.id),
          );
          deps.changed();
        } catch (thrown) {
          set({ manual: { status: 'error', error: toErrorShape(thrown) } });
        }
      },
      async resolve(item, reasonCode, note) {
        try {
          const decision = await client.invoke('recon:resolve', {
            kind: item.kind,
            id: item.id,
            reasonCode,
            note: note.trim(),
          });
          const name = itemName(item);
          const description = `Resolved ${name} (${resolveLabel(reasonCode).toLowerCase()})`;
          deps.decisions().record(decision, description, [item.id]);
          deps.changed();
          return null;
        } catch (thrown) {
          return toErrorShape(thrown);
        }
      },
    };
  });
  return { useItems };
}
