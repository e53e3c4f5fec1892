/**
 * `data` of GET /brands (spec "Brand" and "Brand detail object"; platform-notes.md "Brands and
 * templates"): {"brands": {slug: brand, ...} | [], "last_refreshed_at"}. The brands become one list
 * in wire order. Enumerations are open (an unknown type, status, delivery method, category, VAT type,
 * barcode or redemption method is kept, never a failure); numbers (discount, limits, denominations,
 * shipping costs, a VAT rate sent as a string or a number) are exact decimal text. `choices` elements
 * have no documented shape and are kept as they came. Each brand object is checked in place by the
 * field checks of fields.ts (every brand has a different set of keys, which makes per-key zod objects
 * slow on a full catalogue); the containers around it are zod.
 */
import { z } from 'zod';
import {
  anyField,
  asSchema,
  currencyField,
  decimalField,
  expected,
  flagField,
  isPlainObject,
  listField,
  objectField,
  optionalField,
  textField,
  type Field,
  type SpecOutput,
} from './fields';
import { list, object, optional, record, text } from './primitives';

const optionalText = optionalField(textField);
const texts = listField(textField);

/** `{amount, currency}`; amount exact. */
const money = objectField({ amount: decimalField, currency: currencyField }, 'an object {amount, currency}');

/** Open-value limits; `minor_unit` is missing on some physical limits (platform-notes.md). */
const faceValueLimits = objectField({
  lower: decimalField,
  upper: decimalField,
  minor_unit: optionalField(decimalField),
});

export interface WireShippingMethod {
  identifier: string;
  description: string;
  cost: SpecOutput<{ amount: typeof decimalField; currency: typeof currencyField }>;
  [extra: string]: unknown;
}

const shippingMethod = objectField({ identifier: optionalText, description: textField, cost: money });

/**
 * `[{"<identifier>": {identifier, description, cost}}, ...]` (one key per element) becomes one list
 * of methods; a method without its own `identifier` takes the key's.
 */
const shippingMethods: Field<WireShippingMethod[], false> = {
  optional: false,
  check: (value) => {
    if (!Array.isArray(value)) return expected('a list', value);
    for (let index = 0; index < value.length; index++) {
      const element: unknown = value[index];
      if (!isPlainObject(element)) return { path: [index], message: expected('an object', element).message };
      for (const key in element) {
        const methodProblem = shippingMethod.check(element[key]);
        if (methodProblem !== undefined)
          return { path: [index, key, ...methodProblem.path], message: methodProblem.message };
      }
    }
    return undefined;
  },
  convert: (value) =>
    (value as Array<Record<string, Record<string, unknown>>>).flatMap((element) =>
      Object.entries(element).map(([identifier, method]) => ({
        ...method,
        identifier: method.identifier ?? identifier,
      })),
    ),
};

/** Present only with detail=true; every attribute may be absent. */
const detail = objectField({
  assets: optionalField(objectField({ logo_url: optionalText, gift_card_url: optionalText })),
  balance_enquiry_url: optionalText,
  /** NONE, C128, ... (BARCODE_TYPES); unknown values kept. */
  barcode: optionalText,
  description: optionalText,
  digital_activation_limit: optionalText,
  digital_cancellation_window: optionalText,
  digital_general_restrictions: optionalText,
  expiry: optionalText,
  instore_order_restrictions: optionalText,
  faq_url: optionalText,
  online_order_restrictions: optionalText,
  physical_cancellation_window: optionalText,
  physical_general_restrictions: optionalText,
  redemption_instructions_url: optionalText,
  /** online, instore, phone (REDEMPTION_METHODS); unknown values kept. */
  redemption_methods: optionalField(texts),
  terms_and_conditions_copy: optionalText,
  terms_and_conditions_url: optionalText,
  website_url: optionalText,
});
export type WireBrandDetail = NonNullable<typeof detail.output>;

const brandFields = {
  slug: textField,
  name: textField,
  /** gift-card, choice-link (BRAND_TYPES); unknown values kept. */
  type: textField,
  /** code ENABLED, DISABLED, PAUSED (BRAND_STATUS_CODES), unknown codes kept; reason when not ENABLED. */
  status: objectField({ code: textField, reason: optionalText }),
  currency: currencyField,
  /** Percentage, exact. */
  discount: decimalField,
  last_updated: textField,
  /** TRANSACTION_TYPES; unknown values kept. */
  transaction_types: texts,
  /** code, url, email, wrapped (DELIVERY_METHODS); unknown values kept. */
  delivery_methods: texts,
  countries_served: texts,
  gc_pool: flagField,
  async_only: flagField,
  /** Category codes (CATEGORIES); unknown values kept. */
  categories: texts,
  /** Only for GBP brands. `type` MPV, SPV (VAT_TYPES), unknown kept; `rate` a string or a number. */
  vat: optionalField(objectField({ exempt: flagField, type: textField, rate: decimalField })),
  /** Choice-link products: the element shape is not documented, so elements are kept as they came. */
  choices: optionalField(listField(anyField)),
  digital_face_value_limits: optionalField(faceValueLimits),
  physical_face_value_limits: optionalField(faceValueLimits),
  /** Written as strings by the platform. */
  denominations: optionalField(listField(decimalField)),
  /** Written as numbers by the platform; the same exact text here. */
  digital_denominations: optionalField(listField(decimalField)),
  shipping_methods: optionalField(shippingMethods),
  detail: optionalField(detail),
  last_refreshed_at: optionalText,
};

export type WireBrand = SpecOutput<typeof brandFields>;

/** In the map form the key is the slug, so a brand object without its own `slug` is still whole. */
const brandInMapField = objectField({ ...brandFields, slug: optionalText });
const brandInMap = asSchema(brandInMapField);

/**
 * A brand object (as parsed losslessly from the text the platform sent) brought into the shape this
 * schema gives (shipping methods as one list, absent optional fields undefined), in place. A brand
 * that does not fit is brought as far as it fits: this only prepares two versions for comparison.
 */
export function normaliseBrandObject(value: Record<string, unknown>): Record<string, unknown> {
  brandInMapField.check(value);
  return value;
}
const brandInList = asSchema(objectField(brandFields));

const brandList = z.union([
  record(z.string(), brandInMap, 'an object keyed by brand slug').transform((map) =>
    Object.entries(map).map(([key, brand]): WireBrand => {
      if (brand.slug === undefined) brand.slug = key;
      return brand as WireBrand;
    }),
  ),
  list(brandInList),
]);

export const brandsDataSchema = object({ brands: brandList, last_refreshed_at: optional(text) });
export type BrandsData = z.output<typeof brandsDataSchema>;
