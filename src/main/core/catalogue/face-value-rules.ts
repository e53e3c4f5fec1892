/**
 * The face-value rule of each card kind of one brand, read from the brand object as stored (parsed
 * losslessly: numbers as exact text). See face-value.ts for the rules themselves.
 */
import { currencyExponent } from '../../../shared/domain/currency';
import type { CardKind, FaceValueRule } from './face-value';

type BrandObject = Readonly<Record<string, unknown>>;

const SELLING_TYPE: Record<CardKind, string> = {
  digital: 'digital_issuance',
  physical: 'physical_activation',
};
const LIMITS_KEY: Record<CardKind, string> = {
  digital: 'digital_face_value_limits',
  physical: 'physical_face_value_limits',
};

function record(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function amounts(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((item): item is string => typeof item === 'string');
}

function smallestUnit(currency: unknown): string {
  const exponent = typeof currency === 'string' ? currencyExponent(currency) : undefined;
  return exponent === undefined || exponent <= 0 ? '1' : `0.${'0'.repeat(exponent - 1)}1`;
}

/** The rule for `kind` cards of `brand`. */
export function faceValueRule(brand: BrandObject, kind: CardKind): FaceValueRule {
  const types = Array.isArray(brand.transaction_types) ? brand.transaction_types : [];
  if (!types.includes(SELLING_TYPE[kind]))
    return {
      kind: 'none',
      why: `This brand does not sell ${kind} cards: ${SELLING_TYPE[kind]} is not among its transaction types.`,
    };
  const limits = record(brand[LIMITS_KEY[kind]]);
  if (limits !== undefined && typeof limits.lower === 'string' && typeof limits.upper === 'string') {
    const sent = typeof limits.minor_unit === 'string' ? limits.minor_unit : undefined;
    return {
      kind: 'open',
      lower: limits.lower,
      upper: limits.upper,
      minorUnit: sent ?? smallestUnit(brand.currency),
      minorUnitFrom: sent === undefined ? 'currency' : 'platform',
    };
  }
  const denominations = amounts(brand.denominations);
  if (denominations !== undefined) return { kind: 'fixed', values: denominations, from: 'denominations' };
  const digital = amounts(brand.digital_denominations);
  if (digital !== undefined) return { kind: 'fixed', values: digital, from: 'digital_denominations' };
  return {
    kind: 'none',
    why: `The platform gives neither ${LIMITS_KEY[kind]} nor denominations for this brand, so no ${kind} value can be checked.`,
  };
}
