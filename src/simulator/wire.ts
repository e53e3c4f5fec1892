/**
 * World → wire JSON, as the platform writes it. Amounts the platform sends as JSON numbers are
 * JsonNumbers built from exact minor units; amounts it sends as strings are exact decimal text.
 * Timestamps are written in the platform's zone (`zone`, an IANA name) with its offset.
 */
import { amountNumber, JsonNumber, minorToDecimal, writeJson, type JsonValue } from './json';
import type { BrandDetail, OpenValueLimits, SimBrand, SimFloat, SimTemplate, SimTransfer } from './model';
import { isoTime } from './time';

export { isoTime };

export function money(minor: bigint, exponent: number, currency: string): JsonValue {
  return { amount: amountNumber(minor, exponent), currency };
}

/** One float entry of GET /check-floats. */
export function floatEntry(float: SimFloat, pendingMinor: bigint): JsonValue {
  return {
    available_balance: money(float.availableMinor, float.exponent, float.currency),
    pending_payments: money(pendingMinor, float.exponent, float.currency),
  };
}

/**
 * `data` of GET /check-floats: floats grouped by currency (first-seen order), then by name. No floats
 * at all (e.g. no float in the filtered currency): `floats` is `[]`, PHP's empty array.
 */
export function checkFloatsData(
  floats: readonly SimFloat[],
  pending: (float: SimFloat) => bigint,
  now: number,
  legacyShape: boolean,
  zone: string,
): JsonValue {
  const byCurrency: Record<string, Record<string, JsonValue>> = Object.create(null);
  for (const float of floats) {
    const group = (byCurrency[float.currency] ??= Object.create(null) as Record<string, JsonValue>);
    group[float.name] = floatEntry(float, pending(float));
  }
  const refreshed = isoTime(now, zone);
  return legacyShape
    ? { ...byCurrency, last_refreshed_at: refreshed }
    : { floats: floats.length === 0 ? [] : byCurrency, last_refreshed_at: refreshed };
}

/** One item of GET /float/transfer-requests: amounts as decimal strings with the currency's decimals. */
export function transferWire(transfer: SimTransfer, zone: string): JsonValue {
  return {
    float: transfer.float,
    requested: {
      currency: transfer.currency,
      amount: minorToDecimal(transfer.requestedMinor, transfer.exponent),
    },
    approved:
      transfer.approvedMinor === null
        ? null
        : { currency: transfer.currency, amount: minorToDecimal(transfer.approvedMinor, transfer.exponent) },
    payment_reference: transfer.paymentReference,
    status: transfer.status,
    created_at: isoTime(transfer.createdAt, zone),
  };
}

/** "5" → "5.00", "17.5" → "17.50": the platform writes VAT rates as strings with two decimals. */
export function rateText(rate: string): string {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(rate);
  if (match === null) return rate;
  return `${match[1]}.${(match[2] ?? '').padEnd(2, '0')}`;
}

function limitsWire(limits: OpenValueLimits, exponent: number): JsonValue {
  return {
    lower: amountNumber(limits.lowerMinor, exponent),
    upper: amountNumber(limits.upperMinor, exponent),
    minor_unit: limits.hasMinorUnit ? amountNumber(limits.stepMinor, exponent) : undefined,
  };
}

const DETAIL_KEYS: ReadonlyArray<keyof BrandDetail> = [
  'assets',
  'balance_enquiry_url',
  'barcode',
  'description',
  'digital_activation_limit',
  'digital_cancellation_window',
  'digital_general_restrictions',
  'expiry',
  'instore_order_restrictions',
  'faq_url',
  'online_order_restrictions',
  'physical_cancellation_window',
  'physical_general_restrictions',
  'redemption_instructions_url',
  'redemption_methods',
  'terms_and_conditions_copy',
  'terms_and_conditions_url',
  'website_url',
];

export function detailWire(detail: BrandDetail): JsonValue {
  const out: Record<string, JsonValue> = {};
  for (const key of DETAIL_KEYS) {
    const value = detail[key];
    if (value !== undefined) out[key] = value as JsonValue;
  }
  return out;
}

/** VAT as the platform writes it: rate as a string with two decimals, or for some brands a JSON number. */
function vatWire(vat: NonNullable<SimBrand['vat']>): JsonValue {
  const text = rateText(vat.rate);
  const rate =
    vat.rateAsNumber === true && /^\d+\.\d+$/.test(text) ? new JsonNumber(text.replace(/\.?0+$/, '')) : text;
  return { exempt: vat.exempt, type: vat.type, rate };
}

/** A brand object as GET /brands writes it; `detail` only when asked for. */
export function brandWire(brand: SimBrand, withDetail: boolean, zone: string): JsonValue {
  const { exponent, currency } = brand;
  return {
    slug: brand.slug,
    name: brand.name,
    type: brand.type,
    status: { code: brand.status.code, reason: brand.status.reason },
    currency,
    discount: new JsonNumber(brand.discount),
    last_updated: isoTime(brand.lastUpdated, zone),
    transaction_types: brand.transactionTypes,
    delivery_methods: brand.deliveryMethods,
    countries_served: brand.countriesServed,
    gc_pool: brand.gcPool,
    async_only: brand.asyncOnly,
    categories: brand.categories,
    vat: brand.vat && vatWire(brand.vat),
    choices: brand.choices?.map((choice) => ({ slug: choice.slug, name: choice.name })),
    digital_face_value_limits:
      brand.digitalFaceValueLimits && limitsWire(brand.digitalFaceValueLimits, exponent),
    physical_face_value_limits:
      brand.physicalFaceValueLimits && limitsWire(brand.physicalFaceValueLimits, exponent),
    denominations: brand.denominationsMinor?.map((minor) => minorToDecimal(minor, exponent)),
    digital_denominations: brand.denominationsMinor?.map((minor) => amountNumber(minor, exponent)),
    shipping_methods: brand.shippingMethods?.map((method) => ({
      [method.identifier]: {
        identifier: method.identifier,
        description: method.description,
        cost: { currency, amount: amountNumber(method.costMinor, exponent) },
      },
    })),
    detail: withDetail ? detailWire(brand.detail) : undefined,
  };
}

/** What the world's rules change on a brand, as it was when the bytes were cached. */
interface BrandCacheEntry {
  zone: string;
  lastUpdated: number;
  status: SimBrand['status'];
  code: string;
  reason: string | undefined;
  discount: string;
  denominations: readonly bigint[] | undefined;
  denominationsText: string;
  transactionTypes: number;
  plain?: Buffer;
  detail?: Buffer;
}

const brandCache = new WeakMap<SimBrand, BrandCacheEntry>();

function stillValid(entry: BrandCacheEntry, brand: SimBrand, zone: string): boolean {
  return (
    entry.zone === zone &&
    entry.lastUpdated === brand.lastUpdated &&
    entry.status === brand.status &&
    entry.code === brand.status.code &&
    entry.reason === brand.status.reason &&
    entry.discount === brand.discount &&
    entry.transactionTypes === brand.transactionTypes.length &&
    entry.denominations === brand.denominationsMinor &&
    (brand.denominationsMinor === undefined || entry.denominationsText === brand.denominationsMinor.join(','))
  );
}

/** Forget a brand's cached bytes (after the admin API changes it). */
export function invalidateBrand(brand: SimBrand): void {
  brandCache.delete(brand);
}

/** `"slug":{...}` for one brand, serialised once and reused until the brand changes. */
export function brandEntryBytes(brand: SimBrand, withDetail: boolean, zone: string): Buffer {
  let entry = brandCache.get(brand);
  if (entry === undefined || !stillValid(entry, brand, zone)) {
    entry = {
      zone,
      lastUpdated: brand.lastUpdated,
      status: brand.status,
      code: brand.status.code,
      reason: brand.status.reason,
      discount: brand.discount,
      denominations: brand.denominationsMinor,
      denominationsText: brand.denominationsMinor?.join(',') ?? '',
      transactionTypes: brand.transactionTypes.length,
    };
    brandCache.set(brand, entry);
  }
  const key = withDetail ? 'detail' : 'plain';
  let bytes = entry[key];
  if (bytes === undefined) {
    bytes = Buffer.from(
      `${JSON.stringify(brand.slug)}:${writeJson(brandWire(brand, withDetail, zone))}`,
      'utf8',
    );
    entry[key] = bytes;
  }
  return bytes;
}

/** `data.templates`: {brand: {template name: version}}; `[]` when there are none, like `data.brands`. */
export function templatesData(templates: readonly SimTemplate[]): JsonValue {
  const out: Record<string, Record<string, string>> = Object.create(null);
  for (const template of templates)
    (out[template.brand] ??= Object.create(null) as Record<string, string>)[template.name] = template.version;
  return { templates: Object.keys(out).length === 0 ? [] : out };
}
