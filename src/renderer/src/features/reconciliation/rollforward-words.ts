/**
 * The roll-forward in words: where each balance at a bound comes from, and each flag, with amounts
 * and dates through the workspace's formats (the core sends values, never formatted text).
 */
import type { BoundBasisValue, RollforwardFlagValue } from '@shared/ipc/contract-rollforward';
import { formatMoney, formatNumber } from '../../lib/format-money';
import { formatDate } from '../../lib/format-time';

type Amount = { amount: string; currency: string };

const HOUR_MS = 3_600_000;
const money = (value: Amount): string => formatMoney(value.amount, value.currency);
const day = (iso: string): string => formatDate(iso.slice(0, 10));
const plural = (count: number, word: string): string =>
  `${formatNumber(count)} ${word}${count === 1 ? '' : 's'}`;

/** "2 days", "18 hours", "40 minutes": how far a snapshot lies from its bound. */
export function distanceWords(offsetMs: number): string {
  const ms = Math.abs(offsetMs);
  if (ms >= 48 * HOUR_MS) return plural(Math.round(ms / (24 * HOUR_MS)), 'day');
  if (ms >= HOUR_MS) return plural(Math.round(ms / HOUR_MS), 'hour');
  return plural(Math.max(1, Math.round(ms / 60_000)), 'minute');
}

/**
 * "balance of 29 Oct 2026, 2 days before the period start", "entered balance of 1 Nov 2026, “platform
 * statement”".
 */
export function boundWords(basis: BoundBasisValue, bound: 'start' | 'end'): string {
  const where = bound === 'start' ? 'the period start' : 'the period end';
  if (basis.kind === 'entered') {
    const note = basis.note.trim() === '' ? '' : `, “${basis.note.trim()}”`;
    return `entered balance of ${day(basis.asOf)}${note}`;
  }
  if (Math.abs(basis.offsetMs) < 60_000) return `balance recorded at ${where}`;
  const side = basis.offsetMs < 0 ? 'before' : 'after';
  return `balance of ${day(basis.recordedAt)}, ${distanceWords(basis.offsetMs)} ${side} ${where}`;
}

const references = (list: readonly string[]): string =>
  list.length <= 3
    ? list.join(', ')
    : `${list.slice(0, 3).join(', ')} and ${formatNumber(list.length - 3)} more`;

/** One flag as a sentence (the float is shown next to it). */
export function flagSentence(flag: RollforwardFlagValue): string {
  switch (flag.kind) {
    case 'no_opening_snapshot':
      return `No balance was recorded within ${plural(flag.toleranceDays, 'day')} of the period start (${day(flag.bound)}), so the opening balance is unknown and the float is left out of the total. Enter the opening balance from the platform’s statement.`;
    case 'no_closing_snapshot':
      return `No balance was recorded within ${plural(flag.toleranceDays, 'day')} of the period end (${day(flag.bound)}), so the closing balance is unknown and the float is left out of the total. Enter the balance on ${day(flag.bound)} from the platform’s statement.`;
    case 'no_snapshot_in_period':
      return `No balance was recorded inside the period: opening and closing are the same balance (${day(flag.recordedAt)}). Sync the floats to see the period’s movement.`;
    case 'unexplained_credit':
      return `The balance rose by ${money(flag.rise)} between ${day(flag.from)} and ${day(flag.to)}; approved top-ups explain ${money(flag.topUps)}, so ${money(flag.amount)} came in unexplained.`;
    case 'approval_without_bank_payment':
      return `Top-up ${flag.paymentReference} (${money(flag.amount)}) was approved on ${day(flag.approvedSeenAt)}, but no bank payment is matched to it.`;
    case 'over_precise_amount':
      return `${flag.paymentReference ? `Top-up ${flag.paymentReference}` : `The balance of ${day(flag.recordedAt ?? '')}`} is ${money(flag.amount)}, more decimals than the ${flag.allowedDecimals} ${flag.currency} has; it is kept exactly, not rounded.`;
    case 'approval_not_counted':
      return `${plural(flag.paymentReferences.length, 'request')} (${references(flag.paymentReferences)}; ${money(flag.total)}) were first seen already approved on ${day(flag.seenAt)} and made before then, so when they were approved is unknown: not counted as top-ups of the period.`;
    case 'approval_in_other_currency':
      return `Top-up ${flag.paymentReference} was approved as ${money(flag.amount)}, not in ${flag.currency}: not counted as a top-up of this float.`;
    case 'unknown_currency':
      return `${flag.currency} is not a known currency, so its decimals are unknown; amounts are shown exactly as recorded.`;
  }
}
