/**
 * The Matches sheet (one row per match in force, with its rule, score, explanation, bank lines,
 * requests and paid/requested totals) and the Open items sheet (items not matched, resolved or
 * signed off, with state and age), both from the report's items.
 */
import type { ReconItem, ReconMatch } from '../../../../../shared/ipc/contract-reconcile';
import { ruleWords, stateWords } from '../../../../../shared/domain/recon-words';
import { sumAmounts } from '../../../reconcile/explain';
import { CLOSED_STATES, type AgeingBucket } from '../../../reconcile/match/states';
import type { ExportColumn, ExportTable } from '../../columns';
import { appliedFilter, type ReportFilters } from './filter-words';
import type { ReconReportData } from './report-data';

export interface MatchRow {
  match: ReconMatch;
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
  { key: 'bank_lines', header: 'Bank lines', kind: 'reference', value: (r) => r.match.lineIds.join('; ') },
  {
    key: 'requests',
    header: 'Requests',
    kind: 'reference',
    value: (r) => r.match.requestReferences.join('; '),
  },
  { key: 'currency', header: 'Currency', kind: 'text', value: (r) => r.currency, width: 9 },
  { key: 'paid', header: 'Paid', kind: 'amount', value: (r) => r.paid, currency: (r) => r.currency ?? '' },
  {
    key: 'requested',
    header: 'Requested',
    kind: 'amount',
    value: (r) => r.requested,
    currency: (r) => r.currency ?? '',
  },
  { key: 'explanation', header: 'Explanation', kind: 'text', value: (r) => r.match.explanation, width: 60 },
  { key: 'decision_id', header: 'Decision', kind: 'integer', value: (r) => r.match.decisionId ?? null },
  { key: 'locked_by', header: 'Locked by sign-off', kind: 'integer', value: (r) => r.lockedBy },
  { key: 'rule_code', header: 'Rule code', kind: 'text', value: (r) => r.match.rule, width: 16 },
];

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
    rows.push({
      match: item.match,
      currency: complete ? currency : null,
      paid: linesTotal ? negate(linesTotal.amount) : null,
      requested: requested?.amount ?? null,
      lockedBy: item.lockedBy?.signOffId ?? null,
    });
  }
  return rows;
}

/**
 * Ageing buckets in words: a bare "3-7" or "8-30" is read as a date by Excel (and LibreOffice) when
 * the CSV is opened, so the cell never holds a range that looks like one.
 */
export const AGEING_LABELS: Readonly<Record<AgeingBucket, string>> = {
  '0-2': '0 to 2 days',
  '3-7': '3 to 7 days',
  '8-30': '8 to 30 days',
  'over-30': 'over 30 days',
};

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
  { key: 'currency', header: 'Currency', kind: 'text', value: (r) => r.amount.currency, width: 9 },
  {
    key: 'amount',
    header: 'Amount',
    kind: 'amount',
    value: (r) => r.amount.amount,
    currency: (r) => r.amount.currency,
  },
  { key: 'label', header: 'Float or bank text', kind: 'text', value: (r) => r.label, width: 40 },
  { key: 'state_code', header: 'State code', kind: 'text', value: (r) => r.state, width: 24 },
];

export function matchesTable(data: ReconReportData): ExportTable<MatchRow> {
  const rows = matchRows(data.items());
  return { title: 'Matches', columns: MATCH_COLUMNS, rows, totalRows: rows.length };
}

/**
 * Every open item of the period — unless the person chose explicitly to export only what the filters
 * select (`onlyFiltered`); then the sheet is titled so and every row says which filter it applied.
 */
export function openItemsTable(data: ReconReportData, filters: ReportFilters): ExportTable<ReconItem> {
  const applied = appliedFilter(filters);
  const states = applied === null || filters.states === undefined ? null : new Set(filters.states);
  const ageing = applied === null ? undefined : filters.ageing;
  const rows = data
    .items()
    .filter(
      (item) =>
        !CLOSED_STATES.has(item.state) &&
        (states === null || states.has(item.state)) &&
        (ageing === undefined || item.ageing === ageing),
    );
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
