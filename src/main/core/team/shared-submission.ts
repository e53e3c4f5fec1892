/**
 * A top-up sent from FloatDesk, as the team hears of it: who sent it, when, and what went with it
 * (finance e-mail, proforma block). The request itself reaches every desktop from the platform; this
 * tells the others it was sent from here, and by whom.
 */
import { isoNow, type Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import type { TransferSubmissionInput } from '../ledger/repositories/transfers';
import { shareChange } from './share-change';

export const SUBMISSION_KIND = 'transfer.submitted';

/** Inside the transaction that records the submission here. */
export function shareSubmission(
  place: { db: Ledger; workspaceId: number; clock: Clock },
  submission: TransferSubmissionInput,
): void {
  shareChange(
    {
      db: place.db,
      workspaceId: place.workspaceId,
      now: () => isoNow(place.clock),
      actorName: () => submission.submittedBy ?? null,
    },
    {
      kind: SUBMISSION_KIND,
      subject: `request:${submission.paymentReference}`,
      payload: { ...submission },
    },
  );
}
