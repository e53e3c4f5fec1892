import type { Money } from '@shared/domain/money';
import { compareMoney, subtractMoney } from '@shared/domain/money';
import { formatHundredths } from '@shared/domain/transfer-form';
import { hrefFor } from '../../lib/router';
import { DEFAULT_SORT, queryFromView } from './transfer-query';

/**
 * Links from elsewhere into Transfers: the New transfer request form prefilled for a float
 * (`#/transfers/new?float=Main&currency=GBP&amount=1250.00`), and the table filtered to a float's
 * pending requests. The amount in the address is a plain decimal; the form writes it the chosen way.
 */

export interface FloatRef {
  currency: string;
  name: string;
}

export interface TopUpPrefill extends FloatRef {
  /** A plain decimal ("1250.00"), or null when nothing is suggested. */
  amount: string | null;
}

const PLAIN_AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * What brings the available balance back up to the threshold, rounded up to the cent (a top-up has
 * at most two decimals): null when either is unknown, in another currency, or nothing is missing.
 */
export function suggestedTopUp(available: Money | null | undefined, threshold: Money | null | undefined) {
  if (!available || !threshold || available.currency !== threshold.currency) return null;
  if (compareMoney(available, threshold) >= 0) return null;
  const missing = subtractMoney(threshold, available).amount;
  const [whole = '0', fraction = ''] = missing.split('.');
  let hundredths = BigInt(`${whole}${fraction.slice(0, 2).padEnd(2, '0')}`);
  if (/[1-9]/.test(fraction.slice(2))) hundredths += 1n;
  return hundredths > 0n ? formatHundredths(hundredths) : null;
}

export function topUpHref(float: FloatRef, amount: string | null = null): string {
  return hrefFor('transfers', {
    sub: 'new',
    query: { float: float.name, currency: float.currency, amount: amount ?? undefined },
  });
}

/** The prefill a `#/transfers/new` address asks for; null when it names no float. */
export function topUpPrefillOf(query: Readonly<Record<string, string>>): TopUpPrefill | null {
  const name = query.float?.trim();
  const currency = query.currency?.trim().toUpperCase();
  if (!name || !currency || !/^[A-Z]{3}$/.test(currency)) return null;
  const amount = query.amount?.trim() ?? '';
  return { name, currency, amount: PLAIN_AMOUNT.test(amount) ? amount : null };
}

/** The Transfers table filtered to the float's requests still waiting for the platform. */
export function pendingRequestsHref(float: FloatRef): string {
  return hrefFor('transfers', {
    query: queryFromView({
      filters: { float: float.name, currency: float.currency, statuses: ['pending'] },
      sort: DEFAULT_SORT,
    }),
  });
}
