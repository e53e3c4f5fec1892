import type { SortColumn } from './transfer-query';

/** The Transfers table's columns, in order: header label, sort key, width, alignment. */
export interface TransferColumn {
  id: SortColumn;
  label: string;
  /** A CSS grid track size. */
  width: string;
  numeric: boolean;
}

export const TRANSFER_COLUMNS: readonly TransferColumn[] = [
  { id: 'createdAt', label: 'Created', width: '8.5rem', numeric: false },
  // Wide enough for an 18-character RF reference and its copy button on one line.
  { id: 'paymentReference', label: 'Payment reference', width: '10.75rem', numeric: false },
  { id: 'float', label: 'Float', width: 'minmax(5.5rem, 1fr)', numeric: false },
  { id: 'currency', label: 'Currency', width: '4.75rem', numeric: false },
  { id: 'requested', label: 'Requested', width: '7.25rem', numeric: true },
  { id: 'approved', label: 'Approved', width: '7.25rem', numeric: true },
  { id: 'difference', label: 'Difference', width: '6.75rem', numeric: true },
  { id: 'status', label: 'Status', width: '9.5rem', numeric: false },
  { id: 'origin', label: 'Origin', width: '5rem', numeric: false },
  { id: 'lastChangedAt', label: 'Last change', width: 'minmax(6.5rem, 0.75fr)', numeric: false },
];

/** The columns' least total width: below it the table scrolls sideways. */
export const MIN_TABLE_WIDTH = `${TRANSFER_COLUMNS.reduce(
  (sum, column) => sum + Number(/([\d.]+)rem/.exec(column.width)?.[1] ?? 0),
  0,
)}rem`;

/** grid-template-columns shared by the header and every row, so they line up. */
export const COLUMN_TEMPLATE = TRANSFER_COLUMNS.map((column) => column.width).join(' ');

/** Fixed row height (px): the virtualisation depends on it (see transfers.css). */
export const ROW_HEIGHT = 36;

/** Status names as people read them; a status the platform adds later is shown as sent. */
const STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'Pending',
  approved: 'Approved',
  approved_edited: 'Approved (edited)',
  removed: 'Removed',
  cancelled: 'Cancelled',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

export function originLabel(origin: 'submitted' | 'platform'): string {
  return origin === 'submitted' ? 'Sent here' : 'Platform';
}

export function sortDescription(column: SortColumn, direction: 'asc' | 'desc'): string {
  const label = TRANSFER_COLUMNS.find((candidate) => candidate.id === column)?.label ?? column;
  const dated = column === 'createdAt' || column === 'lastChangedAt';
  const order = dated
    ? direction === 'desc'
      ? 'newest first'
      : 'oldest first'
    : direction === 'desc'
      ? 'descending'
      : 'ascending';
  return `${label}, ${order}`;
}
