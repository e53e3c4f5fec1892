/**
 * The first time the ledger saw each request approved: the first history row in approved or
 * approved_edited (both credit the float; the first in either counts once), oldest first. The
 * balance insights read them from a time on, the roll-forward within its period.
 */

/** A first approval with its request (integers with safeIntegers). */
export interface FirstApprovalRow {
  request_id: bigint;
  payment_reference: string;
  float_name: string;
  currency: string;
  created_utc: string;
  /** 1 when the request had history rows before this one (it was seen pending, say). */
  seen_before: bigint;
  observed_at: string;
  sync_run_id: bigint | null;
  status: string;
  approved_minor: bigint | null;
  approved_exact: string | null;
  requested_minor: bigint | null;
  requested_exact: string | null;
}

/** Takes the workspace, the first observed_at, then the bound it stays below twice (null twice: none). */
export const FIRST_APPROVALS = `
  SELECT r.id AS request_id, r.payment_reference, r.float_name, r.currency, r.created_utc,
         EXISTS (SELECT 1 FROM transfer_request_history b
                  WHERE b.transfer_request_id = h.transfer_request_id AND b.id < h.id) AS seen_before,
         h.observed_at, h.sync_run_id, h.status, h.approved_minor, h.approved_exact,
         h.requested_minor, h.requested_exact
    FROM transfer_request_history h JOIN transfer_requests r ON r.id = h.transfer_request_id
   WHERE r.workspace_id = ? AND h.observed_at >= ? AND (? IS NULL OR h.observed_at < ?)
     AND h.status IN ('approved', 'approved_edited')
     AND NOT EXISTS (SELECT 1 FROM transfer_request_history e
                      WHERE e.transfer_request_id = h.transfer_request_id AND e.id < h.id
                        AND e.status IN ('approved', 'approved_edited'))
   ORDER BY h.id`;
