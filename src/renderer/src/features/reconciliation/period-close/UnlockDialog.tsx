import type { SignOff } from '@shared/ipc/contract-signoff';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { formatDate } from '../../../lib/format-time';
import { useReconPeriod } from '../../../stores/recon';
import { lockedCountsText, UNLOCK_REASON_MAX, unlockReasonProblem } from './period-text';

interface UnlockDialogProps {
  signOff: SignOff;
  /** Where focus goes back to when the dialog is closed without unlocking (the button that opened it). */
  returnFocus: HTMLElement | null;
  /** Where focus goes once unlocked (the opener goes away with the lock), or when the opener is gone. */
  fallbackFocus: () => HTMLElement | null;
  onClose: () => void;
}

/** Unlock a sign-off with a reason (required, audited). */
export function UnlockDialog({ signOff, returnFocus, fallbackFocus, onClose }: UnlockDialogProps) {
  const unlock = useReconPeriod((state) => state.unlock);
  return (
    <ReasonDialog
      title={`Unlock the sign-off as of ${formatDate(signOff.asOf)}`}
      testId="recon-unlock-dialog"
      errorTestId="recon-unlock-error"
      body={
        <p>
          Its {lockedCountsText(signOff)} can be matched, resolved and undone again. The frozen report stays
          as it was signed off; the unlock and its reason are kept in the audit log.
        </p>
      }
      reason={{
        label: 'Reason',
        hint: 'At least 3 characters, e.g. “The platform cancelled RF… after the close”.',
        rows: 3,
        maxLength: UNLOCK_REASON_MAX,
        problem: unlockReasonProblem,
        errorTestId: 'recon-unlock-reason-error',
      }}
      submitLabel="Unlock"
      savingLabel="Unlocking…"
      refusedPrefix="Not unlocked"
      onSubmit={(reason) => unlock(signOff.id, reason)}
      returnFocus={returnFocus}
      fallbackFocus={fallbackFocus}
      leaveOpener
      onClose={onClose}
    />
  );
}
