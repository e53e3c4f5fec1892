/**
 * One balanced entry per fact: a matched top-up, a top-up paid then closed, a float's derived spend,
 * a resolution that posts. Signs: a positive amount is a debit, a negative one a credit; a bank
 * line's own signed amount is its bank leg (money out of the bank is a credit to it).
 */
import type { AccountMapping, AccountMappingRow, TaxLineKind } from './account-mapping';
import { findMapping, taxCodeFor } from './account-mapping';
import { absoluteAmount, isZeroAmount, negateAmount, sumAmounts } from './journal-amounts';
import { currencyAccounts } from './missing-mappings';
import { reasonWords } from './posting-reasons';
import type {
  FloatSpend,
  JournalEntry,
  JournalLine,
  MatchedTopUp,
  ResolvedItem,
  RoundingTarget,
} from './types';

type AccountField = 'floatAccount' | 'bankAccount' | 'costAccount' | 'varianceAccount' | 'refundsAccount';
/** A row's accounts (a currency's bank lines have only their bank and variance accounts). */
type Accounts = Pick<AccountMappingRow, 'taxCode' | 'taxCodes' | 'tracking' | 'roundingAccount'> &
  Partial<Pick<AccountMappingRow, AccountField>>;

/** The row's rounding account, for a conversion; null when it names none. */
export function roundingOf(row: Accounts): RoundingTarget | null {
  return row.roundingAccount === null
    ? null
    : { account: row.roundingAccount, taxCode: taxCodeFor(row, 'rounding'), tracking: row.tracking };
}

const ACCOUNT_OF: Readonly<Record<Exclude<TaxLineKind, 'rounding'>, AccountField>> = {
  float: 'floatAccount',
  bank: 'bankAccount',
  cost: 'costAccount',
  variance: 'varianceAccount',
  refunds: 'refundsAccount',
};

/** A line to the row's account of this kind, with the tax code of that kind and the row's tracking. */
export function line(
  kind: Exclude<TaxLineKind, 'rounding'>,
  amount: string,
  description: string,
  reference: string,
  accounts: Accounts,
): JournalLine {
  const account = accounts[ACCOUNT_OF[kind]];
  // requireMappings runs first: a missing account here is a bug, not a person's mistake.
  if (account === undefined) throw new Error(`No ${ACCOUNT_OF[kind]} for a ${kind} line.`);
  return {
    account,
    amount,
    description,
    reference,
    taxCode: taxCodeFor(accounts, kind),
    tracking: accounts.tracking,
  };
}

export function rowFor(mapping: AccountMapping, float: string, currency: string): AccountMappingRow {
  const row = findMapping(mapping, float, currency);
  // requireMappings runs first: a missing row here is a bug, not a person's mistake.
  if (row === undefined) throw new Error(`No account mapping for ${float} in ${currency}.`);
  return row;
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Requests by reference, bank lines by date then id: the same match always gives the same lines. */
export function sortedTopUp(topUp: MatchedTopUp): MatchedTopUp {
  return {
    ...topUp,
    requests: [...topUp.requests].sort((a, b) => byText(a.paymentReference, b.paymentReference)),
    lines: [...topUp.lines].sort(
      (a, b) => byText(a.bookingDate, b.bookingDate) || byText(a.bankTransactionId, b.bankTransactionId),
    ),
  };
}

export function referencesOf(topUp: MatchedTopUp): string {
  return topUp.requests.map((request) => request.paymentReference).join(' ');
}

export function nonZero(
  lines: JournalLine[],
  rateDate: string,
  rounding: RoundingTarget | null,
): JournalEntry {
  return { lines: lines.filter((entryLine) => !isZeroAmount(entryLine.amount)), rateDate, rounding };
}

/** A match's rate date: the last bank line's booking date (the lines are sorted by date). */
export const paidOn = (sorted: MatchedTopUp): string =>
  sorted.lines[sorted.lines.length - 1]?.bookingDate ?? '';

function bankLegs(topUp: MatchedTopUp, what: string, bank: AccountMappingRow): JournalLine[] {
  const references = referencesOf(topUp);
  return topUp.lines.map((bankLine) =>
    line(
      'bank',
      bankLine.amount,
      // A line the bank gave no id is known by its date (and the references beside it).
      `${what} paid ${bankLine.bookingDate}${bankLine.bankTransactionId === '' ? '' : `, bank line ${bankLine.bankTransactionId}`}`,
      references,
      bank,
    ),
  );
}

/** Dr prepaid float at the approved amount(s) / Cr bank at the bank amount; any difference to variance. */
export function topUpEntry(sorted: MatchedTopUp, mapping: AccountMapping): JournalEntry {
  const { currency } = sorted;
  const first = rowFor(mapping, sorted.requests[0]!.float, currency);
  const references = referencesOf(sorted);
  const floatLegs = sorted.requests.map((request) => {
    const row = rowFor(mapping, request.float, currency);
    const approved = absoluteAmount(request.approved!, currency);
    return line(
      'float',
      approved,
      `Top-up ${request.paymentReference} to float ${request.float}, approved ${approved} ${currency}`,
      request.paymentReference,
      row,
    );
  });
  const paid = negateAmount(
    sumAmounts(
      sorted.lines.map((bankLine) => bankLine.amount),
      currency,
    ),
    currency,
  );
  const approvedTotal = sumAmounts(
    floatLegs.map((floatLeg) => floatLeg.amount),
    currency,
  );
  const variance = sumAmounts([paid, negateAmount(approvedTotal, currency)], currency);
  const varianceLeg = line(
    'variance',
    variance,
    `Paid ${paid} ${currency}, approved ${approvedTotal} ${currency}: the difference`,
    references,
    first,
  );
  return nonZero(
    [...floatLegs, varianceLeg, ...bankLegs(sorted, 'Top-up', first)],
    paidOn(sorted),
    roundingOf(first),
  );
}

/** Dr refunds receivable / Cr bank, at the bank amount: paid, then removed or cancelled at the platform. */
export function refundEntry(sorted: MatchedTopUp, mapping: AccountMapping): JournalEntry {
  const { currency } = sorted;
  const first = rowFor(mapping, sorted.requests[0]!.float, currency);
  const paid = negateAmount(
    sumAmounts(
      sorted.lines.map((bankLine) => bankLine.amount),
      currency,
    ),
    currency,
  );
  const floats = [...new Set(sorted.requests.map((request) => request.float))].join(', ');
  const receivable = line(
    'refunds',
    paid,
    `Refund due: top-up to float ${floats} paid, then removed or cancelled at the platform`,
    referencesOf(sorted),
    first,
  );
  return nonZero(
    [receivable, ...bankLegs(sorted, 'Top-up (closed)', first)],
    paidOn(sorted),
    roundingOf(first),
  );
}

/** Dr gift-card cost / Cr prepaid float, labelled as derived (the roll-forward's formula, not an observation). */
export function spendEntry(
  spend: FloatSpend,
  mapping: AccountMapping,
  period: { from: string; to: string },
): JournalEntry {
  const row = rowFor(mapping, spend.float, spend.currency);
  const amount = sumAmounts([spend.amount], spend.currency);
  const words = `Derived spend of float ${spend.float}, ${period.from} to ${period.to} (opening + approved top-ups − closing)`;
  return nonZero(
    [
      line('cost', amount, words, '', row),
      line('float', negateAmount(amount, spend.currency), words, '', row),
    ],
    period.to,
    roundingOf(row),
  );
}

/** A bank line resolved with a posting reason: its own signed amount against the variance account. */
export function resolutionEntry(item: ResolvedItem, mapping: AccountMapping): JournalEntry {
  const accounts =
    item.float === null
      ? currencyAccounts(mapping, item.currency)
      : rowFor(mapping, item.float, item.currency);
  if (accounts === undefined) throw new Error(`No bank account mapping for ${item.currency}.`);
  const amount = sumAmounts([item.amount], item.currency);
  const note = item.note.trim() === '' ? '' : ` (${item.note.trim()})`;
  const words = `${reasonWords(item.reasonCode)}: bank line ${item.id}${note}`;
  return nonZero(
    [
      line('variance', negateAmount(amount, item.currency), words, item.id, accounts),
      line('bank', amount, words, item.id, accounts),
    ],
    item.date,
    roundingOf(accounts),
  );
}
