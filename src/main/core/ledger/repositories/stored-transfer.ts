/**
 * The columns of a transfer_requests row that every reader takes (what it is for, its amounts and its
 * status), integers as SQLite gives them with safeIntegers. Each reader adds the columns it selects.
 */
export interface StoredTransferColumns {
  float_name: string;
  currency: string;
  requested_minor: bigint | null;
  requested_exact: string | null;
  approved_minor: bigint | null;
  approved_exact: string | null;
  status: string;
}
