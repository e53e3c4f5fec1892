import { z } from 'zod';
import { DecimalString, IsoDate } from './schemas';

/**
 * The offline brand catalogue. Everything is answered from the ledger (works offline)
 * except catalogue:template.update, which downloads. Amounts (discount, limits, denominations,
 * shipping costs, VAT rate) are exact decimal text as the platform sent them. Enumeration values
 * the spec does not list are kept as sent and marked `known: false`.
 */

export const FACET_NAMES = [
  'category', 'currency', 'country', 'type', 'status', 'delivery', 'transaction', 'redemption', 'stocked', 'async',
] as const; // prettier-ignore
const FacetName = z.enum(FACET_NAMES);
const Slug = z.string().min(1).max(200);
const Text = z.string().nullable();
/** A value with its words; `known` false for a value the spec does not list (shown as sent). */
const Labelled = z.object({ value: z.string(), label: z.string(), known: z.boolean() });

/**
 * Filters: per facet, the values to keep (alternatives within a facet, all facets combined).
 * `stocked` and `async` take "true" / "false".
 */
const FacetFilters = z.partialRecord(FacetName, z.array(z.string().max(200)).max(50));

const BrandSummary = z.object({
  slug: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  currency: z.string(),
  discount: DecimalString.nullable(),
  lastUpdated: Text,
  categories: z.array(z.string()),
  countries: z.array(z.string()),
  gcPool: z.boolean().nullable(),
  asyncOnly: z.boolean().nullable(),
  vanished: z.boolean(),
});

/** Counts obey every other facet's filter but not the facet's own (so each value shows what it adds). */
const FacetCounts = z.object({
  facet: FacetName,
  title: z.string(),
  values: z.array(Labelled.extend({ count: z.number().int().nonnegative(), selected: z.boolean() })),
  /** Brands counted under values the spec does not know. */
  unknownCount: z.number().int().nonnegative(),
});

/** How a face value is checked: open range in steps, fixed denominations, or not at all (and why). */
const FaceValueRule = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('open'),
    lower: z.string(),
    upper: z.string(),
    minorUnit: z.string(),
    /** 'currency': the platform sent no minor_unit; the currency's smallest unit is assumed. */
    minorUnitFrom: z.enum(['platform', 'currency']),
  }),
  z.object({
    kind: z.literal('fixed'),
    values: z.array(z.string()),
    from: z.enum(['denominations', 'digital_denominations']),
  }),
  z.object({ kind: z.literal('none'), why: z.string() }),
]);

/** Only an https link with a proper host is openable (through the shell's vetted path); else text. */
const BrandLink = z.discriminatedUnion('openable', [
  z.object({ openable: z.literal(true), url: z.string(), host: z.string() }),
  z.object({ openable: z.literal(false), text: z.string(), why: z.string() }),
]);

const Operation = z.object({
  transactionType: z.string(),
  known: z.boolean(),
  label: z.string(),
  /** method as the spec writes it (POST, DEL); httpMethod what it means (DEL → DELETE). */
  endpoints: z.array(
    z.object({ method: z.string(), httpMethod: z.string(), path: z.string(), explanation: z.string() }),
  ),
});

const BrandDetail = z.object({
  slug: z.string(),
  name: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  vanishedAt: Text,
  status: Labelled.extend({ reason: Text, purchasable: z.boolean() }),
  type: Labelled,
  currency: z.string(),
  discount: Text,
  lastUpdated: Text,
  /** Only where the platform sent it (GBP brands). */
  vat: z.object({ exempt: z.boolean().nullable(), type: Text, rate: Text }).nullable(),
  countries: z.array(z.string()),
  categories: z.array(Labelled),
  deliveryMethods: z.array(Labelled),
  stocked: z.boolean().nullable(),
  asyncOnly: z.boolean().nullable(),
  faceValues: z.object({ digital: FaceValueRule, physical: FaceValueRule }),
  shippingMethods: z.array(
    z.object({
      identifier: z.string(),
      description: z.string(),
      cost: z.object({ amount: z.string(), currency: z.string() }).nullable(),
    }),
  ),
  choices: z.array(z.object({ name: Text, slug: Text, json: z.string() })).nullable(),
  operations: z.array(Operation),
  /** Load a cached image with catalogue:asset {slug, kind} when `cached`. */
  images: z.array(
    z.object({
      kind: z.enum(['logo', 'gift_card']),
      url: z.string(),
      cached: z.boolean(),
      fetchedAt: Text,
      error: Text,
    }),
  ),
  description: Text,
  redemptionMethods: z.array(Labelled),
  barcode: Labelled.nullable(),
  expiry: Text,
  digitalActivationLimit: Text,
  restrictions: z.object({ digital: Text, physical: Text, inStore: Text, online: Text }),
  cancellationWindows: z.object({ digital: Text, physical: Text }),
  termsText: Text,
  links: z.array(z.object({ key: z.string(), label: z.string(), link: BrandLink })),
  otherAttributes: z.array(z.object({ key: z.string(), json: z.string() })),
});

const ChangeKind = z.enum(['new', 'vanished', 'returned', 'changed']);

const TemplateView = z.object({
  brand: z.string(),
  name: z.string(),
  localVersion: Text,
  platformVersion: z.string(),
  checkedAt: z.string(),
  downloadedAt: Text,
  stale: z.boolean(),
  previewable: z.boolean(),
});
const TemplateRef = z.object({ brand: Slug, name: z.string().min(1).max(200) }).strict();

export const catalogueContract = {
  /** Full-text search (prefix words, bm25 ranking: name first) with facet filters, counts, sort and paging. */
  'catalogue:search': {
    input: z
      .object({
        text: z.string().max(500).optional(),
        filters: FacetFilters.optional(),
        includeVanished: z.boolean().optional(),
        /** Default: relevance with text, else name. */
        sort: z.enum(['relevance', 'name', 'discount', 'lastUpdated']).optional(),
        direction: z.enum(['asc', 'desc']).optional(),
        offset: z.number().int().nonnegative().max(1_000_000).optional(),
        limit: z.number().int().min(1).max(500).optional(),
      })
      .strict(),
    output: z.object({
      total: z.number().int().nonnegative(),
      offset: z.number().int().nonnegative(),
      limit: z.number().int().positive(),
      sort: z.enum(['relevance', 'name', 'discount', 'lastUpdated']),
      direction: z.enum(['asc', 'desc']),
      words: z.array(z.string()),
      brands: z.array(BrandSummary),
      facets: z.array(FacetCounts),
    }),
  },
  /** One brand's page: every attribute in words, face-value rules, operations, detail, vetted links. */
  'catalogue:brand': { input: z.object({ slug: Slug }).strict(), output: BrandDetail },
  /** Is this face value valid for this brand's digital or physical cards? Why, and the valid values near it. */
  'catalogue:face-value.check': {
    input: z
      .object({ slug: Slug, card: z.enum(['digital', 'physical']), value: z.string().max(64) })
      .strict(),
    output: z.object({
      accepted: z.boolean(),
      reason: z.string(),
      near: z.array(z.string()),
      rule: FaceValueRule,
    }),
  },
  /** The change log across syncs, newest first; dates inclusive (UTC day of observation). */
  'catalogue:changes': {
    input: z
      .object({
        from: IsoDate.optional(),
        to: IsoDate.optional(),
        kinds: z.array(ChangeKind).max(4).optional(),
        /** Attributes of 'changed' rows, e.g. status, discount, denominations, transaction_types. */
        attributes: z.array(z.string().min(1).max(100)).max(50).optional(),
        slug: Slug.optional(),
        offset: z.number().int().nonnegative().optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      })
      .strict(),
    output: z.object({
      total: z.number().int().nonnegative(),
      offset: z.number().int().nonnegative(),
      limit: z.number().int().positive(),
      changes: z.array(
        z.object({
          id: z.number().int().positive(),
          slug: z.string(),
          name: z.string(),
          syncRunId: z.number().int().positive().nullable(),
          observedAt: z.string(),
          kind: z.string(),
          attribute: Text,
          /** Canonical JSON as recorded; null when the attribute was absent. */
          oldValue: Text,
          newValue: Text,
          summary: z.string(),
        }),
      ),
    }),
  },
  /** Local template copies against the platform's latest known versions (one brand, or all). */
  'catalogue:templates': {
    input: z.object({ brand: Slug.optional() }).strict(),
    output: z.object({ templates: z.array(TemplateView) }),
  },
  /** Download the latest known version of one stale template (needs the platform). */
  'catalogue:template.update': {
    input: TemplateRef,
    output: z.object({ template: TemplateView, updated: z.boolean() }),
  },
  /**
   * The local copy's HTML, sanitised (no scripts, handlers or remote references; its own images and
   * CSS inlined). The shells serve it as its own document at /preview/template/<brand>/<name> with
   * its own CSP (see shared/security/template-preview.ts), shown in an iframe with `sandbox=""`.
   */
  'catalogue:template.preview': {
    input: TemplateRef,
    output: z.object({ html: z.string(), version: z.string() }),
  },
  /** A cached brand image as base64 (PNG, JPEG, GIF or WebP, at most 2 MB): show as a data: URL. */
  'catalogue:asset': {
    input: z.object({ slug: Slug, kind: z.enum(['logo', 'gift_card']) }).strict(),
    output: z.object({
      contentType: z.string(),
      base64: z.string(),
      bytes: z.number().int().nonnegative(),
      fetchedAt: z.string(),
    }),
  },
} as const;
