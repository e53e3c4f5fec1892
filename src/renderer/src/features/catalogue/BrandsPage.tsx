import { useCallback, useLayoutEffect, useMemo } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageHeading } from '../../components/PageHeading';
import { navigate } from '../../lib/navigate';
import { hrefFor } from '../../lib/router';
import { useCatalogueSearch } from '../../stores/catalogue';
import { BrandResults } from './BrandResults';
import { BrandSearchBar } from './BrandSearchBar';
import { BrandsTabs } from './BrandsTabs';
import {
  brandsViewFromQuery,
  hasBrandFilters,
  PAGE_SIZE,
  queryFromBrandsView,
  toggleFacetValue,
  type BrandsView,
} from './catalogue-query';
import { facetLabels, summaryText } from './catalogue-text';
import { FacetPanel } from './FacetPanel';
import { Pager } from './Pager';
import { BrandsExport } from '../export/ScreenExports';

const hrefOf = (view: BrandsView): string => hrefFor('brands', { query: queryFromBrandsView(view) });

/** The brand catalogue from the ledger: search, facets with counts, sort and pages of brands. */
export function BrandsPage({ query }: { query: Readonly<Record<string, string>> }) {
  const queryText = new URLSearchParams(query).toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the text stands for the query
  const view = useMemo(() => brandsViewFromQuery(query), [queryText]);
  const setView = useCatalogueSearch((state) => state.setView);
  const result = useCatalogueSearch((state) => state.result);
  const error = useCatalogueSearch((state) => state.error);
  const ready = useCatalogueSearch((state) => state.shownKey === state.key && !state.loading);
  const refresh = useCatalogueSearch((state) => state.refresh);

  // Before the paint: the brands of a new view are asked for a frame sooner.
  useLayoutEffect(() => setView(view), [view, setView]);

  const change = useCallback(
    (next: BrandsView, replace = false): void => navigate(hrefOf(next), { replace }),
    [],
  );
  const filtered = hasBrandFilters(view);
  const labels = useMemo(() => {
    const facets = result?.facets ?? [];
    const of = {
      status: facetLabels(facets, 'status'),
      type: facetLabels(facets, 'type'),
      category: facetLabels(facets, 'category'),
    };
    return (facet: keyof typeof of, value: string): string => of[facet](value);
  }, [result]);

  return (
    <div className="page page-wide brands-page" data-testid="brands-page" aria-busy={!ready}>
      <PageHeading title="Brands">
        The platform’s gift-card brands as last synced — searchable, also while offline.
      </PageHeading>
      <BrandsTabs current="brands" />
      <div className="page-heading-actions">
        <BrandsExport view={view} total={ready ? (result?.total ?? null) : null} />
      </div>
      <BrandSearchBar view={view} onChange={change} />
      <p className="table-summary" role="status" data-testid="brands-summary">
        {result ? summaryText(result, filtered) : 'Loading brands…'}
      </p>
      {error ? <ErrorState title="Brands could not be searched" error={error} onRetry={refresh} /> : null}
      {result === null ? (
        error ? null : (
          <LoadingState label="Loading brands…" />
        )
      ) : (
        <div className="brands-body">
          <FacetPanel
            facets={result.facets}
            filters={view.filters}
            onToggle={(facet, value) => change(toggleFacetValue(view, facet, value))}
          />
          <div
            className="brands-results"
            data-testid="brands-results"
            data-ready={ready}
            data-total={result.total}
          >
            <BrandResults
              label={labels}
              brands={result.brands}
              filtered={filtered}
              onClear={() => change({ text: '', filters: {}, sort: view.sort, page: 0 })}
            />
            <Pager
              page={view.page}
              total={result.total}
              size={PAGE_SIZE}
              label="Pages of brands"
              onPage={(page) => change({ ...view, page })}
            />
          </div>
        </div>
      )}
    </div>
  );
}
