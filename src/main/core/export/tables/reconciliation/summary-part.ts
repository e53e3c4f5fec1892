/** The Summary sheet: counts per state, suggestions, and per currency the matched totals. */
import { actorWords, STATE_WORDS } from '../../../../../shared/domain/recon-words';
import { RECON_STATES } from '../../../../../shared/ipc/contract-recon';
import { amountColumn, currencyColumn, type ExportColumn, type ExportTable } from '../../columns';
import { appliedFilter, type ReportFilters } from './filter-words';
import type { ReconReportData } from './report-data';

export interface SummaryRow {
  section: string;
  measure: string;
  currency: string | null;
  count: number | null;
  amount: string | null;
  /** The state's code, for machines (state rows only). */
  code?: string | null;
}

export const SUMMARY_COLUMNS: ExportColumn<SummaryRow & { asOf: string }>[] = [
  { key: 'as_of', header: 'As of', kind: 'date', value: (r) => r.asOf },
  { key: 'section', header: 'Section', kind: 'text', value: (r) => r.section, width: 16 },
  { key: 'measure', header: 'Measure', kind: 'text', value: (r) => r.measure, width: 40 },
  currencyColumn((r) => r.currency),
  { key: 'count', header: 'Count', kind: 'integer', value: (r) => r.count },
  amountColumn(
    'amount',
    'Amount',
    (r) => r.amount,
    (r) => r.currency ?? '',
  ),
  { key: 'code', header: 'Code', kind: 'text', value: (r) => r.code ?? null, width: 24 },
];

function signOffRows(data: ReconReportData): SummaryRow[] {
  const signOff = data.signOff;
  if (signOff === null) return [];
  const row = (measure: string, count: number | null = null): SummaryRow => ({
    section: 'Sign-off',
    measure,
    currency: null,
    count,
    amount: null,
  });
  return [
    row(
      `Frozen report of sign-off ${signOff.id}, signed ${signOff.signedAt} by ${actorWords(signOff.actor, signOff.actorName)}`,
      signOff.id,
    ),
    ...(signOff.note === '' ? [] : [row(`Note: ${signOff.note}`)]),
    row('Locked requests', signOff.lockedRequests),
    row('Locked bank lines', signOff.lockedLines),
    ...(signOff.unlocked === null
      ? []
      : [
          row(
            `Unlocked ${signOff.unlocked.at} by ${actorWords(signOff.unlocked.actor, signOff.unlocked.actorName)}: ${signOff.unlocked.reason}`,
          ),
        ]),
    row(
      'Roll-forward sheet: recomputed from the ledger at export time (the frozen report keeps its difference below)',
    ),
  ];
}

/** What the file holds: the complete report, or only the open items a filter selects. */
function scopeRows(data: ReconReportData, filters: ReportFilters): SummaryRow[] {
  const applied = appliedFilter(filters, data.startDate);
  const measure =
    applied === null
      ? 'Complete report: every open item, match, resolution and roll-forward line of the period'
      : `Filtered: ${applied} (the Open items part holds only these; the other parts are complete)`;
  return [{ section: 'Contents', measure, currency: null, count: null, amount: null }];
}

export function summaryRows(data: ReconReportData, filters: ReportFilters = {}): SummaryRow[] {
  const summary = data.summary();
  const states = RECON_STATES.map((state): SummaryRow => ({
    section: 'Items by state',
    measure: STATE_WORDS[state],
    currency: null,
    count: summary.states[state],
    amount: null,
    code: state,
  }));
  const currencies = summary.currencies.flatMap((c): SummaryRow[] => {
    const row = (measure: string, amount: string | null, count: number | null = null): SummaryRow => ({
      section: 'Currency',
      measure,
      currency: c.currency,
      count,
      amount,
    });
    return [
      row('Paid (matched bank payments)', c.paid.amount),
      row('Requested (matched requests)', c.matchedRequested.amount),
      row('Open requests', null, c.openRequests),
      row('Roll-forward difference', c.rollForwardDifference?.amount ?? null),
    ];
  });
  return [
    ...scopeRows(data, filters),
    ...signOffRows(data),
    ...states,
    {
      section: 'Suggestions',
      measure: 'Open suggestions',
      currency: null,
      count: summary.suggestions,
      amount: null,
    },
    ...currencies,
  ];
}

export function summaryTable(
  data: ReconReportData,
  filters: ReportFilters = {},
): ExportTable<SummaryRow & { asOf: string }> {
  const rows = summaryRows(data, filters).map((row) => ({ ...row, asOf: data.asOf }));
  return { title: 'Summary', columns: SUMMARY_COLUMNS, rows, totalRows: rows.length };
}
