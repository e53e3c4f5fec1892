/** The stored columns the transfer export reads, by name (StoredExportTransfer), and their SQL (alias `r`). */
import type { StoredTransferColumns, StoredTransferRow } from './stored-transfer';
import { ORIGIN_SUBMITTED } from './transfer-list';

/** The stored columns the export reads (amounts with safeIntegers). */
export type StoredExportTransfer = StoredTransferColumns &
  Pick<StoredTransferRow, 'payment_reference' | 'created_at' | 'last_changed_at'> & {
    /** Whether FloatDesk submitted it (1) or it came from the platform only (0). */
    submitted: bigint | number;
  };

export const TRANSFER_FIELDS: ReadonlyArray<readonly [name: keyof StoredExportTransfer, sql: string]> = [
  ['payment_reference', 'r.payment_reference'],
  ['created_at', 'r.created_at'],
  ['float_name', 'r.float_name'],
  ['currency', 'r.currency'],
  ['requested_minor', 'r.requested_minor'],
  ['requested_exact', 'r.requested_exact'],
  ['approved_minor', 'r.approved_minor'],
  ['approved_exact', 'r.approved_exact'],
  ['status', 'r.status'],
  ['submitted', ORIGIN_SUBMITTED],
  ['last_changed_at', 'r.last_changed_at'],
];

export const TRANSFER_SELECT = TRANSFER_FIELDS.map(([name, sql]) => `${sql} AS ${name}`).join(', ');
