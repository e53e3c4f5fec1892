import type { ReconLineDetail } from '../ipc/contract-recon';
import { isKnownCurrency } from './currency';
import { canonicalAmount } from './money';
import { AGEING_WORDS, stateWords } from './recon-words';

/**
 * Open items in words for a person: a bank line as people know it, and the filter the open items
 * were chosen by. Dates and amounts go through the formats given: a screen passes its own (the
 * chosen number and date format); a file keeps the defaults, ISO dates and exact amounts.
 */
export interface WordFormats {
  /** YYYY-MM-DD → text. */
  date(iso: string): string;
  /** An exact decimal text with its currency (when known) → text. */
  money(amount: string, currency: string | null): string;
}

/** ISO dates; amounts exact, with at least their currency's decimals ("100" GBP → "100.00 GBP"). */
export const FILE_FORMATS: WordFormats = {
  date: (iso) => iso,
  money: (amount, currency) =>
    currency === null
      ? amount
      : `${isKnownCurrency(currency) ? canonicalAmount(amount, currency) : amount} ${currency}`,
};

const filled = (text: string | null | undefined): text is string => text != null && text.trim() !== '';

type LineFacts = Pick<
  ReconLineDetail,
  'bookingDate' | 'amount' | 'counterparty' | 'remittance' | 'reference'
>;

/** "ACME Ltd · Top-up October": what the bank wrote about the line (counterparty, remittance text); null when nothing. */
export function bankLineNarrative(line: Pick<LineFacts, 'counterparty' | 'remittance'>): string | null {
  const text = [line.counterparty, line.remittance].filter(filled).join(' · ');
  return text === '' ? null : text;
}

/**
 * "ACME Ltd · Top-up October, reference FDK7Q2M9X1": what the bank wrote about the line (counterparty
 * and remittance text) and its reference (unless the text already holds it); empty when none.
 */
export function bankLineText(line: Omit<LineFacts, 'bookingDate' | 'amount'>): string {
  const text = bankLineNarrative(line) ?? '';
  const reference =
    filled(line.reference) && !text.includes(line.reference) ? `reference ${line.reference}` : '';
  return [text, reference].filter((part) => part !== '').join(', ');
}

/**
 * "2026-10-02, -2500.00 GBP, ACME Ltd · Top-up October, reference FDK7Q2M9X1": booking date, signed
 * amount, what the bank wrote and the bank's reference — never FloatDesk's internal id of the line.
 */
export function bankLineWords(line: LineFacts, formats: WordFormats = FILE_FORMATS): string {
  const text = bankLineText(line);
  const parts = [formats.date(line.bookingDate), formats.money(line.amount.amount, line.amount.currency)];
  return (text === '' ? parts : [...parts, text]).join(', ');
}

/** The open items' filter, as recon:items and a filtered export take it. */
export interface ItemFilterFields {
  states?: readonly string[];
  ageing?: keyof typeof AGEING_WORDS;
  search?: string;
  currencies?: readonly string[];
  floats?: readonly string[];
  direction?: 'in' | 'out';
  amountMin?: string;
  amountMax?: string;
}

const quoted = (text: string): string => `“${text}”`;

/** The amount range, unsigned, in the one currency filtered on when there is one. */
function rangeWords(filter: ItemFilterFields, formats: WordFormats): string | null {
  const currency = filter.currencies?.length === 1 ? filter.currencies[0]! : null;
  const money = (amount: string): string => formats.money(amount, currency);
  const { amountMin: min, amountMax: max } = filter;
  if (min !== undefined && max !== undefined) return `amount ${money(min)} to ${money(max)}`;
  if (min !== undefined) return `amount at least ${money(min)}`;
  if (max !== undefined) return `amount at most ${money(max)}`;
  return null;
}

/**
 * Each filter set, in words, in the order the screen shows them: `state Awaiting payment or
 * Variance`, `age 3 to 7 days`, `search “ACME”`, `currency GBP`, `float “main”`, `money out (bank
 * payments)`, `amount 100.00 to 500.00`. Empty when nothing filters.
 */
export function itemFilterWords(filter: ItemFilterFields, formats: WordFormats = FILE_FORMATS): string[] {
  const words: string[] = [];
  if (filter.states !== undefined && filter.states.length > 0)
    words.push(`state ${filter.states.map(stateWords).join(' or ')}`);
  if (filter.ageing !== undefined) words.push(`age ${AGEING_WORDS[filter.ageing]}`);
  if (filled(filter.search)) words.push(`search ${quoted(filter.search.trim())}`);
  if (filter.currencies !== undefined && filter.currencies.length > 0)
    words.push(`currency ${filter.currencies.join(' or ')}`);
  if (filter.floats !== undefined && filter.floats.length > 0)
    words.push(`float ${filter.floats.map(quoted).join(' or ')}`);
  if (filter.direction !== undefined)
    words.push(filter.direction === 'out' ? 'money out (bank payments)' : 'money in (requests)');
  const range = rangeWords(filter, formats);
  if (range !== null) words.push(range);
  return words;
}
