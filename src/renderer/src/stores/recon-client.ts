import type { z } from 'zod';
import type { journalsContract } from '@shared/ipc/contract-journals';
import type { signOffContract } from '@shared/ipc/contract-signoff';
import type { reconContract } from '@shared/ipc/contract-recon';
import type { ErrorShape } from '@shared/ipc/errors';
import type { TypedClient } from '@shared/ipc/typed-client';

/**
 * What the reconciliation stores need from the core, typed straight from contract-recon.ts,
 * contract-signoff.ts and contract-journals.ts: the app passes the real client (stores/recon.ts); unit tests pass a scripted fake.
 */
type ReconContract = typeof reconContract & typeof signOffContract & typeof journalsContract;
export type ReconChannel = keyof ReconContract;
export type ReconInput<C extends ReconChannel> = z.input<ReconContract[C]['input']>;
export type ReconOutput<C extends ReconChannel> = z.output<ReconContract[C]['output']>;

export interface ReconClient {
  invoke<C extends ReconChannel>(channel: C, input: ReconInput<C>): Promise<ReconOutput<C>>;
  onEvent: TypedClient['onEvent'];
}

export type ImportResult = ReconOutput<'recon:import'>;
export type ImportFormat = NonNullable<ReconInput<'recon:import'>['format']>;
export type RunResult = ReconOutput<'recon:run'>;
export type ItemsPage = ReconOutput<'recon:items'>;
export type Suggestion = ReconOutput<'recon:suggestions'>['suggestions'][number];
export type Rollforward = ReconOutput<'recon:rollforward'>;
export type ResolveReason = ReconInput<'recon:resolve'>['reasonCode'];
export type Decision = ReconOutput<'recon:match.confirm'>;
export type SignOffReport = ReconOutput<'recon:signoff.report'>;
export type JournalPreview = ReconOutput<'journals:preview'>;

/** A value loaded from the core; `previous` is the last good answer, kept on screen while reloading. */
export type Loadable<T> =
  | { status: 'idle' }
  | { status: 'loading'; previous: T | null }
  | { status: 'ready'; value: T }
  | { status: 'error'; error: ErrorShape; previous: T | null };

/** The value to show: the answer, or the last good one while loading again or after a failure. */
export function shownValue<T>(view: Loadable<T>): T | null {
  switch (view.status) {
    case 'idle':
      return null;
    case 'ready':
      return view.value;
    default:
      return view.previous;
  }
}

/** Latest request wins: each load takes a ticket; only the newest ticket may write its answer. */
export function ticketCounter(): { take(): number; isLatest(ticket: number): boolean } {
  let latest = 0;
  return { take: () => ++latest, isLatest: (ticket) => ticket === latest };
}
