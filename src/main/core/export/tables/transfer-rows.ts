/**
 * The transfer table's rows as exported: the stored columns, read into the Money the table shows
 * (the same code as transfers:list), and with history, one more row per recorded change.
 */
import type { Money } from '../../../../shared/domain/money';
import { amountsOf, type StoredTransfer } from '../../transfers/row';
import { isOverPrecise } from '../../transfers/amounts';
import type { StoredExportTransfer } from '../../ledger/repositories/transfer-export-columns';
import { amountColumn, currencyColumn, type ExportColumn } from '../columns';
import { storedAmountText } from './source';

export interface TransferExportRow {
  paymentReference: string;
  createdAt: string;
  float: string;
  currency: string;
  requested: Money | null;
  approved: Money | null;
  difference: Money | null;
  status: string;
  origin: 'submitted' | 'platform';
  lastChangedAt: string | null;
  overPrecise: boolean;
  /** 'request': the request as it is now; 'change': one recorded observation of it. */
  entry: 'request' | 'change';
  observedAt: string | null;
}

export function toExportRow(
  stored: StoredExportTransfer,
  entry: TransferExportRow['entry'] = 'request',
  observedAt: string | null = null,
): TransferExportRow {
  const base = {
    paymentReference: stored.payment_reference,
    createdAt: stored.created_at,
    float: stored.float_name,
    currency: stored.currency,
    status: stored.status,
    origin: (Number(stored.submitted) === 1 ? 'submitted' : 'platform') as TransferExportRow['origin'],
    lastChangedAt: entry === 'request' ? stored.last_changed_at : null,
    entry,
    observedAt,
  };
  try {
    const { requested, approved, difference, requestedPair, approvedPair } = amountsOf({
      ...(stored as Omit<StoredTransfer, 'id'>),
      id: 0,
    });
    const overPrecise =
      isOverPrecise(requestedPair, requested) || (approved !== null && isOverPrecise(approvedPair, approved));
    return { ...base, requested, approved, difference, overPrecise };
  } catch {
    // An amount this FloatDesk cannot read: exported as the stored text, never dropped.
    const raw = (minor: bigint | null, exact: string | null): Money | null =>
      minor === null && exact === null
        ? null
        : { amount: storedAmountText(minor, exact, stored.currency) as string, currency: stored.currency };
    return {
      ...base,
      requested: raw(stored.requested_minor, stored.requested_exact),
      approved: raw(stored.approved_minor, stored.approved_exact),
      difference: null,
      overPrecise: false,
    };
  }
}

const moneyColumn = (key: 'requested' | 'approved' | 'difference', header: string) =>
  amountColumn<TransferExportRow>(
    key,
    header,
    (r) => r[key]?.amount ?? null,
    (r) => r[key]?.currency ?? r.currency,
  );

export const TRANSFER_COLUMNS: ExportColumn<TransferExportRow>[] = [
  {
    key: 'payment_reference',
    header: 'Payment reference',
    kind: 'reference',
    value: (r) => r.paymentReference,
    width: 22,
  },
  { key: 'created_at', header: 'Created at', kind: 'timestamp', value: (r) => r.createdAt },
  { key: 'float', header: 'Float', kind: 'text', value: (r) => r.float, width: 24 },
  currencyColumn((r) => r.currency),
  moneyColumn('requested', 'Requested'),
  moneyColumn('approved', 'Approved'),
  moneyColumn('difference', 'Difference'),
  { key: 'status', header: 'Status', kind: 'text', value: (r) => r.status },
  { key: 'origin', header: 'Origin', kind: 'text', value: (r) => r.origin },
  { key: 'last_changed_at', header: 'Last changed at', kind: 'timestamp', value: (r) => r.lastChangedAt },
  { key: 'over_precise', header: 'Over-precise', kind: 'boolean', value: (r) => r.overPrecise },
];

/** With history: which kind of row, and when a change was observed. */
export const HISTORY_COLUMNS: ExportColumn<TransferExportRow>[] = [
  { key: 'entry', header: 'Entry', kind: 'text', value: (r) => r.entry },
  { key: 'observed_at', header: 'Observed at', kind: 'timestamp', value: (r) => r.observedAt },
];
