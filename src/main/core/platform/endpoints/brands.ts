import { brandsDataSchema, type BrandsData } from '../schemas';
import type { Transport } from '../http';
import { callJson } from './call';

export interface BrandFilters {
  /** One brand by slug (the only signed GET parameter). */
  brand?: string;
  /** Include each brand's detail block. */
  detail?: boolean;
  country?: string;
  currency?: string;
  category?: string;
}

/** GET brands: the catalogue (or one brand), normalised to a list whatever shape the platform used. */
export function listBrands(
  transport: Transport,
  filters: BrandFilters = {},
  signal?: AbortSignal,
): Promise<BrandsData> {
  return callJson(
    transport,
    {
      method: 'GET',
      path: 'brands',
      query: {
        brand: filters.brand,
        detail: filters.detail === undefined ? undefined : String(filters.detail),
        country: filters.country,
        currency: filters.currency,
        category: filters.category,
      },
      signedParams: filters.brand === undefined ? [] : [filters.brand],
      retry: 'safe',
      signal,
    },
    brandsDataSchema,
  );
}
