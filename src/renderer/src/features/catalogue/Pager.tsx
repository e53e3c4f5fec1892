import { pageText } from './catalogue-text';

interface PagerProps {
  page: number;
  total: number;
  size: number;
  label: string;
  onPage: (page: number) => void;
}

/** Previous / Next through a paged list, with "Page 2 of 7". */
export function Pager({ page, total, size, label, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button" disabled={page <= 0} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">{pageText(page, total, size)}</span>
      <button
        type="button"
        className="button"
        disabled={page + 1 >= pages}
        onClick={() => onPage(page + 1)}
        data-testid="next-page"
      >
        Next
      </button>
    </nav>
  );
}
