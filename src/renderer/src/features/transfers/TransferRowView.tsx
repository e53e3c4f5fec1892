import { memo } from 'react';
import type { TransferRow } from '@shared/ipc/contract-transfers';
import { amountNumber, createdText, isDifferent, relativeText } from './cell-text';
import { originLabel, ROW_HEIGHT, TRANSFER_COLUMNS } from './columns';
import { CopyIcon } from './CopyIcon';
import { StatusBadge } from './StatusBadge';
import { formatExactTime } from '../../lib/format-time';

export const rowDomId = (index: number): string => `transfer-row-${index}`;

interface RowProps {
  index: number;
  row: TransferRow | undefined;
  selected: boolean;
  /** The shared clock of relative times (one value for every row). */
  now: number;
}

interface MoneyCellProps {
  value: TransferRow['approved'];
  signed?: boolean;
  /** The approved amount differs from the requested one: highlighted, and said in words. */
  marked?: boolean;
  /** A figure of no interest (a zero difference): shown quieter. */
  quiet?: boolean;
}

function MoneyCell({ value, signed = false, marked = false, quiet = false }: MoneyCellProps) {
  return (
    <div role="gridcell" className={`cell num${marked ? ' cell-different' : quiet ? ' cell-zero' : ''}`}>
      {value === null ? (
        <>
          <span className="empty-value" aria-hidden="true">
            —
          </span>
          <span className="visually-hidden">none</span>
        </>
      ) : (
        amountNumber(value, signed)
      )}
      {marked ? <span className="visually-hidden"> (differs from the requested amount)</span> : null}
    </div>
  );
}

function LoadingRow({ index }: { index: number }) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-busy="true"
      className="grid-row grid-row-loading"
      style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}
    >
      <div role="gridcell" aria-colspan={TRANSFER_COLUMNS.length} className="cell cell-loading">
        <span className="skeleton" aria-hidden="true" />
        <span className="visually-hidden">Loading row {index + 1}…</span>
      </div>
    </div>
  );
}

/** One row of the virtualised table, absolutely placed at its index (fixed height). */
export const TransferRowView = memo(function TransferRowView({ index, row, selected, now }: RowProps) {
  if (row === undefined) return <LoadingRow index={index} />;
  const different = isDifferent(row.difference, row.status);
  return (
    <div
      role="row"
      id={rowDomId(index)}
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-index={index}
      data-testid="transfer-row"
      data-status={row.status}
      className={`grid-row${selected ? ' selected' : ''}`}
      style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}
    >
      <div role="gridcell" className="cell">
        <time dateTime={row.createdAt} title={`Created ${formatExactTime(row.createdAt)}`}>
          {createdText(row.createdAt)}
        </time>
      </div>
      <div role="gridcell" className="cell cell-reference">
        <span className="reference">{row.paymentReference}</span>
        <button
          type="button"
          className="icon-button copy-button"
          tabIndex={-1}
          data-copy={row.paymentReference}
          aria-label={`Copy payment reference ${row.paymentReference}`}
          title="Copy payment reference"
        >
          <CopyIcon />
        </button>
      </div>
      <div role="gridcell" className="cell cell-text" title={row.float}>
        {row.float}
      </div>
      <div role="gridcell" className="cell">
        {row.currency}
      </div>
      <div role="gridcell" className="cell num">
        {row.overPrecise ? (
          <span className="precise-mark" title="More decimals than the currency has; shown exactly as sent">
            *
          </span>
        ) : null}
        {amountNumber(row.requested)}
      </div>
      <MoneyCell value={row.approved} />
      <MoneyCell value={row.difference} signed marked={different} quiet={!different} />
      <div role="gridcell" className="cell">
        <StatusBadge status={row.status} />
      </div>
      <div role="gridcell" className="cell cell-muted">
        {originLabel(row.origin)}
      </div>
      <div role="gridcell" className="cell cell-muted">
        <time dateTime={row.lastChangedAt} title={`Last changed ${formatExactTime(row.lastChangedAt)}`}>
          {relativeText(row.lastChangedAt, now)}
        </time>
      </div>
    </div>
  );
});
