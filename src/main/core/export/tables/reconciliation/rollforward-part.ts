/**
 * The Roll-forward sheet: per currency opening, top-ups, spend, closing and difference; then flags,
 * each in words with its message (the flag's code in a column of its own, for machines).
 */
import { flagWords } from '../../../../../shared/domain/recon-words';
import { amountColumn, currencyColumn, type ExportColumn, type ExportTable } from '../../columns';
import { rollForwardPeriod, type ReconReportData } from './report-data';

export interface RollForwardRow {
  row: 'Totals' | 'Flag';
  /** The flag's code (the Flag column says it in words). */
  from: string;
  to: string;
  currency: string | null;
  opening: string | null;
  topUps: string | null;
  spend: string | null;
  closing: string | null;
  difference: string | null;
  flag: string | null;
  float: string | null;
  at: string | null;
  message: string | null;
}

const amount = (key: 'opening' | 'topUps' | 'spend' | 'closing' | 'difference', header: string) =>
  amountColumn<RollForwardRow>(
    key === 'topUps' ? 'top_ups' : key,
    header,
    (r) => r[key],
    (r) => r.currency ?? '',
  );

export const ROLLFORWARD_COLUMNS: ExportColumn<RollForwardRow>[] = [
  { key: 'row', header: 'Row', kind: 'text', value: (r) => r.row, width: 8 },
  { key: 'period_from', header: 'Period from', kind: 'date', value: (r) => r.from },
  { key: 'period_to', header: 'Period to', kind: 'date', value: (r) => r.to },
  currencyColumn((r) => r.currency),
  amount('opening', 'Opening'),
  amount('topUps', 'Top-ups'),
  amount('spend', 'Spend'),
  amount('closing', 'Closing'),
  amount('difference', 'Difference'),
  {
    key: 'flag',
    header: 'Flag',
    kind: 'text',
    value: (r) => (r.flag === null ? null : flagWords(r.flag)),
    width: 28,
  },
  { key: 'float', header: 'Float', kind: 'text', value: (r) => r.float, width: 20 },
  { key: 'at', header: 'At', kind: 'timestamp', value: (r) => r.at },
  { key: 'message', header: 'Message', kind: 'text', value: (r) => r.message, width: 60 },
  { key: 'flag_code', header: 'Flag code', kind: 'text', value: (r) => r.flag, width: 24 },
];

export function rollForwardTable(data: ReconReportData): ExportTable<RollForwardRow> {
  const period = rollForwardPeriod(data);
  const report = data.service.rollforward(period);
  const base = { ...period, flag: null, float: null, at: null, message: null };
  const rows: RollForwardRow[] = [
    ...report.currencies.map((c): RollForwardRow => ({
      ...base,
      row: 'Totals',
      currency: c.currency,
      opening: c.opening?.amount ?? null,
      topUps: c.topUps.amount,
      spend: c.spend?.amount ?? null,
      closing: c.closing?.amount ?? null,
      difference: c.difference?.amount ?? null,
    })),
    ...report.flags.map((flag): RollForwardRow => ({
      ...period,
      row: 'Flag',
      currency: null,
      opening: null,
      topUps: null,
      spend: null,
      closing: null,
      difference: null,
      flag: flag.kind,
      float: flag.float,
      at: flag.at,
      message: flag.message,
    })),
  ];
  return { title: 'Roll-forward', columns: ROLLFORWARD_COLUMNS, rows, totalRows: rows.length };
}
