/**
 * The two parameters of an optional filter written `(? IS NULL OR column = ?)`: the value twice, or
 * null twice when the filter is not set (then the condition lets every row through).
 */
export function optionalFilter(value: string | undefined): [string | null, string | null] {
  return [value ?? null, value ?? null];
}
