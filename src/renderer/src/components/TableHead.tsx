import type { ReactNode, Ref, TableHTMLAttributes } from 'react';

/** A column's title; `className` styles the column's head (num: right-aligned over figures). */
export interface Column {
  label: ReactNode;
  className?: string;
}

/** A table's one row of column titles, each a `th scope="col"`. */
export function TableHead({ columns }: { columns: ReadonlyArray<string | Column> }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) =>
          typeof column === 'string' ? (
            <th key={index} scope="col">
              {column}
            </th>
          ) : (
            <th key={index} scope="col" className={column.className}>
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** The title of a column of figures (right-aligned). */
export function numColumn(label: ReactNode): Column {
  return { label, className: 'num' };
}

/** A column whose title only a screen reader reads (the row's actions, its tick box). */
export function unseenColumn(label: string, className?: string): Column {
  return { label: <span className="visually-hidden">{label}</span>, ...(className ? { className } : {}) };
}

/**
 * A data table in its horizontal scroller: `head` is what comes before the body (caption, column
 * widths, the column titles), `children` the body's rows.
 */
export function ScrollTable({
  head,
  children,
  ...table
}: TableHTMLAttributes<HTMLTableElement> & {
  head: ReactNode;
  children: ReactNode;
  ref?: Ref<HTMLTableElement>;
}) {
  return (
    <div className="table-scroll">
      <table {...table}>
        {head}
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
