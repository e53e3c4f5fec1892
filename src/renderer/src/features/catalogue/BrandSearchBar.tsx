import { useCallback } from 'react';
import { useTextFilter } from '../transfers/useTextFilter';
import { BRAND_SORTS, type BrandSort, type BrandsView } from './catalogue-query';
import { SORT_LABELS } from './catalogue-text';

interface BrandSearchBarProps {
  view: BrandsView;
  onChange: (view: BrandsView, replace?: boolean) => void;
}

const DEFAULT_DIRECTION: Readonly<Record<BrandSort, 'asc' | 'desc'>> = {
  relevance: 'desc',
  name: 'asc',
  discount: 'desc',
  lastUpdated: 'desc',
};

/** The search box (words match as prefixes, as typed) and the sort. */
export function BrandSearchBar({ view, onChange }: BrandSearchBarProps) {
  const commit = useCallback(
    (text: string) => onChange({ ...view, text: text.trim(), page: 0 }, true),
    [view, onChange],
  );
  const [text, setText] = useTextFilter(view.text, commit);
  const sortValue = view.sort ? `${view.sort.column}:${view.sort.direction}` : '';
  const setSort = (value: string): void => {
    const [column, direction] = value.split(':') as [BrandSort | '', 'asc' | 'desc' | undefined];
    onChange({
      ...view,
      sort: column === '' ? null : { column, direction: direction ?? DEFAULT_DIRECTION[column] },
      page: 0,
    });
  };
  return (
    <div className="brands-search">
      <label className="brands-search-field">
        <span>Search brands</span>
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Name, description, category or terms — the start of a word is enough"
          data-testid="brand-search"
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      <label className="brands-sort-field">
        <span>Sort by</span>
        <select value={sortValue} onChange={(event) => setSort(event.target.value)} data-testid="brand-sort">
          <option value="">Default (relevance when searching, else name)</option>
          {BRAND_SORTS.flatMap((sort) =>
            sort === 'relevance'
              ? [
                  <option key={sort} value="relevance:desc">
                    {SORT_LABELS.relevance}
                  </option>,
                ]
              : [
                  <option key={`${sort}-a`} value={`${sort}:asc`}>
                    {SORT_LABELS[sort]} {sort === 'name' ? '(A to Z)' : '(lowest/oldest first)'}
                  </option>,
                  <option key={`${sort}-d`} value={`${sort}:desc`}>
                    {SORT_LABELS[sort]} {sort === 'name' ? '(Z to A)' : '(highest/newest first)'}
                  </option>,
                ],
          )}
        </select>
      </label>
    </div>
  );
}
