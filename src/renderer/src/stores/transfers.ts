import { invoke, onEvent } from '../ipc/client';
import { cryptoRandomInt } from '../lib/random-int';
import { useConnection } from './connection';
import { createTransferDetailStore } from './transfers-detail-store';
import { createTransferFormStore } from './transfers-form-store';
import { createTransferOptionsStore } from './transfers-options-store';
import { createTransfersTableStore } from './transfers-table-store';

export type { TransfersTableState } from './transfers-table-store';
export type { TransferFormState, FloatChoice, SubmitOutcome } from './transfers-form-store';

const client = { invoke, onEvent };
const REFRESH_MS = 300;

const table = createTransfersTableStore(client);
/** The Transfers table (see transfers-table-store.ts). */
export const useTransfersTable = table.useTable;
export const transferRowAt = table.rowAt;

/** The detail panel of the selected request (see transfers-detail-store.ts). */
export const useTransferDetail = createTransferDetailStore(client).useDetail;

/** What the filters offer (see transfers-options-store.ts). */
export const useTransferOptions = createTransferOptionsStore(client).useOptions;

/** The New transfer request form (see transfers-form-store.ts). */
export const useTransferForm = createTransferFormStore(client, cryptoRandomInt).useForm;

/**
 * While the Transfers page is open: refresh the rows on screen and the open detail when the ledger
 * changes (a sync, a submission, another process) and when the event stream comes back after a
 * drop. Returns the stop.
 */
export function keepTransfersCurrent(): () => void {
  // A sync commits window after window: refresh at most every REFRESH_MS, the last change included.
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (): void => {
    timer = undefined;
    last = Date.now();
    useTransfersTable.getState().refresh();
    void useTransferDetail.getState().reload();
    void useTransferOptions.getState().load();
  };
  const refresh = (): void => {
    if (timer !== undefined) return;
    timer = setTimeout(run, Math.max(0, last + REFRESH_MS - Date.now()));
  };
  const stopEvents = onEvent('ledger:changed', refresh);
  const stopResume = useConnection.subscribe((state, previous) => {
    if (state.resumed !== previous.resumed) refresh();
  });
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    stopEvents();
    stopResume();
  };
}
