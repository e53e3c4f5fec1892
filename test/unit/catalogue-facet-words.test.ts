/** The catalogue's facets read in words: no field name of the platform (gc_pool, async_only) shows. */
import { describe, expect, it } from 'vitest';
import { FACET_TITLES, facetValueLabel } from '../../src/main/core/catalogue/facet-labels';

describe('catalogue facet words', () => {
  it('titles name no platform field', () => {
    for (const title of Object.values(FACET_TITLES)) expect(title).not.toMatch(/_|\(/);
    expect(FACET_TITLES.stocked).toBe('Cards from a stocked pool');
    expect(FACET_TITLES.async).toBe('Fulfilled later');
  });

  it('yes/no facets answer in words', () => {
    expect(facetValueLabel('stocked', 'true')).toBe('Stocked');
    expect(facetValueLabel('stocked', 'false')).toBe('Not stocked');
    expect(facetValueLabel('async', 'true')).toBe('Fulfilled later');
    expect(facetValueLabel('async', 'false')).toBe('Answered at once');
  });
});
