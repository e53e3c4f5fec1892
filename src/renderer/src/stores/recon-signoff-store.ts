import { create } from 'zustand';
import type { SignOff } from '@shared/ipc/contract-signoff';
import type { ChannelOutput } from '@shared/ipc/contract';
import type { ReconSummary } from '@shared/ipc/contract-recon';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import {
  reviewSentence,
  signOffSentence,
  unlockSentence,
} from '../features/reconciliation/period-close/period-text';
import {
  shownValue,
  ticketCounter,
  type Loadable,
  type ReconClient,
  type SignOffReport,
} from './recon-client';
import type { ReconDecisionsState } from './recon-decisions-store';

export type OpenTotals = ChannelOutput<'recon:open-totals'>;

interface Reviewed {
  asOf: string;
  note: string;
  summary: Loadable<ReconSummary>;
  /** What stays open as of the date, per state: shown, and acknowledged before signing off. */
  openTotals: Loadable<OpenTotals>;
}

/** The sign-off being prepared: the summary as of its date (what it would freeze), then its answer. */
export type SigningView =
  | { status: 'idle' }
  | ({ status: 'reviewing' } & Reviewed)
  | ({ status: 'saving' } & Reviewed)
  | ({ status: 'error'; error: ErrorShape } & Reviewed)
  | { status: 'done'; signOff: SignOff };

export interface ReconPeriodState {
  /** Every sign-off, newest first, with its drift alerts (`recon:signoffs`). */
  signOffs: Loadable<SignOff[]>;
  signing: SigningView;
  /** The frozen report open in its dialog (`recon:signoff.report`). */
  report: { id: number; view: Loadable<SignOffReport> } | null;
  reload(): Promise<void>;
  /** Step 1 → 2: show what signing off as of `asOf` would freeze (`recon:summary` as of that date). */
  review(asOf: string, note: string): Promise<void>;
  /** Back from the confirmation (or the result) to the form. */
  cancelSigning(): void;
  /** `recon:signoff` with the reviewed date and note, and the acknowledgement of what stays open. */
  confirmSigning(options?: { acknowledgeOpenItems?: boolean }): Promise<void>;
  /** `recon:unlock`; the error is returned for the dialog that asked. */
  unlock(id: number, reason: string): Promise<ErrorShape | null>;
  /** `recon:review`: a reviewer's verdict (team mode); the error is returned for whoever asked. */
  reviewSignOff(id: number, verdict: 'approve' | 'reject', note: string): Promise<ErrorShape | null>;
  openReport(id: number): Promise<void>;
  closeReport(): void;
}

async function loaded<T>(read: () => Promise<T>): Promise<Loadable<T>> {
  try {
    return { status: 'ready', value: await read() };
  } catch (thrown) {
    return { status: 'error', error: toErrorShape(thrown), previous: null };
  }
}

interface Dependencies {
  decisions: () => ReconDecisionsState;
  changed: () => void;
}

/** Period close: sign off as of a date, the sign-offs with their drift, the frozen reports, unlocking. */
export function createReconPeriodStore(client: ReconClient, deps: Dependencies) {
  const listTickets = ticketCounter();
  const reviewTickets = ticketCounter();
  const reportTickets = ticketCounter();
  const usePeriod = create<ReconPeriodState>()((set, get) => {
    async function load(): Promise<void> {
      const ticket = listTickets.take();
      set({ signOffs: { status: 'loading', previous: shownValue(get().signOffs) } });
      try {
        const { signOffs } = await client.invoke('recon:signoffs', {});
        if (listTickets.isLatest(ticket)) set({ signOffs: { status: 'ready', value: signOffs } });
      } catch (thrown) {
        if (listTickets.isLatest(ticket))
          set({
            signOffs: { status: 'error', error: toErrorShape(thrown), previous: shownValue(get().signOffs) },
          });
      }
    }
    return {
      signOffs: { status: 'idle' },
      signing: { status: 'idle' },
      report: null,
      reload: load,
      async review(asOf, note) {
        const ticket = reviewTickets.take();
        const loading = { status: 'loading', previous: null } as const;
        set({ signing: { status: 'reviewing', asOf, note, summary: loading, openTotals: loading } });
        const [summary, openTotals] = await Promise.all([
          loaded(() => client.invoke('recon:summary', { asOf })),
          loaded(() => client.invoke('recon:open-totals', { asOf })),
        ]);
        const signing = get().signing;
        if (reviewTickets.isLatest(ticket) && signing.status === 'reviewing')
          set({ signing: { ...signing, summary, openTotals } });
      },
      cancelSigning() {
        reviewTickets.take();
        if (get().signing.status !== 'saving') set({ signing: { status: 'idle' } });
      },
      async confirmSigning(options = {}) {
        const signing = get().signing;
        if (signing.status !== 'reviewing' && signing.status !== 'error') return;
        const { asOf, note, summary, openTotals } = signing;
        set({ signing: { status: 'saving', asOf, note, summary, openTotals } });
        try {
          const text = note.trim();
          const answer = await client.invoke('recon:signoff', {
            asOf,
            ...(text === '' ? {} : { note: text }),
            ...(options.acknowledgeOpenItems === true ? { acknowledgeOpenItems: true } : {}),
          });
          set({ signing: { status: 'done', signOff: answer.signOff } });
          deps.decisions().announce('done', signOffSentence(answer.signOff));
          deps.changed();
        } catch (thrown) {
          set({ signing: { status: 'error', asOf, note, summary, openTotals, error: toErrorShape(thrown) } });
        }
      },
      async unlock(id, reason) {
        try {
          const { signOff } = await client.invoke('recon:unlock', { id, reason: reason.trim() });
          deps.decisions().announce('done', unlockSentence(signOff));
          deps.changed();
          return null;
        } catch (thrown) {
          return toErrorShape(thrown);
        }
      },
      async reviewSignOff(id, verdict, note) {
        try {
          const text = note.trim();
          const { signOff } = await client.invoke('recon:review', {
            id,
            verdict,
            ...(text === '' ? {} : { note: text }),
          });
          deps.decisions().announce('done', reviewSentence(signOff));
          deps.changed();
          return null;
        } catch (thrown) {
          return toErrorShape(thrown);
        }
      },
      async openReport(id) {
        const ticket = reportTickets.take();
        set({ report: { id, view: { status: 'loading', previous: null } } });
        try {
          const value = await client.invoke('recon:signoff.report', { id });
          if (reportTickets.isLatest(ticket)) set({ report: { id, view: { status: 'ready', value } } });
        } catch (thrown) {
          if (reportTickets.isLatest(ticket))
            set({ report: { id, view: { status: 'error', error: toErrorShape(thrown), previous: null } } });
        }
      },
      closeReport() {
        reportTickets.take();
        set({ report: null });
      },
    };
  });
  return { usePeriod };
}
