import { hrefFor } from '../../lib/router';

/** The Brands screen's two views: the catalogue and the change log. */
export function BrandsTabs({ current }: { current: 'brands' | 'changes' }) {
  return (
    <nav className="brands-tabs" aria-label="Brands views">
      <a
        href={hrefFor('brands')}
        aria-current={current === 'brands' ? 'page' : undefined}
        data-testid="tab-brands"
      >
        All brands
      </a>
      <a
        href={hrefFor('brands', { query: { view: 'changes' } })}
        aria-current={current === 'changes' ? 'page' : undefined}
        data-testid="tab-changes"
      >
        What changed
      </a>
    </nav>
  );
}
