/**
 * The simulator writes its own JSON. Amounts the platform sends as JSON numbers are written from
 * exact decimal text (a JsonNumber), never through a binary float, so a 17-digit balance stays exact
 * on the wire. Key order is insertion order, so the same state always gives the same bytes.
 */
export class JsonNumber {
  constructor(readonly text: string) {
    if (!/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text)) throw new Error(`Not a JSON number: ${text}`);
  }
}

export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonNumber
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue | undefined };

export function writeJson(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return 'null';
  if (value instanceof JsonNumber) return value.text;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('JSON cannot hold NaN or Infinity');
    return JSON.stringify(value);
  }
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => writeJson(item)).join(',')}]`;
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) parts.push(`${JSON.stringify(key)}:${writeJson(item)}`);
  }
  return `{${parts.join(',')}}`;
}

/** Decimal text of integer minor units: 12345n with exponent 2 → "123.45". */
export function minorToDecimal(minor: bigint, exponent: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, '0');
  const integer = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  return `${negative ? '-' : ''}${integer}${exponent > 0 ? `.${fraction}` : ''}`;
}

/** A JSON number for an amount: trailing fractional zeros dropped, as a JSON encoder would ("100.5"). */
export function amountNumber(minor: bigint, exponent: number): JsonNumber {
  const text = minorToDecimal(minor, exponent);
  return new JsonNumber(text.includes('.') ? text.replace(/\.?0+$/, '') : text);
}
