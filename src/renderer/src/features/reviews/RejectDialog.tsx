import type { SignOff } from '@shared/ipc/contract-signoff';
import { ReasonDialog } from '../../components/ReasonDialog';
import { formatDate } from '../../lib/format-time';
import { useReconPeriod } from '../../stores/recon';
import { preparerText } from '../reconciliation/period-close/period-text';

const NOTE_MAX = 1000;

function noteProblem(text: string): string | null {
  const length = text.trim().length;
  if (length < 3) return 'Say what is wrong, in at least 3 characters, so the preparer knows what to fix.';
  if (length > NOTE_MAX) return `At most ${NOTE_MAX} characters.`;
  return null;
}

interface RejectDialogProps {
  signOff: SignOff;
  returnFocus: HTMLElement | null;
  fallbackFocus: () => HTMLElement | null;
  onClose: () => void;
}

/** Send a sign-off back to its preparer with a note (required): it never locks. */
export function RejectDialog({ signOff, returnFocus, fallbackFocus, onClose }: RejectDialogProps) {
  const reviewSignOff = useReconPeriod((state) => state.reviewSignOff);
  return (
    <ReasonDialog
      title={`Reject the sign-off as of ${formatDate(signOff.asOf)}`}
      testId="review-reject-dialog"
      errorTestId="review-reject-error"
      body={
        <p>
          {preparerText(signOff)} sees your note, corrects the month and signs it off again. Nothing is locked
          by a rejected sign-off; the rejection and its note are kept in the audit log.
        </p>
      }
      reason={{
        label: 'What needs correcting',
        hint: 'e.g. “The bank fee on 14 Oct is not explained”.',
        rows: 3,
        maxLength: NOTE_MAX,
        problem: noteProblem,
        errorTestId: 'review-reject-note-error',
      }}
      submitLabel="Reject"
      savingLabel="Rejecting…"
      refusedPrefix="Not rejected"
      onSubmit={(note) => reviewSignOff(signOff.id, 'reject', note)}
      returnFocus={returnFocus}
      fallbackFocus={fallbackFocus}
      leaveOpener
      onClose={onClose}
    />
  );
}
