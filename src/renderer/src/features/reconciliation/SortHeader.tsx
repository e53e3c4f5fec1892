import type { ItemSort } from '@shared/ipc/contract-recon';

interface SortHeaderProps {
  column: ItemSort['column'];
  label: string;
  sort: ItemSort | undefined;
  onSort: (sort: ItemSort) => void;
  numeric?: boolean;
}

/**
 * A column header of the open items that sorts on it: first click ascending, the next descending.
 * aria-sort says which column sorts and which way (as the Transfers grid's headers).
 */
export function SortHeader({ column, label, sort, onSort, numeric = false }: SortHeaderProps) {
  const active = sort?.column === column;
  const descending = active && sort.descending;
  return (
    <th
      scope="col"
      className={`recon-sort-head${numeric ? ' num' : ''}`}
      aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}
    >
      <button
        type="button"
        className="sort-button"
        data-testid={`recon-sort-${column}`}
        onClick={() => onSort({ column, descending: active && !descending })}
      >
        {label}
        <span className={`sort-mark${active ? ' active' : ''}`} aria-hidden="true">
          {active ? (descending ? '▼' : '▲') : '↕'}
        </span>
      </button>
    </th>
  );
}
