/**
 * A change-log value in plain words. The sync records old and new values as canonical JSON (exact
 * decimals as strings); a person reads "Enabled → Paused (Supplier review)", "4.5% → 5%",
 * "10 to 250 in steps of 0.01" or "10, 25 → 10, 25, 50 (added 50)". Pure; unknown attributes and
 * shapes fall back to a compact, readable rendering, never to raw JSON braces and quotes.
 */
import { facetValueLabel } from './facet-labels';
import type { FacetName } from './facet-index';

const MAX_WORDS = 160;
const LIST_LABELS: Readonly<Record<string, FacetName>> = {
  transaction_types: 'transaction',
  delivery_methods: 'delivery',
  categories: 'category',
  'detail.redemption_methods': 'redemption',
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function parse(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

function clip(text: string): string {
  return text.length > MAX_WORDS ? `${text.slice(0, MAX_WORDS - 1)}…` : text;
}

const isRecord = (value: Json): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Any value as short words: strings bare, lists comma-separated, objects "key value" pairs. */
function plain(value: Json): string {
  if (value === null) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(plain).join(', ');
  const entries = Object.entries(value);
  if (entries.length === 0) return 'none';
  return entries.map(([key, item]) => `${key.replaceAll('_', ' ')} ${plain(item)}`).join(', ');
}

function status(value: Json): string {
  if (!isRecord(value) || typeof value.code !== 'string') return plain(value);
  const words = facetValueLabel('status', value.code);
  return typeof value.reason === 'string' && value.reason.trim() !== ''
    ? `${words} (${value.reason.trim()})`
    : words;
}

function limits(value: Json): string {
  if (!isRecord(value)) return plain(value);
  const lower = value.lower === undefined ? '?' : plain(value.lower);
  const upper = value.upper === undefined ? '?' : plain(value.upper);
  const step = value.minor_unit === undefined ? '' : ` in steps of ${plain(value.minor_unit)}`;
  return `${lower} to ${upper}${step}`;
}

function vat(value: Json): string {
  if (!isRecord(value)) return plain(value);
  if (value.exempt === true) return 'exempt';
  const type = typeof value.type === 'string' ? `${value.type} ` : '';
  return `${type}${value.rate === undefined ? '' : `${plain(value.rate)}%`}`.trim() || plain(value);
}

function listItem(attribute: string, item: Json): string {
  const facet = LIST_LABELS[attribute];
  return facet !== undefined && typeof item === 'string' ? facetValueLabel(facet, item) : plain(item);
}

/** One side of a change in words. */
export function valueWords(attribute: string, value: Json): string {
  switch (attribute) {
    case 'status':
      return status(value);
    case 'discount':
      return typeof value === 'string' || typeof value === 'number' ? `${value}%` : plain(value);
    case 'digital_face_value_limits':
    case 'physical_face_value_limits':
      return limits(value);
    case 'vat':
      return vat(value);
    case 'type':
      return typeof value === 'string' ? facetValueLabel('type', value) : plain(value);
    default:
      return Array.isArray(value)
        ? value.length === 0
          ? 'none'
          : value.map((item) => listItem(attribute, item)).join(', ')
        : plain(value);
  }
}

/** For two lists: " (added x; removed y)", or '' when the change is not a plain add/remove. */
function listDelta(attribute: string, before: Json, after: Json): string {
  if (!Array.isArray(before) || !Array.isArray(after)) return '';
  const key = (item: Json): string => JSON.stringify(item);
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  const added = after.filter((item) => !had.has(key(item)));
  const removed = before.filter((item) => !has.has(key(item)));
  const parts = [
    added.length > 0 ? `added ${added.map((item) => listItem(attribute, item)).join(', ')}` : '',
    removed.length > 0 ? `removed ${removed.map((item) => listItem(attribute, item)).join(', ')}` : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? '' : ` (${parts.join('; ')})`;
}

/** "old → new" in words (with what a list gained or lost); one side absent reads "added"/"removed". */
export function changeWords(attribute: string, oldValue: string | null, newValue: string | null): string {
  const before = oldValue === null ? undefined : parse(oldValue);
  const after = newValue === null ? undefined : parse(newValue);
  const words = (value: Json | undefined, raw: string | null): string =>
    clip(value === undefined ? (raw ?? '') : valueWords(attribute, value));
  if (oldValue === null) return `added: ${words(after, newValue)}`;
  if (newValue === null) return `removed (was ${words(before, oldValue)})`;
  const delta = before !== undefined && after !== undefined ? listDelta(attribute, before, after) : '';
  return `${words(before, oldValue)} → ${words(after, newValue)}${delta}`;
}
