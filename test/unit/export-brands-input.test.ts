import { describe, expect, it } from 'vitest';
import { catalogueInput } from '../../src/main/core/export/tables/brands';

describe('the brands export asks the catalogue search what the Brands screen asks', () => {
  it('passes text, facets, vanished and sort through; shorthands add to their facet', () => {
    expect(
      catalogueInput({
        text: '  crème ',
        facets: { currency: ['EUR'], type: ['gift-card'] },
        currency: 'GBP',
        status: 'ENABLED',
        includeVanished: true,
        sort: 'discount',
        direction: 'desc',
      }),
    ).toEqual({
      text: 'crème',
      filters: { currency: ['EUR', 'GBP'], type: ['gift-card'], status: ['ENABLED'] },
      includeVanished: true,
      sort: 'discount',
      direction: 'desc',
      offset: 0,
      limit: Number.MAX_SAFE_INTEGER,
    });
  });

  it('every brand in the default order when nothing is chosen', () => {
    expect(catalogueInput()).toEqual({ filters: {}, offset: 0, limit: Number.MAX_SAFE_INTEGER });
    expect(catalogueInput({ currency: 'GBP', facets: { currency: ['GBP'] } }).filters).toEqual({
      currency: ['GBP'],
    });
  });
});
