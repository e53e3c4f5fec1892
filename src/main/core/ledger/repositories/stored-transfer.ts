import type { Money } from '../../../../shared/domain/money';
import { storedMoney } from './stored-amounts';

/**
 * A transfer_requests row as SQLite gives it with safeIntegers (integers as bigint): the one row type
 * of a stored request. Each reader selects the columns it needs (a Pick of this) and may add what
 * its query works out.
 */
export interface StoredTransferRow {
  id: bigint;
  workspace_id: bigint;
  payment_reference: string;
  /** Exactly as the platform sent it, with its offset. */
  created_at: string;
  /** The same instant in UTC, for ordering and windows. */
  created_utc: string;
  float_name: string;
  currency: string;
  requested_minor: bigint | null;
  requested_exact: string | null;
  approved_minor: bigint | null;
  approved_exact: string | null;
  status: string;
  first_seen_at: string;
  last_seen_at: string;
  last_changed_at: string | null;
}

/** The columns every reader takes: what the request is for, its amounts and its status. */
export type StoredTransferColumns = Pick<
  StoredTransferRow,
  | 'float_name'
  | 'currency'
  | 'requested_minor'
  | 'requested_exact'
  | 'approved_minor'
  | 'approved_exact'
  | 'status'
>;

/** A request's identity columns with the ones every reader takes. */
export type StoredTransferIdentity = StoredTransferColumns &
  Pick<StoredTransferRow, 'payment_reference' | 'created_at' | 'created_utc'>;

/** A stored request as readers hand it on: its identity, float, amounts and status. */
export interface TransferRequestFields {
  paymentReference: string;
  /** As the platform wrote it, with its offset. */
  createdAt: string;
  createdUtc: string;
  float: string;
  currency: string;
  requested: Money;
  approved: Money | null;
  status: string;
}

export function transferRequestFields(row: StoredTransferIdentity): TransferRequestFields {
  return {
    paymentReference: row.payment_reference,
    createdAt: row.created_at,
    createdUtc: row.created_utc,
    float: row.float_name,
    currency: row.currency,
    ...transferAmounts(row),
    status: row.status,
  };
}

/** Transfer amounts are minor units, exact text, or "12.00 EUR" for an amount in another currency. */
const FOREIGN = { foreign: true } as const;

/** The requested and approved amounts of a stored request (approved null until the platform approves). */
export function transferAmounts(
  row: Pick<
    StoredTransferColumns,
    'currency' | 'requested_minor' | 'requested_exact' | 'approved_minor' | 'approved_exact'
  >,
): { requested: Money; approved: Money | null } {
  return {
    requested: storedMoney(row.requested_minor, row.requested_exact, row.currency, FOREIGN),
    approved:
      row.approved_minor === null && row.approved_exact === null
        ? null
        : storedMoney(row.approved_minor, row.approved_exact, row.currency, FOREIGN),
  };
}
