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

/**
 * The older shape: every key that looks like a currency code is a currency group; other keys
 * (`last_refreshed_at`, fields added later) pass through. A `floats` key means the current shape,
 * so it is refused here and the current shape's problem is the one reported.
 */
const legacyShape = z
  .looseRecord(currencyCode, floatGroup, { error: expecting('an object') })
  .refine((data) => !('floats' in data), { error: 'the current shape was expected here', path: ['floats'] })
  .refine((data) => data.last_refreshed_at == null || typeof data.last_refreshed_at === 'string', {
    error: 'expected text',
    path: ['last_refreshed_at'],
  })
  .transform((data) => {
    const groups: Groups = {};
    for (const [key, group] of Object.entries(data)) if (/^[A-Z]{3}$/.test(key)) groups[key] = group;
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
