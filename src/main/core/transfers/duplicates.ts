/**
 * A possible duplicate top-up: the same float, currency and amount already requested within the last
 * 7 days (a request in the ledger, or a submission from this workspace). transfers:submit refuses it
 * with the earlier request named, unless the person confirmed it is a second top-up ("Send anyway").
 */
import { instantText, moneyText, type FormatPreferences } from '../../../shared/domain/formats';
import { fromMinorUnits } from '../../../shared/domain/money';
import { AppError } from '../../../shared/ipc/errors';
import type { RecentTopUp } from '../ledger/repositories/transfer-duplicates';

export const DUPLICATE_WINDOW_DAYS = 7;
const WINDOW_MS = DUPLICATE_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** Requests that will not be paid, and submissions the platform refused, are not duplicates. */
const NOT_A_TOP_UP = new Set(['removed', 'cancelled', 'refused']);

export interface TopUpRequest {
  float: string;
  currency: string;
  amountMinor: bigint;
}

/** Where the window starts: `now` minus 7 days, as the ledger writes UTC instants. */
export function duplicateWindowStart(now: Date): string {
  return new Date(now.getTime() - WINDOW_MS).toISOString().replace(/\.\d+Z$/, 'Z');
}

/** The most recent earlier top-up of the same amount within the window, if any. */
export function findPossibleDuplicate(
  recent: readonly RecentTopUp[],
  request: Pick<TopUpRequest, 'amountMinor'>,
  now: Date,
): RecentTopUp | undefined {
  const since = now.getTime() - WINDOW_MS;
  return recent
    .filter((earlier) => {
      const at = Date.parse(earlier.at);
      return (
        earlier.amountMinor === request.amountMinor &&
        !NOT_A_TOP_UP.has(earlier.state) &&
        Number.isFinite(at) &&
        at >= since &&
        at <= now.getTime()
      );
    })
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0];
}

/**
 * The refusal: names the earlier request (reference, date, amount) in the workspace's format;
 * details let the form show it.
 */
export function possibleDuplicateError(
  earlier: RecentTopUp,
  request: TopUpRequest,
  format: FormatPreferences,
): AppError {
  const amount = moneyText(fromMinorUnits(request.amountMinor, request.currency), request.currency, format);
  return new AppError(
    'invalid_input',
    `A top-up of ${amount} to ${request.float} was already requested on ${instantText(earlier.at, format)} ` +
      `with reference ${earlier.paymentReference}. Nothing was sent: check that request in Transfers, or ` +
      `choose "Send anyway" if this is a second top-up.`,
    {
      possibleDuplicate: {
        paymentReference: earlier.paymentReference,
        at: earlier.at,
        amount: fromMinorUnits(request.amountMinor, request.currency),
        currency: request.currency,
        float: request.float,
        source: earlier.source,
      },
    },
  );
}
