/** What a notification says, in plain words; amounts exactly, in the workspace's format. */
import { moneyText, type FormatPreferences } from '../../../shared/domain/formats';
import type { NotificationKind, TransferOutcomeRow } from '../ledger/repositories/notifications';
import type { Money } from '../../../shared/domain/money';

export interface NotificationText {
  kind: NotificationKind;
  title: string;
  message: string;
}

/** "1234567.5" GBP → "£1,234,567.50" (en-GB), "1.234.567,50 £" (de-DE): every digit kept. */
export function amountText(value: Money, format: FormatPreferences): string {
  return moneyText(value.amount, value.currency, format);
}

export function lowBalanceText(
  float: { currency: string; name: string },
  available: Money,
  threshold: Money,
  format: FormatPreferences,
) {
  return {
    kind: 'low_balance',
    title: `Low balance: ${float.currency} ${float.name}`,
    message: `The available balance is ${amountText(available, format)}, under the threshold of ${amountText(threshold, format)}. Consider a top-up.`,
  } satisfies NotificationText;
}

export interface TransferOutcome {
  status: TransferOutcomeRow['status'];
  paymentReference: string;
  float: string;
  requested: Money;
  approved: Money | null;
}

export function transferOutcomeText(outcome: TransferOutcome, format: FormatPreferences): NotificationText {
  const which = `Your top-up ${outcome.paymentReference} of ${amountText(outcome.requested, format)} to ${outcome.requested.currency} ${outcome.float}`;
  switch (outcome.status) {
    case 'approved':
      return {
        kind: 'transfer_approved',
        title: 'Top-up approved',
        message: `${which} was approved${outcome.approved ? ` for ${amountText(outcome.approved, format)}` : ''}.`,
      };
    case 'approved_edited':
      return {
        kind: 'transfer_edited',
        title: 'Top-up approved for a different amount',
        message: `${which} was approved for ${outcome.approved ? amountText(outcome.approved, format) : 'an edited amount'}, not the amount requested.`,
      };
    case 'removed':
      return {
        kind: 'transfer_removed',
        title: 'Top-up removed',
        message: `${which} was removed by the platform. Check the payment with your bank.`,
      };
    case 'cancelled':
      return {
        kind: 'transfer_cancelled',
        title: 'Top-up cancelled',
        message: `${which} was cancelled.`,
      };
  }
}

/** "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * Files an older FloatDesk left readable by other users of the computer, now owner-only; `phrases`
 * name them ("ledger.sqlite", "templates/ and 12 items in it"); `failed` could not be changed.
 */
export function filesMadePrivateText(phrases: readonly string[], failed: number) {
  const changed =
    phrases.length === 0
      ? ''
      : `Other users of this computer could read ${listed(phrases)}, as an earlier FloatDesk left them; FloatDesk has made them readable by you only.`;
  const refused =
    failed === 0
      ? ''
      : `${failed} file${failed === 1 ? '' : 's'} or folder${failed === 1 ? '' : 's'} in the workspace could not be made private (another user owns them): ask your administrator to restrict them to you.`;
  return {
    kind: 'files_made_private',
    title: 'Workspace files made private',
    message: [changed, refused].filter((part) => part !== '').join(' '),
  } satisfies NotificationText;
}
