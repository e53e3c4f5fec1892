/**
 * Journals in the books' currency: a built set converted at the rates a person gave. A journal
 * already in the books' currency is unchanged; in every other, each line becomes amount × rate (the
 * rate for its entry's date), rounded half up to the books' currency's minor units, and its
 * description ends with the original amount and the rate. An entry that no longer balances after
 * rounding gets one line more, to its float's rounding account, for the difference, so every entry
 * and every journal balances exactly in the books' currency. Pure: the same set and rates give the
 * same journals.
 */
import { requireCurrencyExponent } from '../../../shared/domain/currency';
import { canonicalAmount, Exact } from '../../../shared/domain/money';
import type { ExchangeRate, JournalConversion } from '../../../shared/ipc/contract-journals';
import { AppError } from '../../../shared/ipc/errors';
import { findMapping, mappingKey, type AccountMapping } from './account-mapping';
import { absoluteAmount, assertBalanced, isZeroAmount, negateAmount, sumAmounts } from './journal-amounts';
import { checkConversion, RateTable } from './exchange-rates';
import { currencyAccounts, mappingNeeds, type MappingNeed } from './missing-mappings';
import type { Journal, JournalEntry, JournalLine, JournalSet, PeriodFacts } from './types';

/** Days named in a missing-rate sentence before "and N more". */
const DAYS_NAMED = 5;

/**
 * Floats (and bank lines) of a currency converted (one with a journal in another currency than the
 * books') whose mapping names no rounding account, in words.
 */
export function missingRoundingAccounts(
  needs: readonly MappingNeed[],
  mapping: AccountMapping,
  converted: ReadonlySet<string>,
  booksCurrency: string,
): string[] {
  const missing = new Map<string, string>();
  for (const need of needs) {
    if (!converted.has(need.currency)) continue;
    if (need.float !== null) {
      const row = findMapping(mapping, need.float, need.currency);
      if (row !== undefined && row.roundingAccount === null)
        missing.set(
          mappingKey(need.float, need.currency),
          `Float "${need.float}" in ${need.currency} has no rounding account, and its journals are converted to ${booksCurrency}: set one in Settings → Accounting (the mapping's rounding_account).`,
        );
    } else {
      const accounts = currencyAccounts(mapping, need.currency);
      if (accounts !== undefined && accounts.roundingAccount === null)
        missing.set(
          mappingKey('', need.currency),
          `Bank lines in ${need.currency} have no single rounding account, and they are converted to ${booksCurrency}: give every ${need.currency} row the same rounding account.`,
        );
    }
  }
  return [...missing.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, words]) => words);
}

/** For each currency to convert, the dates no rate applies to, in words (one sentence per currency). */
export function missingRates(set: JournalSet, conversion: JournalConversion): string[] {
  const table = new RateTable(conversion.rates);
  const days = new Map<string, Set<string>>();
  for (const journal of set.journals) {
    if (journal.currency === conversion.booksCurrency) continue;
    for (const entry of journal.entries) {
      if (table.find(journal.currency, entry.rateDate) !== undefined) continue;
      days.set(journal.currency, (days.get(journal.currency) ?? new Set()).add(entry.rateDate));
    }
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, dates]) => {
      const sorted = [...dates].sort();
      const named = sorted.slice(0, DAYS_NAMED).join(', ');
      const more = sorted.length > DAYS_NAMED ? ` and ${sorted.length - DAYS_NAMED} more day(s)` : '';
      return `No ${currency} rate to ${conversion.booksCurrency} for ${named}${more}: give the period's ${currency} rate, or rates dated on or before those days.`;
    });
}

/** Refuse, naming everything missing, before anything is written. */
export function requireConversion(missing: readonly string[]): void {
  if (missing.length === 0) return;
  throw new AppError(
    'invalid_input',
    `The journals cannot be converted, so nothing was written: ${missing.join(' ')}`,
    { reason: 'conversion_incomplete', missing },
  );
}

function convertedLine(line: JournalLine, from: string, to: string, rate: ExchangeRate): JournalLine {
  const places = requireCurrencyExponent(to);
  const amount = new Exact(line.amount)
    .times(new Exact(rate.rate))
    .toDecimalPlaces(places, Exact.ROUND_HALF_UP);
  return {
    ...line,
    amount: canonicalAmount(amount.toFixed(), to),
    description: `${line.description} [${absoluteAmount(line.amount, from)} ${from} at ${rate.rate}]`,
    converted: { amount: line.amount, currency: from, rate: rate.rate },
  };
}

/** Every payment reference of an entry's lines, once each, in order. */
function referencesOf(lines: readonly JournalLine[]): string {
  return [...new Set(lines.flatMap((line) => line.reference.split(' ')).filter((word) => word !== ''))].join(
    ' ',
  );
}

function convertedEntry(entry: JournalEntry, from: string, to: string, table: RateTable): JournalEntry {
  const rate = table.take(from, entry.rateDate);
  // missingRates and missingRoundingAccounts run first: their absence here is a bug.
  if (rate === undefined) throw new Error(`No ${from} rate for ${entry.rateDate}.`);
  const lines = entry.lines
    .map((line) => convertedLine(line, from, to, rate))
    .filter((line) => !isZeroAmount(line.amount));
  const off = sumAmounts(
    lines.map((line) => line.amount),
    to,
  );
  if (isZeroAmount(off)) return { ...entry, lines };
  if (entry.rounding === null) throw new Error(`No rounding account for an entry in ${from}.`);
  const rounding: JournalLine = {
    account: entry.rounding.account,
    amount: negateAmount(off, to),
    description: `Rounding of the conversion to ${to}`,
    reference: referencesOf(entry.lines),
    taxCode: entry.rounding.taxCode,
    tracking: entry.rounding.tracking,
  };
  return { ...entry, lines: [...lines, rounding] };
}

function convertedJournal(journal: Journal, to: string, table: RateTable): Journal {
  const from = journal.currency;
  const entries = journal.entries
    .map((entry) => convertedEntry(entry, from, to, table))
    .filter((entry) => entry.lines.length > 0);
  const converted: Journal = {
    ...journal,
    currency: to,
    convertedFrom: from,
    // The narration names the float's currency as ", EUR, " (journal-rules.ts): say where it went.
    narration: journal.narration.replace(`, ${from}, `, `, ${from} converted to ${to}, `),
    entries,
  };
  assertBalanced(converted);
  return converted;
}

/**
 * The set in the books' currency, and the rates used (by currency, the period's first, then by
 * date). Check `missingRates` and `missingRoundingAccounts` first: this throws a plain Error on
 * what they would have named.
 */
export function convertJournals(
  set: JournalSet,
  conversion: JournalConversion,
): { set: JournalSet; rates: ExchangeRate[] } {
  const table = new RateTable(conversion.rates);
  const journals = set.journals
    .map((journal) =>
      journal.currency === conversion.booksCurrency
        ? journal
        : convertedJournal(journal, conversion.booksCurrency, table),
    )
    .filter((journal) => journal.entries.length > 0);
  return { set: { ...set, journals }, rates: table.usedRates() };
}

/** What a preview or export gets: the set (converted when asked and possible), what was used, what is missing. */
export interface ConversionResult {
  set: JournalSet;
  /** The books' currency and the rates used; null when no conversion was asked (or it is incomplete). */
  used: { booksCurrency: string; rates: ExchangeRate[] } | null;
  /** Rounding accounts and rates the conversion lacks, in words; empty when none. */
  missing: string[];
}

/** The period's journals converted as asked (`conversion` absent: as built). */
export function applyConversion(
  facts: PeriodFacts,
  set: JournalSet,
  mapping: AccountMapping,
  conversion: JournalConversion | undefined,
): ConversionResult {
  if (conversion === undefined) return { set, used: null, missing: [] };
  checkConversion(conversion);
  const missing = [
    ...missingRoundingAccounts(
      mappingNeeds(facts),
      mapping,
      new Set(
        set.journals
          .map((journal) => journal.currency)
          .filter((currency) => currency !== conversion.booksCurrency),
      ),
      conversion.booksCurrency,
    ),
    ...missingRates(set, conversion),
  ];
  if (missing.length > 0) return { set, used: null, missing };
  const converted = convertJournals(set, conversion);
  return {
    set: converted.set,
    used: { booksCurrency: conversion.booksCurrency, rates: converted.rates },
    missing: [],
  };
}
