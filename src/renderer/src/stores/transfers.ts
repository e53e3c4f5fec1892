import { invoke, onEvent } from '../ipc/client';
import { cryptoRandomInt } from '../lib/random-int';
import { keepPageCurrent } from './keep-current';
import { createTransferDetailStore } from './transfers-detail-store';
import { createTransferFormStore } from './transfers-form-store';
import { createTransferOptionsStore } from './transfers-options-store';
import { createTransfersTableStore } from './transfers-table-store';

export type { TransfersTableState } from './transfers-table-store';
export type { TransferFormState, FloatChoice, SubmitOutcome } from './transfers-form-store';

const client = { invoke, onEvent };

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
  return keepPageCurrent({ onEvent }, () => {
    useTransfersTable.getState().refresh();
    void useTransferDetail.getState().reload();
    void useTransferOptions.getState().load();
  });
}
