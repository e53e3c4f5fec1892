/**
 * `data` of GET /check-floats, in both shapes the platform sends (platform-notes.md, "Floats"):
 *   current: {"floats": {"GBP": {"Main": {available_balance, pending_payments}}}, "last_refreshed_at"}
 *   older:   {"GBP": {"Main": {...}}, "last_refreshed_at"}        (currencies directly under data)
 * Amounts are JSON numbers on the wire; they arrive as exact decimal text. Either shape becomes one
 * flat list in wire order, each entry knowing its currency group and float name. An empty map may
 * come as `[]`.
 */
import { z } from 'zod';
import {
  currencyCode,
  emptyList,
  expecting,
  object,
  optional,
  record,
  text,
  wireMoney,
  type WireMoney,
} from './primitives';

const floatEntry = object(
  { available_balance: wireMoney, pending_payments: wireMoney },
  'an object {available_balance, pending_payments}',
);
const floatGroup = z.union([record(z.string(), floatEntry), emptyList]);
const lastRefreshed = optional(text);

export interface WireFloatBalance {
  /** The currency group the float is listed under. */
  currency: string;
  /** The float's name (its key in the group). */
  name: string;
  available_balance: WireMoney;
  pending_payments: WireMoney;
  [extra: string]: unknown;
}

export interface CheckFloatsData {
  floats: WireFloatBalance[];
  last_refreshed_at: string | undefined;
  /** Which of the two shapes the platform answered in (for the log). */
  shape: 'current' | 'legacy';
}

type Groups = Record<string, z.output<typeof floatGroup>>;

function flatten(groups: Groups, lastRefreshedAt: string | undefined, shape: CheckFloatsData['shape']) {
  const floats: WireFloatBalance[] = [];
  for (const [currency, group] of Object.entries(groups)) {
    if (Array.isArray(group)) continue;
    for (const [name, entry] of Object.entries(group)) floats.push({ ...entry, currency, name });
  }
  return { floats, last_refreshed_at: lastRefreshedAt, shape } satisfies CheckFloatsData;
}

const currentShape = object({
  floats: z.union([record(currencyCode, floatGroup), emptyList]),
  last_refreshed_at: lastRefreshed,
}).transform((data) =>
  flatten(Array.isArray(data.floats) ? {} : data.floats, data.last_refreshed_at, 'current'),
);

/** Keys of the older shape that are not currency groups: the platform's own metadata. */
const LEGACY_METADATA: ReadonlySet<string> = new Set(['last_refreshed_at']);
const CURRENCY_KEY = /^[A-Z]{3}$/;

/**
 * A key of the older shape that holds an object or a list but is not a currency code: it could be a
 * currency group FloatDesk cannot read ("gbp", "GBP "), and dropping it would give a partial answer.
 * The same rule as the current shape, whose `floats` keys must all be currency codes. Scalar fields
 * (a number, text, true/false, null) cannot be currency groups and pass through.
 */
function groupLikeKey(data: Record<string, unknown>): string | undefined {
  for (const [key, value] of Object.entries(data)) {
    if (CURRENCY_KEY.test(key) || LEGACY_METADATA.has(key)) continue;
    if (typeof value === 'object' && value !== null) return key;
  }
  return undefined;
}

/**
 * The older shape: every key that looks like a currency code is a currency group; `last_refreshed_at`
 * and scalar fields added later pass through; any other key holding an object or list is refused
 * (see groupLikeKey). A `floats` key means the current shape, so it is refused here and the current
 * shape's problem is the one reported.
 */
const legacyShape = z
  .looseRecord(currencyCode, floatGroup, { error: expecting('an object') })
  .refine((data) => !('floats' in data), { error: 'the current shape was expected here', path: ['floats'] })
  .refine((data) => data.last_refreshed_at == null || typeof data.last_refreshed_at === 'string', {
    error: 'expected text',
    path: ['last_refreshed_at'],
  })
  .check((context) => {
    const key = groupLikeKey(context.value);
    if (key === undefined) return;
    context.issues.push({
      code: 'custom',
      input: context.value[key],
      path: [key],
      message: 'not an accepted key (expected a three-letter currency code)',
    });
  })
  .transform((data) => {
    const groups: Groups = {};
    for (const [key, group] of Object.entries(data)) if (CURRENCY_KEY.test(key)) groups[key] = group;
    const refreshed = data.last_refreshed_at as unknown;
    return flatten(groups, typeof refreshed === 'string' ? refreshed : undefined, 'legacy');
  });

/** A bare `[]` for `data`: no floats and nothing else. */
const nothing = emptyList.transform((): CheckFloatsData => ({
  floats: [],
  last_refreshed_at: undefined,
  shape: 'legacy',
}));

export const checkFloatsDataSchema: z.ZodType<CheckFloatsData> = z.union([
  currentShape,
  legacyShape,
  nothing,
]);
