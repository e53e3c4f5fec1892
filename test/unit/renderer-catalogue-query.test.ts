import { describe, expect, it } from 'vitest';
import {
  brandsViewFromQuery,
  brandsViewKey,
  changesViewFromQuery,
  joinValues,
  queryFromBrandsView,
  queryFromChangesView,
  splitValues,
  toggleFacetValue,
} from '../../src/renderer/src/features/catalogue/catalogue-query';
import { hrefFor, parseHash } from '../../src/renderer/src/lib/router';

describe('the Brands view in the URL', () => {
  it('reads text, facets, sort and page, ignoring what cannot be right', () => {
    const view = brandsViewFromQuery({
      q: '  amb ',
      category: 'baby,beauty,baby',
      status: 'ENABLED',
      nonsense: 'x',
      sort: '-discount',
      page: '3',
    });
    expect(view).toEqual({
      text: 'amb',
      filters: { category: ['baby', 'beauty'], status: ['ENABLED'] },
      sort: { column: 'discount', direction: 'desc' },
      page: 2,
    });
    expect(brandsViewFromQuery({ sort: 'price', page: '-1' })).toEqual({
      text: '',
      filters: {},
      sort: null,
      page: 0,
    });
  });

  it('round-trips through the hash, values with commas and percent signs included', () => {
    const view = brandsViewFromQuery({});
    const next = toggleFacetValue(
      toggleFacetValue({ ...view, page: 4 }, 'category', 'a,b'),
      'category',
      '50%',
    );
    expect(next.page).toBe(0);
    const parsed = parseHash(
      hrefFor('brands', { query: queryFromBrandsView({ ...next, text: 'gift card' }) }),
    );
    expect(parsed.kind === 'page' && brandsViewFromQuery(parsed.query)).toEqual({
      text: 'gift card',
      filters: { category: ['a,b', '50%'] },
      sort: null,
      page: 0,
    });
  });

  it('unticking the last value drops the facet; the key ignores value order', () => {
    const view = toggleFacetValue(brandsViewFromQuery({ stocked: 'true' }), 'stocked', 'true');
    expect(view.filters).toEqual({});
    expect(queryFromBrandsView(view).stocked).toBeUndefined();
    expect(brandsViewKey(brandsViewFromQuery({ country: 'GB,DE' }))).toBe(
      brandsViewKey(brandsViewFromQuery({ country: 'DE,GB' })),
    );
  });

  it('splits and joins facet values', () => {
    expect(splitValues(' a , ,b%2Cc,%E0%A4%A')).toEqual(['a', 'b,c', '%E0%A4%A']);
    expect(joinValues([])).toBeUndefined();
    expect(joinValues(['x', 'y,z'])).toBe('x,y%2Cz');
  });
});

describe('the change log in the URL', () => {
  it('keeps real dates and known kinds only', () => {
    expect(
      changesViewFromQuery({ from: '2026-02-30', to: '2026-03-01', kind: 'changed,bogus,new', page: '2' }),
    ).toEqual({
      to: '2026-03-01',
      kinds: ['changed', 'new'],
      page: 1,
    });
    expect(queryFromChangesView({ kinds: [], page: 0 })).toEqual({
      view: 'changes',
      from: undefined,
      to: undefined,
      kind: undefined,
      page: undefined,
    });
  });
});
