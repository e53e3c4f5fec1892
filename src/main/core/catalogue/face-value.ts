/**
 * Face-value rules (spec "Limits"; platform-notes.md "Brands and templates"). Pure and exact: every
 * comparison and division is decimal arithmetic on the text the platform sent, never a binary float.
 *
 * - Open value: v is valid when lower <= v <= upper and v is a whole multiple of minor_unit; digital
 *   cards use digital_face_value_limits, physical cards physical_face_value_limits. Physical limits
 *   may come without minor_unit: then the currency's smallest unit (0.01 for GBP) is assumed, and
 *   the reason says so.
 * - Fixed denominations: only the listed values, for digital and physical cards alike. The platform
 *   sends `denominations` as strings and `digital_denominations` (the same values) as numbers; both
 *   arrive as exact text. `denominations` decides; `digital_denominations` stands in only when
 *   `denominations` is absent. Values compare by amount ("10" = "10.00").
 * - A card kind the brand does not sell (no digital_issuance / physical_activation among its
 *   transaction types) accepts nothing.
 */
import { Exact } from '../../../shared/domain/money';

export type CardKind = 'digital' | 'physical';

export type FaceValueRule =
  | {
      kind: 'open';
      lower: string;
      upper: string;
      minorUnit: string;
      /** 'currency' when the platform sent no minor_unit and the currency's smallest unit is assumed. */
      minorUnitFrom: 'platform' | 'currency';
    }
  | { kind: 'fixed'; values: string[]; from: 'denominations' | 'digital_denominations' }
  | { kind: 'none'; why: string };

export interface FaceValueVerdict {
  accepted: boolean;
  /** One plain sentence: why the value is (not) valid. */
  reason: string;
  /** For a rejected value: the valid values closest below and above it (none when nothing is valid). */
  near: string[];
}

/** A value a person typed: plain decimal digits with at most one point. */
const TYPED = /^\d{1,30}(\.\d{1,30})?$|^\.\d{1,30}$/;
const SENT = /^-?\d{1,30}(\.\d{1,30})?$/;

function exact(text: string): Exact | null {
  return SENT.test(text) || TYPED.test(text) ? new Exact(text) : null;
}

function plain(value: Exact): string {
  return value.isZero() ? '0' : value.toFixed();
}

/** The amount as the platform wrote it when it is equal (so "10.00" stays "10.00"), else plain. */
function shown(value: Exact, sent: string): string {
  const parsed = exact(sent);
  return parsed !== null && parsed.eq(value) ? sent : plain(value);
}

function openVerdict(
  rule: Extract<FaceValueRule, { kind: 'open' }>,
  value: Exact,
  typed: string,
): FaceValueVerdict {
  const lower = exact(rule.lower);
  const upper = exact(rule.upper);
  const unit = exact(rule.minorUnit);
  if (lower === null || upper === null || unit === null || !unit.isPositive() || unit.isZero())
    return {
      accepted: false,
      reason: `The platform's limits (${rule.lower} to ${rule.upper} in steps of ${rule.minorUnit}) cannot be checked: they are not all positive decimal numbers.`,
      near: [],
    };
  const smallest = lower.div(unit).ceil().mul(unit);
  const largest = upper.div(unit).floor().mul(unit);
  const assumed =
    rule.minorUnitFrom === 'currency'
      ? ' (the platform gives no minor unit, so the currency’s smallest unit is assumed)'
      : '';
  const range = `from ${rule.lower} to ${rule.upper} in steps of ${rule.minorUnit}${assumed}`;
  if (smallest.gt(largest))
    return {
      accepted: false,
      reason: `No value is valid: there is no multiple of ${rule.minorUnit} ${range.slice(5)}.`,
      near: [],
    };
  const multiple = value.mod(unit).isZero();
  const inRange = value.gte(lower) && value.lte(upper);
  if (multiple && inRange)
    return { accepted: true, reason: `${typed} is valid: values go ${range}.`, near: [] };
  const below = Exact.min(value.div(unit).floor().mul(unit), largest);
  const above = Exact.max(value.div(unit).ceil().mul(unit), smallest);
  const near = [
    ...new Set([below, above].filter((v) => v.gte(smallest) && v.lte(largest) && !v.eq(value)).map(plain)),
  ];
  const why = value.lt(lower)
    ? `is below the lowest value, ${rule.lower}`
    : value.gt(upper)
      ? `is above the highest value, ${rule.upper}`
      : `is not a whole multiple of ${rule.minorUnit}${assumed}`;
  return { accepted: false, reason: `${typed} ${why}; values go ${range}.`, near };
}

function fixedVerdict(
  rule: Extract<FaceValueRule, { kind: 'fixed' }>,
  value: Exact,
  typed: string,
): FaceValueVerdict {
  const listed = rule.values
    .map((sent) => ({ sent, value: exact(sent) }))
    .filter((item): item is { sent: string; value: Exact } => item.value !== null)
    .sort((a, b) => a.value.cmp(b.value));
  if (listed.length === 0)
    return { accepted: false, reason: 'No value is valid: the brand lists no denominations.', near: [] };
  const all = listed.map((item) => item.sent).join(', ');
  if (listed.some((item) => item.value.eq(value)))
    return {
      accepted: true,
      reason: `${typed} is one of the brand's fixed denominations (${all}).`,
      near: [],
    };
  const below = [...listed].reverse().find((item) => item.value.lt(value));
  const above = listed.find((item) => item.value.gt(value));
  const near = [below, above]
    .filter((item) => item !== undefined)
    .map((item) => shown(item.value, item.sent));
  return {
    accepted: false,
    reason: `${typed} is not one of the brand's fixed denominations (${all}).`,
    near,
  };
}

/** Check a typed value against one rule. */
export function checkFaceValue(rule: FaceValueRule, typed: string): FaceValueVerdict {
  const text = typed.trim();
  if (!TYPED.test(text))
    return {
      accepted: false,
      reason: `"${text.slice(0, 40)}" is not an amount: type digits with at most one decimal point, such as 25 or 12.50.`,
      near: [],
    };
  if (rule.kind === 'none') return { accepted: false, reason: rule.why, near: [] };
  const value = new Exact(text);
  return rule.kind === 'open' ? openVerdict(rule, value, text) : fixedVerdict(rule, value, text);
}
