/**
 * The brand diff: what changed between the catalogue the ledger holds and the one the platform just
 * listed. Pure (no database, no clock), so every rule is unit-tested.
 *
 * - A brand is stored as the JSON text the platform sent for it, so an unchanged brand gives the
 *   very same text and costs no parse and no diff. Different text is read back losslessly into the
 *   schema's shape on both sides and compared attribute by attribute.
 * - One 'changed' row per changed top-level attribute, named by its wire key ('status', 'discount',
 *   'denominations', 'digital_face_value_limits', ... and any key the platform adds later); the detail
 *   block is reported per field ('detail.description', 'detail.assets'). Old and new values are the
 *   canonical JSON of the values as sent; an attribute that appears or disappears has a null side.
 * - `slug`, `last_updated` and `last_refreshed_at` are kept in the data but never reported: the first
 *   is the identity, the other two move with every change or every sync.
 * - Lists without meaning in their order (transaction types, delivery methods, categories, countries,
 *   redemption methods) compare as sets; decimals in money-like attributes compare by value
 *   ("5.0" = "5"), so a reformatted number is not a change. The stored data still keeps what was sent.
 * - 'new' only when `recordNew` (the ledger already holds a complete catalogue), so a first sync does
 *   not flood the log; 'vanished' when a stored brand is no longer listed; 'returned' when a vanished
 *   brand is listed again (with 'changed' rows against how it looked when it vanished).
 * - A stored brand whose text no longer reads as a JSON object (damaged in the ledger) is replaced by
 *   what the platform sent, with no 'changed' rows (its old values are unknown), and named in
 *   `repaired` so the sync can say so. One damaged row never stops the catalogue from being saved.
 */
import { normaliseBrandObject } from '../platform/schemas/brands';
import { parseLossless } from '../platform/wire';
import { canonicalJson } from '../../../shared/domain/canonical-json';

export type BrandChangeKind = 'new' | 'changed' | 'vanished' | 'returned';

export interface BrandChange {
  kind: BrandChangeKind;
  /** Only for 'changed'. */
  attribute: string | null;
  /** Canonical JSON, or null when the attribute was absent. */
  oldValue: string | null;
  newValue: string | null;
}

/** A brand as the ledger holds it. */
export interface StoredBrand {
  id: number;
  /** The brand's JSON as stored (as the platform sent it). */
  data: string;
  vanished: boolean;
}

/** A brand as the platform lists it: any JSON object with at least a slug. */
export type WireBrandObject = Readonly<Record<string, unknown>> & { readonly slug: string };

export interface BrandWrite {
  slug: string;
  /** The ledger row to update; null for a brand seen for the first time. */
  id: number | null;
  name: string;
  currency: string;
  statusCode: string;
  /** The brand's JSON as the platform sent it (or JSON.stringify of it when the text is unknown). */
  data: string;
  /** False when the stored data is already exactly this (only last_seen_at moves). */
  dataChanged: boolean;
  /** False for a brand seen before that did not vanish. */
  returned: boolean;
  changes: BrandChange[];
}

export interface BrandPlan {
  writes: BrandWrite[];
  /** Stored, still-listed brands the platform no longer lists. */
  vanished: Array<{ id: number; slug: string }>;
  /** Brands that are new, returned, vanished, or whose data changed. */
  brandsChanged: number;
  /** Listed brands left out: no usable slug. */
  skipped: number;
  /** Slugs of stored brands whose data was damaged (not a JSON object), replaced by the platform's copy. */
  repaired: string[];
}

const NOT_REPORTED = new Set(['slug', 'last_updated', 'last_refreshed_at', 'detail']);
const SET_LIKE = new Set([
  'transaction_types',
  'delivery_methods',
  'categories',
  'countries_served',
  'detail.redemption_methods',
]);
const DECIMAL_VALUED = new Set([
  'discount',
  'denominations',
  'digital_denominations',
  'digital_face_value_limits',
  'physical_face_value_limits',
  'vat',
  'shipping_methods',
]);
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** "005.50" → "5.5", "-0.0" → "0": one spelling per value. */
function decimalKey(text: string): string {
  const match = DECIMAL.exec(text);
  if (match === null) return text;
  const whole = (match[2] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const sign = match[1] === '-' && (whole !== '0' || fraction !== '') ? '-' : '';
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

function withDecimalKeys(value: unknown): unknown {
  if (typeof value === 'string') return decimalKey(value);
  if (Array.isArray(value)) return value.map(withDecimalKeys);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withDecimalKeys(item)]));
  return value;
}

/** The text two values of `attribute` are compared by. */
function comparable(attribute: string, value: unknown): string {
  if (value === undefined || value === null) return 'null';
  let shaped = DECIMAL_VALUED.has(attribute) ? withDecimalKeys(value) : value;
  if (SET_LIKE.has(attribute) && Array.isArray(shaped))
    shaped = shaped.map(canonicalJson).sort().join('\u0000');
  return canonicalJson(shaped);
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function compareKeys(
  prefix: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  skip: ReadonlySet<string>,
  out: BrandChange[],
): void {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  for (const key of keys) {
    if (skip.has(key)) continue;
    const attribute = `${prefix}${key}`;
    const old = before[key];
    const now = after[key];
    if (comparable(attribute, old) === comparable(attribute, now)) continue;
    out.push({
      kind: 'changed',
      attribute,
      oldValue: old === undefined || old === null ? null : canonicalJson(old),
      newValue: now === undefined || now === null ? null : canonicalJson(now),
    });
  }
}

/** One 'changed' row per attribute that differs between two versions of a brand. */
export function diffBrand(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): BrandChange[] {
  const changes: BrandChange[] = [];
  compareKeys('', before, after, NOT_REPORTED, changes);
  compareKeys('detail.', asRecord(before.detail), asRecord(after.detail), new Set(), changes);
  return changes;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * A brand's text read back for comparison (numbers as exact text, the schema's shape); undefined when
 * the text is not a JSON object.
 */
function readBrandText(data: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = parseLossless(data);
  } catch {
    return undefined;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? normaliseBrandObject(value as Record<string, unknown>)
    : undefined;
}

/**
 * What to write for one catalogue: a write per listed brand (the last one wins when a slug is listed
 * twice), the stored brands that vanished, and the number of brands that changed. `sentTexts[i]` is
 * the JSON text the platform sent for `listed[i]`, stored as it came; without it a brand is stored
 * as JSON.stringify of the object.
 */
export function planBrands(
  stored: ReadonlyMap<string, StoredBrand>,
  listed: readonly WireBrandObject[],
  options: { recordNew: boolean; sentTexts?: readonly string[] },
): BrandPlan {
  const bySlug = new Map<string, { brand: WireBrandObject; text: string | undefined }>();
  let skipped = 0;
  for (let index = 0; index < listed.length; index++) {
    const brand = listed[index] as WireBrandObject;
    if (typeof brand.slug !== 'string' || brand.slug === '') skipped++;
    else bySlug.set(brand.slug, { brand, text: options.sentTexts?.[index] });
  }
  const writes: BrandWrite[] = [];
  const repaired: string[] = [];
  let brandsChanged = 0;
  for (const [slug, { brand, text: sent }] of bySlug) {
    // Stored as the platform sent it; the same text means unchanged. Different text is compared
    // attribute by attribute, so a mere change of key order or number spelling records no change.
    const data = sent ?? JSON.stringify(brand);
    const before = stored.get(slug);
    const changes: BrandChange[] = [];
    if (before === undefined && options.recordNew) changes.push(change('new'));
    if (before?.vanished) changes.push(change('returned'));
    const textChanged = before === undefined || before.data !== data;
    let attributesChanged = before === undefined;
    if (before !== undefined && textChanged) {
      const old = readBrandText(before.data);
      if (old === undefined) {
        repaired.push(slug);
        attributesChanged = true;
      } else {
        const differences = diffBrand(old, sent === undefined ? brand : (readBrandText(sent) ?? brand));
        attributesChanged = differences.length > 0;
        changes.push(...differences);
      }
    }
    const dataChanged = textChanged;
    if (attributesChanged || before?.vanished) brandsChanged++;
    writes.push({
      slug,
      id: before?.id ?? null,
      name: text(brand.name),
      currency: text(brand.currency),
      statusCode: text(asRecord(brand.status).code),
      data,
      dataChanged,
      returned: before?.vanished === true,
      changes,
    });
  }
  const vanished: BrandPlan['vanished'] = [];
  for (const [slug, brand] of stored)
    if (!brand.vanished && !bySlug.has(slug)) vanished.push({ id: brand.id, slug });
  return { writes, vanished, brandsChanged: brandsChanged + vanished.length, skipped, repaired };
}

function change(kind: BrandChangeKind): BrandChange {
  return { kind, attribute: null, oldValue: null, newValue: null };
}
