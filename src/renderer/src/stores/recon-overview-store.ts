import { create } from 'zustand';
import type { ReconSummary } from '@shared/ipc/contract-recon';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { shownValue, ticketCounter, type Loadable, type ReconClient, type RunResult } from './recon-client';

/** A matching run or preview, and its answer. `before`: the summary on screen when it started. */
export type RunView =
  | { status: 'idle' }
  | { status: 'running'; preview: boolean }
  | { status: 'done'; preview: boolean; result: RunResult; before: ReconSummary | null }
  | { status: 'error'; preview: boolean; error: ErrorShape };

export interface ReconOverviewState {
  /** The as-of date asked for; undefined: the core's today. */
  asOf: string | undefined;
  summary: Loadable<ReconSummary>;
  run: RunView;
  setAsOf(asOf: string | undefined): Promise<void>;
  reload(): Promise<void>;
  /** `recon:run`; with preview nothing is written and the summary on screen stays as it is. */
  runMatching(preview: boolean): Promise<void>;
  dismissRun(): void;
}

/** The summary (`recon:summary`) as of a date, and the matching run (`recon:run`). */
export function createReconOverviewStore(client: ReconClient, changed: () => void) {
  const tickets = ticketCounter();
  const useOverview = create<ReconOverviewState>()((set, get) => {
    async function load(): Promise<void> {
      const ticket = tickets.take();
      const { asOf } = get();
      set({ summary: { status: 'loading', previous: shownValue(get().summary) } });
      try {
        const summary = await client.invoke('recon:summary', asOf === undefined ? {} : { asOf });
        if (tickets.isLatest(ticket)) set({ summary: { status: 'ready', value: summary } });
      } catch (thrown) {
        if (tickets.isLatest(ticket))
          set({
            summary: { status: 'error', error: toErrorShape(thrown), previous: shownValue(get().summary) },
          });
      }
    }
    return {
      asOf: undefined,
      summary: { status: 'idle' },
      run: { status: 'idle' },
      setAsOf(asOf) {
        if (asOf === get().asOf && get().summary.status !== 'idle') return Promise.resolve();
        // A run shown for another date no longer describes what is on screen.
        set({ asOf, run: { status: 'idle' } });
        return load();
      },
      reload: load,
      async runMatching(preview) {
        if (get().run.status === 'running') return;
        const { asOf } = get();
        const before = shownValue(get().summary);
        set({ run: { status: 'running', preview } });
        try {
          const result = await client.invoke('recon:run', {
            ...(asOf === undefined ? {} : { asOf }),
            ...(preview ? { preview: true } : {}),
          });
          set({ run: { status: 'done', preview, result, before } });
          if (!preview) {
            // The newest summary is the run's own; anything loading now was asked before the run.
            tickets.take();
            set({ summary: { status: 'ready', value: result.summary } });
            changed();
          }
        } catch (thrown) {
          set({ run: { status: 'error', preview, error: toErrorShape(thrown) } });
        }
      },
      dismissRun() {
        set({ run: { status: 'idle' } });
      },
    };
  });
  return { useOverview };
}
