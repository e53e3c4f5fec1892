import { create } from 'zustand';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import type { Decision, ReconClient } from './recon-client';

/**
 * The review decisions made in this window (confirm, reject, manual match, resolve), newest last,
 * so the last one can be undone (`recon:undo` needs the decision's id, which only its answer
 * carries), and the one announcement line the page reads out after each decision.
 */
export interface DecisionEntry {
  decisionId: number;
  /** In words, e.g. "Resolved bank line TX-1 (bank fee)". */
  description: string;
  /** The items it touched (bank transaction ids and payment references), for an Undo in their rows. */
  ids: string[];
}

export type Announcement = { kind: 'done' | 'error'; text: string; at: number } | null;

export interface ReconDecisionsState {
  log: DecisionEntry[];
  /** The decision being undone. */
  undoing: number | null;
  announcement: Announcement;
  /** The last Undo the core refused (e.g. `locked`: the item is in a signed-off period), shown by its button. */
  undoFailure: { decisionId: number; error: ErrorShape } | null;
  record(decision: Decision, description: string, ids: readonly string[]): void;
  announce(kind: 'done' | 'error', text: string): void;
  /**
   * `recon:undo`, always with a reason for the audit log (a blank one is refused here, before the
   * core is asked). A decision of this window is named by its log entry; any other stored decision
   * (an automatic match, one made in another window) needs `description`, its words.
   */
  undo(decisionId: number, why: { reason: string; description?: string }): Promise<ErrorShape | null>;
  /** The newest decision not undone that touched this item, if any. */
  lastFor(id: string): DecisionEntry | null;
  clear(): void;
}

/** What an Undo without a reason gets: the core is not asked. */
const BLANK_REASON: ErrorShape = {
  code: 'invalid_input',
  message: 'Write why the decision is undone: the reason cannot be blank.',
};

/** How many decisions the window remembers for Undo. */
const KEEP = 50;

export function createReconDecisionsStore(client: ReconClient, changed: () => void) {
  let announcements = 0;
  const useDecisions = create<ReconDecisionsState>()((set, get) => ({
    log: [],
    undoing: null,
    announcement: null,
    undoFailure: null,
    record(decision, description, ids) {
      const entry = { decisionId: decision.decisionId, description, ids: [...ids] };
      set({ log: [...get().log, entry].slice(-KEEP), undoFailure: null });
      get().announce('done', `${description}.`);
    },
    announce(kind, text) {
      set({ announcement: { kind, text, at: ++announcements } });
    },
    async undo(decisionId, why) {
      const reason = why.reason.trim();
      if (reason === '') return BLANK_REASON;
      const logged = get().log.find((candidate) => candidate.decisionId === decisionId);
      const description =
        why.description ?? (logged === undefined ? undefined : `${logged.description} (reason: ${reason})`);
      if (description === undefined || get().undoing !== null) return null;
      const entry = { decisionId, description };
      set({ undoing: decisionId, undoFailure: null });
      try {
        await client.invoke('recon:undo', { decisionId, reason });
        set({ log: get().log.filter((candidate) => candidate.decisionId !== decisionId), undoing: null });
        get().announce('done', `Undone: ${entry.description}.`);
        changed();
        return null;
      } catch (thrown) {
        const error = toErrorShape(thrown);
        set({ undoing: null, undoFailure: { decisionId, error } });
        get().announce('error', `Could not undo “${entry.description}”: ${error.message}`);
        return error;
      }
    },
    lastFor(id) {
      const { log } = get();
      for (let index = log.length - 1; index >= 0; index--) {
        const entry = log[index];
        if (entry?.ids.includes(id)) return entry;
      }
      return null;
    },
    clear() {
      set({ log: [], undoing: null, announcement: null, undoFailure: null });
    },
  }));
  return { useDecisions };
}
