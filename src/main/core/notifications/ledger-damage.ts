import type { AppNotification } from '../../../shared/ipc/contract-notifications';
import type { AppError } from '../../../shared/ipc/errors';

/** Above every stored notification's id, so the notice is listed first. */
export const LEDGER_DAMAGE_NOTICE_ID = Number.MAX_SAFE_INTEGER;

/**
 * The banner that says the ledger is damaged and FloatDesk stopped writing to it. It is not stored
 * (the ledger is what failed) and cannot be dismissed: it stands until the workspace is reopened.
 */
export function ledgerDamageNotice(damage: AppError, at: string): AppNotification {
  return {
    id: LEDGER_DAMAGE_NOTICE_ID,
    kind: 'ledger_damaged',
    title: 'The ledger is damaged: FloatDesk stopped writing to it',
    message: `${damage.message} Until then you can still look at and export what it holds.`,
    at,
    readAt: null,
  };
}
