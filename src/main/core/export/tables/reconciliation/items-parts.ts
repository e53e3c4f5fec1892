/**
 * The Matches sheet (one row per match in force, with its rule, score, explanation, bank lines in
 * words, requests and paid/requested totals; the lines' ids in a column of their own) and the Open
 * items sheet (items not matched, resolved or signed off, with state and age), both from the
 * report's items.
 */
import type { ReconItem, ReconLineDetail, ReconMatch } from '../../../../../shared/ipc/contract-recon';
import { bankLineText, bankLineWords } from '../../../../../shared/domain/recon-item-words';
import { AGEING_WORDS, ruleWords, stateWords } from '../../../../../shared/domain/recon-words';
import { sumAmounts } from '../../../recon/explain';
import { amountColumn, currencyColumn, type ExportColumn, type ExportTable } from '../../columns';
import { appliedFilter, itemQueryOf, type ReportFilters } from './filter-words';
import type { ReconReportData } from './report-data';

export interface MatchRow {
  match: ReconMatch;
  /** Each bank line as people know it (date, amount, text, reference), in the order of lineIds. */
  lineWords: string[];
  currency: string | null;
  paid: string | null;
  requested: string | null;
  lockedBy: number | null;
}

const negate = (amount: string): string =>
  amount.startsWith('-') ? amount.slice(1) : /^[0.]+$/.test(amount) ? amount : `-${amount}`;

export const MATCH_COLUMNS: ExportColumn<MatchRow>[] = [
  { key: 'rule', header: 'Rule', kind: 'text', value: (r) => ruleWords(r.match.rule), width: 18 },
  // A number (0 to 1), exact as the matcher gave it: an amount column without a currency.
  { key: 'score', header: 'Score', kind: 'amount', value: (r) => String(r.match.score), width: 7 },
  { key: 'bank_lines', header: 'Bank lines', kind: 'text', value: (r) => r.lineWords.join('; '), width: 60 },
  {
    key: 'requests',
    header: 'Requests',
    kind: 'reference',
    value: (r) => r.match.requestReferences.join('; '),
  },
  currencyColumn((r) => r.currency),
  { key: 'paid', header: 'Paid', kind: 'amount', value: (r) => r.paid, currency: (r) => r.currency ?? '' },
  amountColumn(
    'requested',
    'Requested',
    (r) => r.requested,
    (r) => r.currency ?? '',
  ),
  { key: 'explanation', header: 'Explanation', kind: 'text', value: (r) => r.match.explanation, width: 60 },
  { key: 'decision_id', header: 'Decision', kind: 'integer', value: (r) => r.match.decisionId ?? null },
  { key: 'locked_by', header: 'Locked by sign-off', kind: 'integer', value: (r) => r.lockedBy },
  { key: 'rule_code', header: 'Rule code', kind: 'text', value: (r) => r.match.rule, width: 16 },
  {
    key: 'bank_line_ids',
    header: 'Bank line ids',
    kind: 'reference',
    value: (r) => r.match.lineIds.join('; '),
  },
];

/**
 * A matched bank line in words: from the match's own details, else the line's item (its detail, or
 * — in a report frozen before details were kept — its date, amount and text).
 */
function lineInWords(match: ReconMatch, id: string, item: ReconItem | undefined): string {
  const detail: ReconLineDetail | undefined = match.lines?.find((line) => line.id === id) ?? item?.line;
  if (detail !== undefined) return bankLineWords(detail);
  if (item !== undefined)
    return bankLineWords({
      bookingDate: item.date,
      amount: item.amount,
      counterparty: null,
      remittance: item.label,
      reference: null,
    });
  return 'A bank line no longer in the ledger (see Bank line ids)';
}

const matchKey = (match: ReconMatch): string =>
  `${match.decisionId ?? ''}|${match.lineIds.join('\u0000')}|${match.requestReferences.join('\u0000')}`;

/** Each match once (it sits on every item it pairs), in the order of its first item. */
export function matchRows(items: readonly ReconItem[]): MatchRow[] {
  const byKey = new Map<string, ReconItem>();
  for (const item of items) byKey.set(`${item.kind} ${item.id}`, item);
  const seen = new Set<string>();
  const rows: MatchRow[] = [];
  for (const item of items) {
    if (item.match === null) continue;
    const key = matchKey(item.match);
    if (seen.has(key)) continue;
    seen.add(key);
    const lines = item.match.lineIds.map((id) => byKey.get(`line ${id}`));
    const requests = item.match.requestReferences.map((id) => byKey.get(`request ${id}`));
    const parts = [...lines, ...requests];
    const currency = parts[0]?.amount.currency ?? null;
    const complete = currency !== null && parts.every((part) => part?.amount.currency === currency);
    const [linesTotal, requested] = complete
      ? sumAmounts(currency, [lines.map((l) => l!.amount.amount), requests.map((r) => r!.amount.amount)])
      : [null, null];
    const match = item.match;
    rows.push({
      match,
      lineWords: match.lineIds.map((id, index) => lineInWords(match, id, lines[index])),
      currency: complete ? currency : null,
      paid: linesTotal ? negate(linesTotal.amount) : null,
      requested: requested?.amount ?? null,
      lockedBy: item.lockedBy?.signOffId ?? null,
    });
  }
  return rows;
}

/** Ageing buckets in words (recon-words.ts: never a range a spreadsheet reads as a date). */
export const AGEING_LABELS = AGEING_WORDS;

/** A request's float; a bank line's counterparty, payment text and reference (its label without details). */
export function itemText(item: Pick<ReconItem, 'label' | 'line'>): string {
  return item.line === undefined ? item.label : bankLineText(item.line) || item.label;
}

export const OPEN_ITEM_COLUMNS: ExportColumn<ReconItem>[] = [
  {
    key: 'kind',
    header: 'Kind',
    kind: 'text',
    value: (r) => (r.kind === 'line' ? 'bank line' : 'request'),
    width: 10,
  },
  { key: 'id', header: 'Reference or bank id', kind: 'reference', value: (r) => r.id },
  { key: 'state', header: 'State', kind: 'text', value: (r) => stateWords(r.state), width: 24 },
  {
    key: 'ageing',
    header: 'Age',
    kind: 'text',
    value: (r) => (r.ageing === null ? null : AGEING_LABELS[r.ageing]),
    width: 14,
  },
  { key: 'date', header: 'Date', kind: 'date', value: (r) => r.date },
  currencyColumn((r) => r.amount.currency),
  amountColumn(
    'amount',
    'Amount',
    (r) => r.amount.amount,
    (r) => r.amount.currency,
  ),
  { key: 'label', header: 'Float or bank text', kind: 'text', value: itemText, width: 40 },
  { key: 'state_code', header: 'State code', kind: 'text', value: (r) => r.state, width: 24 },
];

export function matchesTable(data: ReconReportData): ExportTable<MatchRow> {
  const rows = matchRows(data.items());
  return { title: 'Matches', columns: MATCH_COLUMNS, rows, totalRows: rows.length };
}

/**
 * Every open item of the period — unless the person chose explicitly to export only what the filters
 * select (`onlyFiltered`: the screen's own filter, item-list.ts); then the sheet is titled so and
 * every row says which filter it applied.
 */
export function openItemsTable(data: ReconReportData, filters: ReportFilters): ExportTable<ReconItem> {
  const applied = appliedFilter(filters, data.startDate);
  const rows = data.openItems(applied === null ? null : itemQueryOf(filters));
  if (applied === null)
    return { title: 'Open items', columns: OPEN_ITEM_COLUMNS, rows, totalRows: rows.length };
  const filterColumn: ExportColumn<ReconItem> = {
    key: 'filter',
    header: 'Filter applied',
    kind: 'text',
    value: () => applied,
    width: 40,
  };
  return {
    title: 'Open items (filtered)',
    columns: [...OPEN_ITEM_COLUMNS, filterColumn],
    rows,
    totalRows: rows.length,
  };
}
