/** Face values, denominations, shipping and transaction types of seeded brands. */
import type { OpenValueLimits, ShippingMethod } from '../model';
import type { Random } from '../random';
import type { BrandKind, StepKind } from './brand-coverage';
import { centsToMinor, pow10, roundSignificant } from './common';
import { CURRENCY_PROFILES, SHIPPING_OPTIONS } from './names';

/** A "nice" multiplier from GBP to a currency: 1 for GBP, 200 for JPY, 0.4 for KWD. */
function niceScale(currency: string): number {
  return roundSignificant(CURRENCY_PROFILES[currency]?.perGbp ?? 1, 1);
}

/** Minor units of `gbpMajor` GBP-equivalent, rounded to whole minor units. */
function scaledMinor(gbpMajor: number, currency: string, exponent: number): bigint {
  return centsToMinor(BigInt(Math.round(gbpMajor * niceScale(currency) * 100)), exponent);
}

/** Step in minor units: 0.01 → 10^(e-2), 0.5 → 5·10^(e-1), 1 → 10^e (the nearest the currency allows). */
export function stepMinor(step: StepKind, exponent: number): bigint {
  if (step === 'cent') return exponent >= 2 ? pow10(exponent - 2) : 1n;
  if (step === 'half') return exponent >= 1 ? 5n * pow10(exponent - 1) : 1n;
  return pow10(exponent);
}

export function randomStep(random: Random, exponent: number): StepKind {
  const options: StepKind[] = exponent >= 2 ? ['cent', 'cent', 'half', 'whole', 'whole'] : ['whole'];
  if (exponent === 1) options.push('half');
  return random.pick(options);
}

export function openLimits(
  random: Random,
  currency: string,
  exponent: number,
  step: StepKind,
  hasMinorUnit = true,
): OpenValueLimits {
  const stepValue = hasMinorUnit ? stepMinor(step, exponent) : 1n;
  const align = stepMinor(step, exponent);
  let lower = scaledMinor(random.pick([1, 5, 5, 10, 10, 15, 20, 25]), currency, exponent);
  let upper = scaledMinor(random.pick([100, 150, 250, 250, 500, 500, 1000, 2000]), currency, exponent);
  lower = ((lower + align - 1n) / align) * align;
  upper = (upper / align) * align;
  if (upper <= lower) upper = lower + align * 100n;
  return { lowerMinor: lower, upperMinor: upper, stepMinor: stepValue, hasMinorUnit };
}

const DENOMINATION_SETS: readonly (readonly number[])[] = [
  [5, 10, 20, 50],
  [10, 25, 50, 100],
  [15, 30, 50],
  [20, 50, 100, 250],
  [10, 12.5, 25, 37.5],
  [25, 50, 75, 100, 150, 200],
];

export function denominations(random: Random, currency: string, exponent: number): bigint[] {
  const set = random.pick(DENOMINATION_SETS);
  const values = set.map((major) => scaledMinor(major, currency, exponent)).filter((v) => v > 0n);
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function shippingMethods(random: Random, currency: string, exponent: number): ShippingMethod[] {
  const count = random.int(1, SHIPPING_OPTIONS.length);
  return SHIPPING_OPTIONS.slice(0, count).map((option) => ({
    identifier: option.identifier,
    description: option.description,
    costMinor: scaledMinor(option.cost, currency, exponent),
  }));
}

export function transactionTypes(
  random: Random,
  kind: BrandKind,
  choiceLink: boolean,
  topUps: boolean | undefined,
  cashOut: boolean | undefined,
): string[] {
  if (choiceLink) return ['digital_issuance', 'cancelled_digital_issuance'];
  const types: string[] = [];
  const withTopUps = topUps ?? random.chance(0.25);
  const withCashOut = cashOut ?? random.chance(0.1);
  if (kind !== 'physical') {
    types.push('digital_issuance', 'cancelled_digital_issuance');
    if (withTopUps) types.push('digital_top_up');
    if (withCashOut) types.push('digital_cash_out');
  }
  if (kind !== 'digital') {
    types.push('physical_activation', 'cancelled_physical_activation');
    if (withTopUps) types.push('physical_top_up', 'cancelled_physical_top_up');
    if (withCashOut) types.push('physical_cash_out');
  }
  if (random.chance(0.9)) types.push('balance_check');
  return types;
}

export function deliveryMethods(random: Random, kind: BrandKind, choiceLink: boolean): string[] {
  if (choiceLink) return random.pick([['url', 'email'], ['email'], ['url']]);
  if (kind === 'physical') return random.chance(0.5) ? ['wrapped'] : [];
  const methods = random.pick([
    ['url', 'code'],
    ['url', 'code'],
    ['url'],
    ['code'],
    ['url', 'code', 'email'],
  ]);
  return kind === 'both' && random.chance(0.3) ? [...methods, 'wrapped'] : [...methods];
}

/** A discount percentage as decimal text in quarter steps: "0", "4.5", "12.75". */
export function discountText(random: Random): string {
  const quarters = random.chance(0.05) ? 0 : random.int(1, 64);
  const whole = Math.floor(quarters / 4);
  const fraction = ['', '.25', '.5', '.75'][quarters % 4] ?? '';
  return `${whole}${fraction}`;
}
