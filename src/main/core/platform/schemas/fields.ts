/**
 * Field checks for wide objects whose keys vary from one object to the next (a brand and its detail
 * block: forty-odd attributes, "any attribute may be absent"). zod's object parser looks every
 * declared key up on every object; with each brand shaped differently those lookups go megamorphic,
 * and a 5,000-brand catalogue cost three times its JSON.parse. These checks walk the keys an object
 * actually has (for...in, which V8 serves from the object's own enum cache), look each up in the
 * spec, and validate the parsed object in place: the answer comes fresh from parseLossless, so
 * keeping the object keeps every field, known or not (loose, like z.looseObject) without a copy.
 * `asSchema` turns a field into a zod schema, so containers, unions and decode.ts stay zod.
 * Problems are worded like the zod schemas' ("expected a decimal number, got text") and never quote
 * the value. An optional field that is null comes out as undefined.
 */
import { z } from 'zod';
import { describeInput, isWireDecimal, MISSING } from './primitives';

export interface Problem {
  /** Relative to the checked value. */
  path: PropertyKey[];
  message: string;
}

export interface Field<T, Optional extends boolean = boolean> {
  /** The first problem of `value`, or undefined when it fits (it may be normalised in place). */
  readonly check: (value: unknown) => Problem | undefined;
  /** Replaces a valid value in its parent (e.g. unwrapping shipping methods). */
  readonly convert?: (value: unknown) => unknown;
  readonly optional: Optional;
  /** Type only: what the field holds once checked. */
  readonly output?: T;
}

type Output<F> = F extends Field<infer T> ? T : never;
export type Spec = Readonly<Record<string, Field<unknown>>>;
type RequiredKeys<S extends Spec> = {
  [K in keyof S]: S[K] extends Field<unknown, true> ? never : K;
}[keyof S];
type OptionalKeys<S extends Spec> = Exclude<keyof S, RequiredKeys<S>>;
/** A checked object: the spec's fields, typed, plus whatever else the platform sent. */
export type SpecOutput<S extends Spec> = { [K in RequiredKeys<S>]: Output<S[K]> } & {
  [K in OptionalKeys<S>]?: Output<S[K]>;
} & { [extra: string]: unknown };

/** The problem of a value that is not `what` ("missing" when absent). */
export function expected(what: string, value: unknown): Problem {
  return {
    path: [],
    message: value === undefined ? MISSING : `expected ${what}, got ${describeInput(value)}`,
  };
}

function leaf<T>(what: string, test: (value: unknown) => boolean): Field<T, false> {
  return { optional: false, check: (value) => (test(value) ? undefined : expected(what, value)) };
}

const CURRENCY_CODE = /^[A-Z]{3}$/;

export const textField = leaf<string>('text', (value) => typeof value === 'string');
export const flagField = leaf<boolean>('true or false', (value) => typeof value === 'boolean');
export const decimalField = leaf<string>(
  'a decimal number',
  (value) => typeof value === 'string' && isWireDecimal(value),
);
export const currencyField = leaf<string>(
  'a three-letter currency code',
  (value) => typeof value === 'string' && CURRENCY_CODE.test(value),
);
/** Anything: kept exactly as it came. */
export const anyField: Field<unknown, false> = { optional: false, check: () => undefined };

/** May be absent or null (the platform writes both); null comes out as undefined. */
export function optionalField<T>(field: Field<T>): Field<T | undefined, true> {
  return { ...field, optional: true };
}

export function listField<T>(item: Field<T>): Field<T[], false> {
  return {
    optional: false,
    check: (value) => {
      if (!Array.isArray(value)) return expected('a list', value);
      for (let index = 0; index < value.length; index++) {
        const problem = item.check(value[index]);
        if (problem !== undefined) return { path: [index, ...problem.path], message: problem.message };
      }
      return undefined;
    },
  };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object with the fields of `spec`; other keys are kept as they came. */
export function objectField<S extends Spec>(spec: S, what = 'an object'): Field<SpecOutput<S>, false> {
  const fields = new Map<string, Field<unknown>>(Object.entries(spec));
  const required = Object.keys(spec).filter((key) => !spec[key]?.optional);
  return {
    optional: false,
    check: (value) => {
      if (!isPlainObject(value)) return expected(what, value);
      let requiredSeen = 0;
      for (const key in value) {
        const field = fields.get(key);
        if (field === undefined) continue;
        const item = value[key];
        if (field.optional) {
          if (item === null || item === undefined) {
            value[key] = undefined;
            continue;
          }
        } else {
          requiredSeen++;
        }
        const problem = field.check(item);
        if (problem !== undefined) return { path: [key, ...problem.path], message: problem.message };
        if (field.convert !== undefined) value[key] = field.convert(item);
      }
      if (requiredSeen < required.length) {
        for (const key of required) if (!Object.hasOwn(value, key)) return { path: [key], message: MISSING };
      }
      return undefined;
    },
  };
}

/** A zod schema that checks with `field` and passes the (same, checked) value on. */
export function asSchema<T>(field: Field<T>): z.ZodType<T, unknown> {
  return z.unknown().transform((value, context): T => {
    const problem = field.check(value);
    if (problem !== undefined) {
      context.issues.push({ code: 'custom', message: problem.message, path: problem.path, input: value });
      return z.NEVER;
    }
    return (field.convert === undefined ? value : field.convert(value)) as T;
  });
}
