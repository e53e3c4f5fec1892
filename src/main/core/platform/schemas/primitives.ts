/**
 * Building blocks of the platform answer schemas. Input is what parseLossless produces, so every JSON
 * number arrives as its exact decimal text: numeric fields are strings here, and a text field also
 * accepts a number (as its text). Messages are short problems for a person ("expected a decimal
 * number"); decode.ts puts the endpoint and the field path in front of them. No message quotes the
 * value itself: answers can hold gift card codes, which must not end up in a log.
 */
import { z } from 'zod';
import { canonicalDecimal, isDecimalString } from '../../../../shared/domain/money';

/** A known value or any other text: the platform may add enum values at any time (keep, never fail). */
export type OpenEnum<Known extends string> = Known | (string & {});

type IssueInput = { code?: string; input?: unknown };

export const MISSING = 'missing';

/** "got ..." for a value that does not fit; never the value itself. */
export function describeInput(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  switch (typeof input) {
    case 'string':
      return isWireDecimal(input) ? 'a number' : 'text';
    case 'number':
    case 'bigint':
      return 'a number';
    case 'boolean':
      return 'true/false';
    case 'object':
      return 'an object';
    default:
      return typeof input;
  }
}

/**
 * An error function: "missing" when the field is absent, else `expected` plus what came instead.
 * A record's bad key is left to decode.ts, which words it as a key problem.
 */
export function expecting(expected: string): (issue: IssueInput) => string | undefined {
  return (issue) => {
    if (issue.code === 'invalid_key') return undefined;
    return issue.input === undefined ? MISSING : `expected ${expected}, got ${describeInput(issue.input)}`;
  };
}

const PLAIN_DECIMAL = /^-?\d{1,30}(?:\.\d{1,30})?$/;

/**
 * A decimal the money code can take exactly: what isDecimalString accepts, within the 30 + 30 digit
 * bound of money.ts (so "1e100000000" is refused here, not later in the middle of a sync). The plain
 * form that the platform sends is checked by one regex; only exponent and other rare forms take the
 * slow, exact check.
 */
export function isWireDecimal(text: string): boolean {
  if (PLAIN_DECIMAL.test(text)) return true;
  if (!isDecimalString(text)) return false;
  try {
    canonicalDecimal(text);
    return true;
  } catch {
    return false;
  }
}

const EXPECTED_DECIMAL = expecting('a decimal number');

/** A decimal as exact text: a JSON number (kept as its literal) or a string holding one. */
export const decimal = z
  .string({ error: EXPECTED_DECIMAL })
  .refine(isWireDecimal, { error: EXPECTED_DECIMAL });

export const text = z.string({ error: expecting('text') });

export const flag = z.boolean({ error: expecting('true or false') });

/** Any text, typed with the known values of an enumeration; unknown values are kept as they are. */
export function openEnum<const Known extends readonly string[]>(
  _known: Known,
): z.ZodType<OpenEnum<Known[number]>, string> {
  return text as z.ZodType<OpenEnum<Known[number]>, string>;
}

const CURRENCY_CODE = /^[A-Z]{3}$/;
/** An ISO 4217 code by shape (three capital letters); whether FloatDesk knows it is decided later. */
export const currencyCode = z
  .string({ error: expecting('a three-letter currency code') })
  .regex(CURRENCY_CODE, { error: 'expected a three-letter currency code' });

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/;
/** ISO 8601 date and time with a UTC offset, kept as sent ("2026-11-02T09:00:00+00:00"). */
export const timestamp = z
  .string({ error: expecting('a date and time') })
  .regex(TIMESTAMP, { error: 'expected an ISO 8601 date and time with a UTC offset' });

/** `{amount, currency}` as the platform writes money; amount exact. */
export const wireMoney = z.looseObject(
  { amount: decimal, currency: currencyCode },
  { error: expecting('an object {amount, currency}') },
);
export type WireMoney = z.output<typeof wireMoney>;

export function object<Shape extends z.core.$ZodLooseShape>(shape: Shape, what = 'an object') {
  return z.looseObject(shape, { error: expecting(what) });
}

export function list<Item extends z.core.SomeType>(item: Item) {
  return z.array(item, { error: expecting('a list') });
}

/**
 * An optional attribute: absent or null (the platform writes both) gives undefined. Present, it
 * must fit.
 */
export function optional<Schema extends z.ZodType>(schema: Schema) {
  return schema
    .nullish()
    .transform((value) => value ?? undefined)
    .optional();
}

function hasOwnProtoKey(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, '__proto__')
  );
}

/**
 * A map keyed by the platform's names (currencies, float names, brand slugs). A key "__proto__" is
 * refused: zod leaves it out of the result, and a map that silently lost an entry is a partial answer.
 */
export function record<Key extends z.core.$ZodRecordKey, Value extends z.core.SomeType>(
  key: Key,
  value: Value,
  what = 'an object',
) {
  return z
    .unknown()
    .refine((input) => !hasOwnProtoKey(input), { error: 'a key named "__proto__" is not accepted' })
    .pipe(z.record(key, value, { error: expecting(what) }));
}

/** `[]`, which the platform writes for an empty map (an empty PHP array). */
export const emptyList = z.tuple([], { error: expecting('an object') });
