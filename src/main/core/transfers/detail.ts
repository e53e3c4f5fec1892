import type { ChannelOutput } from '../../../shared/ipc/contract';
import {
  ProformaInvoiceSchema,
  type ProformaInvoice,
  type TransferHistoryEntry,
} from '../../../shared/ipc/contract-transfers';
import { AppError } from '../../../shared/ipc/errors';
import type { HistoryRow, TransferListRepository } from '../ledger/repositories/transfer-list';
import { isStored, moneyOf } from './amounts';
import { toTransferRow } from './row';

const sameApproved = (a: HistoryRow, b: HistoryRow): boolean =>
  a.approved_minor === b.approved_minor && a.approved_exact === b.approved_exact;

/**
 * The timeline of one request from its history rows (appended by sync whenever a value changed; the
 * first is the first sight). A row that changed neither status nor approved amount (the platform
 * edited the float, currency or requested amount) has no kind in the contract and is left out.
 */
export function timelineOf(history: readonly HistoryRow[], currency: string): TransferHistoryEntry[] {
  const entries: TransferHistoryEntry[] = [];
  history.forEach((row, index) => {
    const previous = index === 0 ? undefined : history[index - 1];
    let kind: TransferHistoryEntry['kind'];
    if (previous === undefined) kind = 'first_seen';
    else {
      const status = row.status !== previous.status;
      const amount = !sameApproved(row, previous);
      if (!status && !amount) return;
      kind = status && amount ? 'status_and_amount' : status ? 'status' : 'approved_amount';
    }
    const approved = { minor: row.approved_minor, exact: row.approved_exact };
    entries.push({
      at: row.observed_at,
      kind,
      status: row.status,
      approved: isStored(approved) ? moneyOf(approved, currency) : null,
      syncRunId: row.sync_run_id,
    });
  });
  return entries;
}

/** The stored proforma block (JSON object of strings), or null when none was kept or it is unreadable. */
function proformaOf(text: string | null): ProformaInvoice | null {
  if (text === null) return null;
  const parsed = ProformaInvoiceSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

/** One request with its timeline and this workspace's submissions of its reference (transfers:detail). */
export function transferDetail(
  repo: TransferListRepository,
  workspaceId: number,
  id: number,
): ChannelOutput<'transfers:detail'> {
  const [row] = repo.rows(workspaceId, [id]);
  if (row === undefined) {
    throw new AppError(
      'not_found',
      'This transfer request is not in the ledger of this workspace: reload the list.',
      { id },
    );
  }
  return {
    transfer: toTransferRow(row, { origin: row.origin, lastChangedAt: row.last_changed_at }),
    firstSeenAt: row.first_seen_at,
    history: timelineOf(repo.history(id), row.currency),
    submissions: repo.submissions(workspaceId, row.payment_reference).map((submission) => ({
      submittedAt: submission.submitted_at,
      outcome: submission.outcome,
      errorCode: submission.error_code,
      financeEmail: submission.finance_email,
      proformaInvoice: proformaOf(submission.proforma_invoice),
      submittedBy: submission.submitted_by,
      confirmedDuplicateOf: submission.confirmed_duplicate_of,
    })),
  };
}
