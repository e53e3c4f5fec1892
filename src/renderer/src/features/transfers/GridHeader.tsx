import type { Ref } from 'react';
import type { TransferSort } from '@shared/ipc/contract-transfers';
import { TRANSFER_COLUMNS } from './columns';
import type { SortColumn } from './transfer-query';

interface GridHeaderProps {
  ref?: Ref<HTMLDivElement>;
  sort: TransferSort;
  onSort: (column: SortColumn) => void;
}

/** The column headers: each a sort button; aria-sort tells which column sorts and which way. */
export function GridHeader({ ref, sort, onSort }: GridHeaderProps) {
  return (
    <div ref={ref} role="rowgroup" className="grid-head">
      <div role="row" aria-rowindex={1} className="grid-row grid-row-head">
        {TRANSFER_COLUMNS.map((column) => {
          const active = sort.column === column.id;
          const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
          return (
            <div
              key={column.id}
              role="columnheader"
              aria-sort={ariaSort}
              className={`cell head-cell${column.numeric ? ' num' : ''}`}
            >
              <button
                type="button"
                className="sort-button"
                data-testid={`sort-${column.id}`}
                onClick={() => onSort(column.id)}
              >
                {column.label}
                <span className={`sort-mark${active ? ' active' : ''}`} aria-hidden="true">
                  {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                </span>
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
}
