import { useEffect } from 'react';
import { keepCatalogueCurrent } from '../../stores/catalogue';
import { BrandPage } from './BrandPage';
import { BrandsPage } from './BrandsPage';
import { ChangesPage } from './ChangesPage';
import './catalogue.css';

interface BrandsRouteProps {
  sub: string | null;
  query: Readonly<Record<string, string>>;
}

/**
 * `#/brands[?q&facets&sort&page]` is the catalogue; `#/brands?view=changes[&from&to&kind&page]` the
 * change log; `#/brands/<slug>` one brand's page. All answered from the ledger (works offline).
 */
export function BrandsRoute({ sub, query }: BrandsRouteProps) {
  useEffect(() => keepCatalogueCurrent(), []);
  if (sub !== null) return <BrandPage slug={sub} />;
  if (query.view === 'changes') return <ChangesPage query={query} />;
  return <BrandsPage query={query} />;
}
