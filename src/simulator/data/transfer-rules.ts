/**
 * Amounts and outcomes of transfer requests, shared by the seeded history and by requests made
 * while serving (state.ts), so both follow the same rules.
 */
import type { TransferStatus } from '../../shared/domain/platform';
import type { TransferPlan } from '../model';
import type { Random } from '../random';
import { MINUTE, centsToMinor, majorToMinor, roundSignificant, transferBounds } from './common';
import { CURRENCY_PROFILES } from './names';

export type FinalStatus = Exclude<TransferStatus, 'pending'>;

function clamp(value: bigint, min: bigint, max: bigint): bigint {
  return value < min ? min : value > max ? max : value;
}

/**
 * A realistic requested amount: mostly 1,000 to 250,000 GBP-equivalent, usually round (two or three
 * significant digits), sometimes exact to the cent; always within 0.01 to 99,999,999.99 and at most
 * two decimals.
 */
export function requestedAmount(random: Random, currency: string, exponent: number): bigint {
  const { min, max, step } = transferBounds(exponent);
  const perGbp = CURRENCY_PROFILES[currency]?.perGbp ?? 1;
  const gbp = 1_000 * Math.exp(random.next() * Math.log(250));
  const local = gbp * perGbp;
  const style = random.next();
  let minor: bigint;
  if (style < 0.6) minor = majorToMinor(roundSignificant(local, 2), exponent);
  else if (style < 0.85) minor = majorToMinor(roundSignificant(local, 3), exponent);
  else {
    const cents = BigInt(Math.round(local)) * 100n + BigInt(random.int(0, 99));
    minor = centsToMinor(cents, exponent);
  }
  minor = (minor / step) * step;
  return clamp(minor, min, max);
}

/** An approved amount that differs from the requested one: bank charges, a part payment, or an overpayment. */
export function editedAmount(random: Random, requestedMinor: bigint, exponent: number): bigint {
  const { min, max, step } = transferBounds(exponent);
  const kind = random.int(0, 9);
  let approved: bigint;
  if (kind < 6) {
    const fee = ((requestedMinor * BigInt(random.int(5, 200))) / 10_000n / step) * step;
    approved = requestedMinor - (fee > step ? fee : step * BigInt(random.int(1, 30)));
  } else if (kind < 9) {
    approved = ((requestedMinor * BigInt(random.pick([50, 75, 80, 90, 95]))) / 100n / step) * step;
  } else {
    approved = requestedMinor + step * BigInt(random.int(1, 5_000));
  }
  approved = clamp(approved, min, max);
  if (approved === requestedMinor)
    approved = requestedMinor > min ? requestedMinor - step : requestedMinor + step;
  return approved;
}

/** A final status with realistic weights: mostly approved. */
export function finalStatus(random: Random): FinalStatus {
  const draw = random.next();
  if (draw < 0.72) return 'approved';
  if (draw < 0.84) return 'approved_edited';
  if (draw < 0.93) return 'removed';
  return 'cancelled';
}

/** The approved amount a final status carries: the spec shows an object for approved, approved_edited and removed. */
export function approvedFor(
  status: FinalStatus,
  requestedMinor: bigint,
  editedMinor?: bigint,
): bigint | null {
  if (status === 'approved' || status === 'removed') return requestedMinor;
  if (status === 'approved_edited') return editedMinor ?? null;
  return null;
}

/**
 * What will happen to a new pending request: decided between `minHours` and `maxHours` of
 * simulated time from `from`, on a whole minute.
 */
export function randomPlan(
  random: Random,
  from: number,
  requestedMinor: bigint,
  exponent: number,
  minHours: number,
  maxHours: number,
): TransferPlan {
  const at = Math.ceil((from + random.int(minHours * 60, maxHours * 60) * MINUTE) / MINUTE) * MINUTE;
  const status = finalStatus(random);
  if (status === 'approved_edited')
    return { at, status, approvedMinor: editedAmount(random, requestedMinor, exponent) };
  return { at, status };
}

/** The plan of a request registered while serving: 15 % wait for an admin, the rest settle in 1-3 days. */
export function planForNewRequest(
  random: Random,
  now: number,
  requestedMinor: bigint,
  exponent: number,
): TransferPlan | null {
  if (random.chance(0.15)) return null;
  return randomPlan(random, now, requestedMinor, exponent, 24, 72);
}

export const PLAN_WINDOW_HOURS = { min: 12, max: 10 * 24 } as const;
