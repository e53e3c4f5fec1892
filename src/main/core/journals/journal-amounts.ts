/** Exact sums of journal amounts (decimal.js through the project's Exact; never a binary float). */
import { canonicalAmount, Exact } from '../../../shared/domain/money';
import type { Journal, JournalLine } from './types';

export function sumAmounts(amounts: Iterable<string>, currency: string): string {
  let total = new Exact(0);
  for (const amount of amounts) total = total.plus(new Exact(amount));
  return canonicalAmount(total.toFixed(), currency);
}

export function negateAmount(amount: string, currency: string): string {
  return canonicalAmount(new Exact(amount).negated().toFixed(), currency);
}

export function isZeroAmount(amount: string): boolean {
  return new Exact(amount).isZero();
}

export function isDebit(line: JournalLine): boolean {
  return new Exact(line.amount).isPositive();
}

/** The line's amount without its sign, canonical in the currency. */
export function absoluteAmount(amount: string, currency: string): string {
  return canonicalAmount(new Exact(amount).abs().toFixed(), currency);
}

export interface JournalTotals {
  debit: string;
  credit: string;
}

/** Debits and credits of some lines, both positive. */
export function totalsOf(lines: readonly JournalLine[], currency: string): JournalTotals {
  const debits = lines.filter(isDebit).map((line) => line.amount);
  const credits = lines.filter((line) => !isDebit(line)).map((line) => absoluteAmount(line.amount, currency));
  return { debit: sumAmounts(debits, currency), credit: sumAmounts(credits, currency) };
}

export function linesOf(journal: Journal): JournalLine[] {
  return journal.entries.flatMap((entry) => entry.lines);
}

/** A journal whose entries do not each sum to exactly zero is a bug: refuse to hand it on. */
export function assertBalanced(journal: Journal): void {
  journal.entries.forEach((entry, index) => {
    const total = sumAmounts(
      entry.lines.map((line) => line.amount),
      journal.currency,
    );
    if (!isZeroAmount(total)) {
      throw new Error(
        `Journal ${journal.id}, entry ${index + 1}, does not balance: off by ${total} ${journal.currency}.`,
      );
    }
  });
}
