import type { TypedClient } from '@shared/ipc/typed-client';
import { useEventStream } from './event-stream';

/** A sync commits window after window: ask again at most this often, the last change included. */
const REFRESH_MS = 300;

/** Where ledger:changed comes from: the app's client (`{ onEvent }` of ipc/client), or a test's. */
export type LedgerEvents = Pick<TypedClient, 'onEvent'>;

/**
 * While a page is open: run `refreshAll` when the ledger changes (a sync, a submission, another
 * process, colleagues' changes pulled from the team) and when the event stream comes back after a
 * drop (events may have been missed), at most every `throttleMs`. Returns the stop.
 */
export function keepPageCurrent(
  events: LedgerEvents,
  refreshAll: () => void,
  throttleMs = REFRESH_MS,
): () => void {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (): void => {
    timer = undefined;
    last = Date.now();
    refreshAll();
  };
  const refresh = (): void => {
    if (timer !== undefined) return;
    timer = setTimeout(run, Math.max(0, last + throttleMs - Date.now()));
  };
  const stopEvents = events.onEvent('ledger:changed', refresh);
  const stopResume = useEventStream.subscribe((state, previous) => {
    if (state.resumed !== previous.resumed) refresh();
  });
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    stopEvents();
    stopResume();
  };
}
