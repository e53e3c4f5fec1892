/**
 * A brand's page: every attribute the spec describes, in plain words, read from the brand as the
 * platform sent it (parsed losslessly: amounts are exact text). Unknown enumeration values are
 * shown as sent and marked unknown; attributes the spec does not describe are listed as they came.
 */
import { BARCODE_TYPES, CATEGORIES } from '../../../shared/domain/platform';
import { normaliseBrandObject } from '../platform/schemas/brands';
import { parseLossless } from '../platform/wire';
import type { StoredAsset, StoredBrandPage } from '../ledger/repositories/catalogue-search';
import { faceValueRule } from './face-value-rules';
import type { FaceValueRule } from './face-value';
import { facetValueLabel, isKnownFacetValue } from './facet-labels';
import { vetLink, type BrandLink } from './links';
import { brandOperations, type BrandOperation } from './operations';

export interface Labelled {
  value: string;
  label: string;
  known: boolean;
}

export interface BrandDetail {
  slug: string;
  name: string;
  firstSeenAt: string;
  lastSeenAt: string;
  vanishedAt: string | null;
  status: Labelled & { reason: string | null; purchasable: boolean };
  type: Labelled;
  currency: string;
  discount: string | null;
  lastUpdated: string | null;
  vat: { exempt: boolean | null; type: string | null; rate: string | null } | null;
  countries: string[];
  categories: Labelled[];
  deliveryMethods: Labelled[];
  stocked: boolean | null;
  asyncOnly: boolean | null;
  faceValues: { digital: FaceValueRule; physical: FaceValueRule };
  shippingMethods: Array<{
    identifier: string;
    description: string;
    cost: { amount: string; currency: string } | null;
  }>;
  /** Elements of a choice-link (shape undocumented): name and slug when present, and the JSON as sent. */
  choices: Array<{ name: string | null; slug: string | null; json: string }> | null;
  operations: BrandOperation[];
  images: Array<{
    kind: 'logo' | 'gift_card';
    url: string;
    cached: boolean;
    fetchedAt: string | null;
    error: string | null;
  }>;
  description: string | null;
  redemptionMethods: Labelled[];
  barcode: Labelled | null;
  expiry: string | null;
  digitalActivationLimit: string | null;
  restrictions: {
    digital: string | null;
    physical: string | null;
    inStore: string | null;
    online: string | null;
  };
  cancellationWindows: { digital: string | null; physical: string | null };
  termsText: string | null;
  links: Array<{ key: string; label: string; link: BrandLink }>;
  /** Attributes the spec does not describe, as sent (canonical JSON). */
  otherAttributes: Array<{ key: string; json: string }>;
}

type Json = Readonly<Record<string, unknown>>;
const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const flag = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

const LINKS: ReadonlyArray<[string, string]> = [
  ['website_url', 'Website'],
  ['terms_and_conditions_url', 'Terms and conditions'],
  ['faq_url', 'Questions and answers'],
  ['balance_enquiry_url', 'Balance enquiry'],
  ['redemption_instructions_url', 'How to redeem'],
];
const SPEC_KEYS = new Set([
  'slug', 'name', 'type', 'status', 'currency', 'discount', 'last_updated', 'transaction_types', 'delivery_methods',
  'countries_served', 'gc_pool', 'async_only', 'categories', 'vat', 'choices', 'digital_face_value_limits',
  'physical_face_value_limits', 'denominations', 'digital_denominations', 'shipping_methods', 'detail', 'last_refreshed_at',
]); // prettier-ignore

function barcode(value: string | null): Labelled | null {
  if (value === null) return null;
  const known = (BARCODE_TYPES as readonly string[]).includes(value);
  return { value, known, label: value === 'NONE' ? 'No barcode' : value };
}

function images(detail: Json, assets: readonly StoredAsset[]): BrandDetail['images'] {
  const named = record(detail.assets);
  const out: BrandDetail['images'] = [];
  for (const [kind, key] of [
    ['logo', 'logo_url'],
    ['gift_card', 'gift_card_url'],
  ] as const) {
    const url = text(named[key]);
    if (url === null) continue;
    const stored = assets.find((asset) => asset.kind === kind);
    out.push({
      kind,
      url,
      cached: stored?.filePath !== null && stored?.filePath !== undefined,
      fetchedAt: stored?.fetchedAt ?? null,
      error: stored?.error ?? null,
    });
  }
  return out;
}

export function brandDetail(stored: StoredBrandPage, assets: readonly StoredAsset[]): BrandDetail {
  const parsed = parseLossless(stored.data);
  const brand = normaliseBrandObject({ ...record(parsed) });
  const detail = record(brand.detail);
  const status = record(brand.status);
  const statusCode = text(status.code) ?? '';
  const vat = brand.vat === undefined ? null : record(brand.vat);
  const labelled =
    (facet: Parameters<typeof facetValueLabel>[0]) =>
    (value: string): Labelled => ({
      value,
      label: facetValueLabel(facet, value),
      known: isKnownFacetValue(facet, value),
    });
  return {
    slug: stored.slug,
    name: stored.name,
    firstSeenAt: stored.firstSeenAt,
    lastSeenAt: stored.lastSeenAt,
    vanishedAt: stored.vanishedAt,
    status: {
      ...labelled('status')(statusCode),
      reason: text(status.reason),
      purchasable: statusCode === 'ENABLED',
    },
    type: labelled('type')(text(brand.type) ?? ''),
    currency: text(brand.currency) ?? '',
    discount: text(brand.discount),
    lastUpdated: text(brand.last_updated),
    vat: vat === null ? null : { exempt: flag(vat.exempt), type: text(vat.type), rate: text(vat.rate) },
    countries: texts(brand.countries_served),
    categories: texts(brand.categories).map((code) => ({
      value: code,
      label: CATEGORIES[code] ?? code,
      known: Object.hasOwn(CATEGORIES, code),
    })),
    deliveryMethods: texts(brand.delivery_methods).map(labelled('delivery')),
    stocked: flag(brand.gc_pool),
    asyncOnly: flag(brand.async_only),
    faceValues: { digital: faceValueRule(brand, 'digital'), physical: faceValueRule(brand, 'physical') },
    shippingMethods: (Array.isArray(brand.shipping_methods) ? brand.shipping_methods : []).map((item) => {
      const method = record(item);
      const cost = record(method.cost);
      const amount = text(cost.amount);
      const currency = text(cost.currency);
      return {
        identifier: text(method.identifier) ?? '',
        description: text(method.description) ?? '',
        cost: amount === null || currency === null ? null : { amount, currency },
      };
    }),
    choices: Array.isArray(brand.choices)
      ? brand.choices.map((choice) => ({
          name: text(record(choice).name),
          slug: text(record(choice).slug),
          json: JSON.stringify(choice),
        }))
      : null,
    operations: brandOperations(texts(brand.transaction_types)),
    images: images(detail, assets),
    description: text(detail.description),
    redemptionMethods: texts(detail.redemption_methods).map(labelled('redemption')),
    barcode: barcode(text(detail.barcode)),
    expiry: text(detail.expiry),
    digitalActivationLimit: text(detail.digital_activation_limit),
    restrictions: {
      digital: text(detail.digital_general_restrictions),
      physical: text(detail.physical_general_restrictions),
      inStore: text(detail.instore_order_restrictions),
      online: text(detail.online_order_restrictions),
    },
    cancellationWindows: {
      digital: text(detail.digital_cancellation_window),
      physical: text(detail.physical_cancellation_window),
    },
    termsText: text(detail.terms_and_conditions_copy),
    links: LINKS.flatMap(([key, label]) => {
      const raw = text(detail[key]);
      return raw === null ? [] : [{ key, label, link: vetLink(raw) }];
    }),
    otherAttributes: Object.keys(brand)
      .filter((key) => !SPEC_KEYS.has(key) && brand[key] !== undefined)
      .sort()
      .map((key) => ({ key, json: JSON.stringify(brand[key]) })),
  };
}
