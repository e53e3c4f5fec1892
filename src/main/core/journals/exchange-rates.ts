/**
 * The rates a conversion into the books' currency is made at, and which one applies to a date:
 * 1 unit of a currency is worth `rate` units of the books' currency from a rate's `date` on, until
 * the next dated rate of that currency; a rate with no date is the period's, used wherever no dated
 * rate applies. Rates stay exact decimal text (never a JS number).
 */
import { canonicalDecimal } from '../../../shared/domain/money';
import type { ExchangeRate, JournalConversion } from '../../../shared/ipc/contract-journals';
import { AppError, type FieldIssue } from '../../../shared/ipc/errors';

/** A rate as text: at most 12 digits before the point and 18 after, more than zero. */
const RATE_TEXT = /^\d{1,12}(\.\d{1,18})?$/;

/** What is wrong with a rate as typed (in words), or null when it is a rate. */
export function rateProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'is empty: write a rate such as 0.8612';
  if (/^\d+,\d+$/.test(trimmed))
    return `"${trimmed}" is written with a comma: write it with a point, e.g. 0.8612`;
  if (!RATE_TEXT.test(trimmed))
    return `"${trimmed}" is not a rate: write digits with a point, e.g. 0.8612 (at most 18 decimals)`;
  if (!/[1-9]/.test(trimmed)) return 'is zero: a rate must be more than zero';
  return null;
}

/** The canonical text of a rate already checked ("0.86120" → "0.8612"). */
export const canonicalRate = (text: string): string => canonicalDecimal(text.trim());

const key = (currency: string, date: string | null): string => `${currency}\u0000${date ?? ''}`;

/** The same rate twice (a currency and date, or a currency's period rate) is a mistake: refuse it. */
export function checkConversion(conversion: JournalConversion): void {
  const seen = new Map<string, number>();
  const issues: FieldIssue[] = [];
  conversion.rates.forEach((rate, index) => {
    const earlier = seen.get(key(rate.currency, rate.date));
    const which =
      rate.date === null
        ? `the period's ${rate.currency} rate`
        : `the ${rate.currency} rate for ${rate.date}`;
    if (earlier !== undefined)
      issues.push({
        field: `conversion.rates[${index}]`,
        problem: `${which} is given twice (also rate ${earlier + 1}); keep one`,
      });
    else seen.set(key(rate.currency, rate.date), index);
  });
  if (issues.length > 0)
    throw new AppError('invalid_input', `The rates cannot be used: ${issues[0]!.problem}.`, {
      reason: 'exchange_rates',
      issues,
    });
}

/** Finds the rate for a currency on a date; remembers each rate it gave out. */
export class RateTable {
  private readonly dated = new Map<string, ExchangeRate[]>();
  private readonly period = new Map<string, ExchangeRate>();
  private readonly used = new Map<string, ExchangeRate>();

  constructor(rates: readonly ExchangeRate[]) {
    for (const rate of rates) {
      const canonical = { ...rate, rate: canonicalRate(rate.rate) };
      if (rate.date === null) this.period.set(rate.currency, canonical);
      else this.dated.set(rate.currency, [...(this.dated.get(rate.currency) ?? []), canonical]);
    }
    for (const list of this.dated.values()) list.sort((a, b) => (a.date! < b.date! ? -1 : 1));
  }

  /** The latest dated rate on or before `date`, else the period's; undefined when neither. */
  find(currency: string, date: string): ExchangeRate | undefined {
    const list = this.dated.get(currency) ?? [];
    let found: ExchangeRate | undefined;
    for (const rate of list) {
      if (rate.date! <= date) found = rate;
      else break;
    }
    return found ?? this.period.get(currency);
  }

  /** As `find`, and the rate is counted as used. */
  take(currency: string, date: string): ExchangeRate | undefined {
    const rate = this.find(currency, date);
    if (rate !== undefined) this.used.set(key(rate.currency, rate.date), rate);
    return rate;
  }

  /** The rates given out, by currency, the period's first, then by date. */
  usedRates(): ExchangeRate[] {
    return [...this.used.values()].sort(
      (a, b) =>
        (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0) ||
        (a.date ?? '').localeCompare(b.date ?? ''),
    );
  }
}
