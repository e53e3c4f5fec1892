/**
 * Shared by the importers of formats that hold several statements in one file (camt.053, MT940,
 * OFX): the file-level account and balances, and the currency-checked amount of a line.
 */
import { isKnownCurrency } from '../../../../shared/domain/currency';
import { canonicalAmount } from '../../../../shared/domain/money';
import type {
  StatementBalance,
  StatementImport,
  StatementSection,
} from '../../../../shared/domain/statements';
import { quoted } from './limits';

/** File-level account, opening and closing: shared by every section, or null. */
export function summariseSections(
  sections: readonly StatementSection[],
): Pick<StatementImport, 'account' | 'opening' | 'closing'> {
  const first = sections[0];
  const last = sections[sections.length - 1];
  if (!first || !last) return { account: null, opening: null, closing: null };
  const sameAccount = sections.every((s) => s.account === first.account);
  const currencies = new Set(
    sections.flatMap((s) => [s.opening?.currency, s.closing?.currency]).filter((c) => c !== undefined),
  );
  const together = sameAccount && currencies.size <= 1;
  return {
    account: sameAccount ? first.account : null,
    opening: together ? first.opening : null,
    closing: together ? last.closing : null,
  };
}

/** A signed canonical amount in a currency, or the reason it cannot be one. */
export function amountIn(
  value: string,
  currency: string,
): { ok: true; amount: string } | { ok: false; problem: string } {
  if (!isKnownCurrency(currency)) {
    return { ok: false, problem: `${quoted(currency)} is not an ISO 4217 currency code.` };
  }
  return { ok: true, amount: canonicalAmount(value, currency) };
}

export function balance(
  date: string,
  value: string,
  currency: string,
  sourceLine: number,
): StatementBalance | { problem: string } {
  const amount = amountIn(value, currency);
  if (!amount.ok) return { problem: amount.problem };
  return { date, amount: amount.amount, currency, sourceLine };
}

export const negate = (value: string): string =>
  value === '0' || /^-?0(\.0*)?$/.test(value)
    ? value.replace(/^-/, '')
    : value.startsWith('-')
      ? value.slice(1)
      : `-${value}`;
