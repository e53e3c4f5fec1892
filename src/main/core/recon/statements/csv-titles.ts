/**
 * A CSV statement's columns recognised from its title row alone (csv-title-words.ts says what each
 * title means). Recognised only when the titles name them unambiguously: exactly one booking date,
 * one signed amount or one money-out and one money-in column, at most one of each other column.
 * Several text columns are joined (as a profile joins them); several currency columns must agree
 * row by row (checked with the rows, csv-settle.ts). Titles FloatDesk does not know are left
 * unread, and named when the mapping is described or refused.
 */
import type { CsvRecord } from './csv';
import { settleCsvProfile, type ColumnChoice, type CsvMapping, type SettleOptions } from './csv-settle';
import { meaningOfTitle, type TitleRole } from './csv-title-words';
import type { CsvProfile } from './csv-profile';
import { describeCsvProfile } from './csv-profile-words';

export type Recognition =
  | { ok: true; columns: ColumnChoice; unread: number[] }
  /** `unreadable`: no column profile could read the file either. */
  | { ok: false; reasons: string[]; unread: number[]; unreadable: boolean };

const SINGLE_ROLES = [
  'valueDate',
  'reference',
  'counterpartyName',
  'counterpartyAccount',
  'bankTransactionId',
  'balance',
] as const;

const ROLE_WORDS: Readonly<Record<TitleRole, string>> = {
  date: 'the booking date',
  valueDate: 'the value date',
  amount: 'the amount',
  debit: 'money out (debit)',
  credit: 'money in (credit)',
  currency: 'the currency',
  reference: 'the reference',
  text: 'the payment text',
  counterpartyName: 'the counterparty',
  counterpartyAccount: "the counterparty's account",
  bankTransactionId: "the bank's transaction id",
  balance: 'the balance',
  direction: 'the direction',
};

const MAX_TITLE = 40;
const MAX_LISTED = 12;

/** A title as a message quotes it: trimmed, at most 40 characters. */
export function quoteTitle(title: string): string {
  const trimmed = title.replace(/\s+/g, ' ').trim();
  return `"${trimmed.length > MAX_TITLE ? `${trimmed.slice(0, MAX_TITLE - 1)}…` : trimmed}"`;
}

/** Titles as a message lists them: at most 12, then how many more. */
export function listTitles(titles: readonly string[]): string {
  const shown = titles.slice(0, MAX_LISTED).map(quoteTitle).join(', ');
  return titles.length > MAX_LISTED ? `${shown} and ${titles.length - MAX_LISTED} more` : shown;
}

/** True when the cells look like a title row: a booking date and an amount or debit/credit title. */
export function looksLikeTitles(cells: readonly string[]): boolean {
  const roles = new Set(cells.map((cell) => meaningOfTitle(cell)?.role));
  return roles.has('date') && (roles.has('amount') || roles.has('debit') || roles.has('credit'));
}

export function recogniseTitles(titles: readonly string[]): Recognition {
  const byRole = new Map<TitleRole, number[]>();
  const unread: number[] = [];
  titles.forEach((title, index) => {
    if (title.trim() === '') return;
    const role = meaningOfTitle(title)?.role;
    if (role === undefined) unread.push(index);
    else if (byRole.has(role)) byRole.get(role)!.push(index);
    else byRole.set(role, [index]);
  });
  const found = (role: TitleRole): number[] => byRole.get(role) ?? [];
  const named = (indexes: number[]): string => listTitles(indexes.map((i) => titles[i] ?? ''));
  const reasons: string[] = [];
  const missing: string[] = [];
  const twice = (role: TitleRole): void => {
    reasons.push(`${named(found(role))} could each be ${ROLE_WORDS[role]}`);
  };

  if (found('direction').length > 0) {
    reasons.push(
      `the column ${named(found('direction'))} says whether each amount went out or came in, which a column profile cannot read: export the statement as camt.053 or MT940 instead`,
    );
  }
  if (found('date').length === 0) missing.push(ROLE_WORDS.date);
  else if (found('date').length > 1) twice('date');
  const [amount, debit, credit] = [found('amount'), found('debit'), found('credit')];
  if (amount.length > 0 && debit.length + credit.length > 0) {
    reasons.push(
      `both a signed amount column (${named(amount)}) and money out/in columns (${named([...debit, ...credit])}) are titled, so either could hold the amounts`,
    );
  } else if (amount.length > 1) twice('amount');
  else if (amount.length === 0) {
    if (debit.length === 0 && credit.length === 0) missing.push('the amount (or money out and money in)');
    else if (credit.length === 0) missing.push(`money in (there is a money-out column ${named(debit)})`);
    else if (debit.length === 0) missing.push(`money out (there is a money-in column ${named(credit)})`);
    if (debit.length > 1) twice('debit');
    if (credit.length > 1) twice('credit');
  }
  for (const role of SINGLE_ROLES) if (found(role).length > 1) twice(role);
  if (found('text').length > 20) reasons.push(`more than 20 columns hold payment text`);
  if (missing.length > 0) {
    const unknown = unread.map((i) => titles[i] ?? '');
    const titled = titles.filter((title) => title.trim() !== '');
    reasons.unshift(
      `no column title names ${missing.join(' or ')} (${
        unknown.length > 0
          ? `titles not understood: ${listTitles(unknown)}`
          : `the titles are ${titled.length > 0 ? listTitles(titled) : 'empty'}`
      })`,
    );
  }
  if (reasons.length > 0) return { ok: false, reasons, unread, unreadable: found('direction').length > 0 };

  const one = (role: TitleRole): number | undefined => found(role)[0];
  const many = (role: TitleRole): number[] | undefined => (found(role).length > 0 ? found(role) : undefined);
  const columns: ColumnChoice = {
    date: found('date')[0]!,
    valueDate: one('valueDate'),
    amount: one('amount'),
    debit: one('debit'),
    credit: one('credit'),
    currency: many('currency'),
    reference: one('reference'),
    text: many('text'),
    counterpartyName: one('counterpartyName'),
    counterpartyAccount: one('counterpartyAccount'),
    bankTransactionId: one('bankTransactionId'),
    balance: one('balance'),
  };
  return { ok: true, columns, unread };
}

export type DetectedMapping = (CsvMapping & { ok: true }) & {
  description: string;
  /** Titles left unread (also named in the description). */
  unread: string[];
};

/**
 * The profile that reads a CSV statement, from its title row and its data rows (already split into
 * cells; any iterable, read once), or the reason there is none. Every row must read one way: one
 * date format and one way of writing amounts fit every row, else nothing is decided.
 */
export function detectCsvMapping(
  titles: CsvRecord,
  rows: Iterable<CsvRecord>,
  options: SettleOptions,
): DetectedMapping | (CsvMapping & { ok: false }) {
  const recognised = recogniseTitles(titles.fields);
  if (!recognised.ok) {
    const reasons = recognised.reasons.join('; ');
    return {
      ok: false,
      line: titles.line,
      reason: `${reasons.charAt(0).toUpperCase()}${reasons.slice(1)}.`,
      ...(recognised.unreadable ? { unreadable: true } : {}),
    };
  }
  const settled = settleCsvProfile(titles, rows, recognised.columns, options);
  if (!settled.ok) return settled;
  const unread = recognised.unread.map((i) => titles.fields[i] ?? '');
  return { ...settled, description: describeMapping(settled.profile, unread), unread };
}

/** The mapping in words, with the titles it leaves unread. */
export function describeMapping(profile: CsvProfile, unread: readonly string[]): string {
  const description = describeCsvProfile(profile);
  return unread.length > 0 ? `${description}; not read: ${listTitles(unread)}` : description;
}
