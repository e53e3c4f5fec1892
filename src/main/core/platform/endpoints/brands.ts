import { brandsDataSchema, type BrandsData } from '../schemas';
import type { Transport } from '../http';
import { inParsedOrder, type MemberTexts } from '../wire-scan';
import { callJsonWithMembers } from './call';

export interface BrandFilters {
  /** One brand by slug (the only signed GET parameter). */
  brand?: string;
  /** Include each brand's detail block. */
  detail?: boolean;
  country?: string;
  currency?: string;
  category?: string;
}

/**
 * The catalogue, normalised to a list whatever shape the platform used, with `sentTexts[i]` the
 * exact JSON text the platform sent for `brands[i]` (numbers as written, before any normalising),
 * when the answer allows pairing them.
 */
export type BrandsAnswer = BrandsData & { sentTexts: string[] | undefined };

/** GET brands: the catalogue (or one brand). */
export async function listBrands(
  transport: Transport,
  filters: BrandFilters = {},
  signal?: AbortSignal,
): Promise<BrandsAnswer> {
  const { data, members } = await callJsonWithMembers(
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
    ['data', 'brands'],
  );
  return { ...data, sentTexts: sentTexts(members, data.brands.length) };
}

/**
 * Each brand's text in the order of the schema's list. When they cannot be paired one to one (an
 * answer the schema accepted through some path the scan does not follow), none: the sync then
 * stores each brand as re-serialised JSON instead.
 */
function sentTexts(members: MemberTexts | undefined, count: number): string[] | undefined {
  if (members === undefined) return undefined;
  const texts = members.kind === 'array' ? members.members : inParsedOrder(members.members);
  return texts.length === count ? texts : undefined;
}
