/**
 * Seeded transfer-request history over the ~18 months before the start time: busier on working days,
 * at month ends and in recent months, one burst day holding more than the list cap (from 150
 * requests on, the default world included), some requests sharing the exact same second. Old requests
 * are final, recent ones mostly pending with a plan. Days are the platform's local days.
 */
import type { SimFloat, SimTransfer } from '../model';
import type { Random } from '../random';
import { localDayStart, offsetAt } from '../time';
import { DAY, HOUR, MINUTE, SECOND, startOfUtcDay, transferBounds } from './common';
import { buyerReference, generatedReference } from './references';
import {
  PLAN_WINDOW_HOURS,
  approvedFor,
  editedAmount,
  finalStatus,
  randomPlan,
  requestedAmount,
} from './transfer-rules';

export const HISTORY_DAYS = 548;
/**
 * At most this many seeded requests share one local day, float, currency and status, so a client that
 * splits date windows and then filters by float, currency and status can read all of them under a
 * list cap of 50. The one exception is the over-full group (option overfullGroup): a client must
 * report that case as incomplete.
 */
export const MAX_PER_DAY_GROUP = 40;
/** The over-full group lies this many days before the start, on the first float, all approved. */
export const OVERFULL_DAYS_BACK = 30;

export interface TransferExtras {
  /** The platform's zone: groups are counted per local day. */
  timeZone: string;
  /** > 0: one (day, float, currency, status) group of this many requests. */
  overfullGroupSize: number;
}

/**
 * The local day of an instant as a day key (UTC midnight of the local date). Seeded requests fall
 * between 07:00 and 18:00 UTC, so the zone's offset at noon UTC of the day stands for the whole day.
 */
function localDays(zone: string): (ms: number) => number {
  const byDay = new Map<number, number>();
  return (ms) => {
    const utcDay = startOfUtcDay(ms);
    let offset = byDay.get(utcDay);
    if (offset === undefined) {
      offset = offsetAt(utcDay + 12 * HOUR, zone);
      byDay.set(utcDay, offset);
    }
    return startOfUtcDay(ms + offset);
  };
}

interface Draft {
  createdAt: number;
  float: number;
  status: SimTransfer['status'];
  order: number;
}

/** Cumulative weights of the history's days: working days, month ends and a growth trend. */
function dayWeights(firstDay: number): Float64Array {
  const cumulative = new Float64Array(HISTORY_DAYS);
  let total = 0;
  for (let d = 0; d < HISTORY_DAYS; d++) {
    const date = new Date(firstDay + d * DAY);
    const weekday = date.getUTCDay();
    let weight = weekday === 0 ? 0.04 : weekday === 6 ? 0.08 : 1;
    const nextMonth = new Date(firstDay + (d + 3) * DAY).getUTCMonth();
    if (nextMonth !== date.getUTCMonth()) weight *= 2.5;
    weight *= 0.6 + (0.8 * d) / HISTORY_DAYS;
    total += weight;
    cumulative[d] = total;
  }
  return cumulative;
}

function sampleDay(random: Random, cumulative: Float64Array): number {
  const target = random.next() * (cumulative[cumulative.length - 1] ?? 0);
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((cumulative[mid] ?? 0) < target) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Seconds into a working day (UTC), peaking late morning. */
function timeOfDay(random: Random): number {
  const hours = 7 + (random.next() + random.next() + random.next()) * (11 / 3);
  return Math.floor(hours * 3600) * SECOND;
}

function statusForAge(random: Random, ageMs: number): SimTransfer['status'] {
  const pendingChance = ageMs < 3 * DAY ? 0.85 : ageMs < 14 * DAY ? 0.2 : 0.003;
  return random.chance(pendingChance) ? 'pending' : finalStatus(random);
}

function drafts(random: Random, floats: readonly SimFloat[], count: number, startTime: number): Draft[] {
  const firstDay = startOfUtcDay(startTime) - (HISTORY_DAYS - 1) * DAY;
  const cumulative = dayWeights(firstDay);
  const floatWeights = floats.map((float) => (float.name === 'Main' ? 1.5 : 1));
  const weightTotal = floatWeights.reduce((a, b) => a + b, 0);
  const pickFloat = (): number => {
    let target = random.next() * weightTotal;
    for (let i = 0; i < floatWeights.length; i++) {
      target -= floatWeights[i] ?? 0;
      if (target < 0) return i;
    }
    return floats.length - 1;
  };
  // A burst: a quarter-end day about four months back holding more than the list cap.
  const burst =
    count >= 500
      ? Math.min(Math.max(60, Math.round(count * 0.01)), floats.length * 45)
      : count >= 150
        ? Math.min(60, floats.length * 45)
        : 0;
  const burstDay = startOfUtcDay(startTime - 120 * DAY);
  const result: Draft[] = [];
  for (let order = 0; order < count; order++) {
    const previous = result[result.length - 1];
    let createdAt: number;
    if (previous && random.chance(0.004)) createdAt = previous.createdAt;
    else if (order < burst) createdAt = burstDay + timeOfDay(random);
    else createdAt = firstDay + sampleDay(random, cumulative) * DAY + timeOfDay(random);
    if (createdAt >= startTime) createdAt = startTime - random.int(60, 6 * 3600) * SECOND;
    const status = statusForAge(random, startTime - createdAt);
    result.push({ createdAt, float: pickFloat(), status, order });
  }
  return result;
}

/** Moves requests out of over-full (local day, float, status) groups to the nearest day with room. */
function spreadGroups(list: Draft[], startTime: number, dayOf: (ms: number) => number): void {
  const counts = new Map<string, number>();
  const keyOf = (day: number, draft: Draft): string => `${day}|${draft.float}|${draft.status}`;
  for (const draft of list) {
    const day = dayOf(draft.createdAt);
    let target = day;
    for (let step = 1; (counts.get(keyOf(target, draft)) ?? 0) >= MAX_PER_DAY_GROUP && step <= 120; step++) {
      const offset = (step % 2 === 1 ? -1 : 1) * Math.ceil(step / 2) * DAY;
      if (draft.createdAt + offset < startTime) target = day + offset;
    }
    draft.createdAt += target - day;
    counts.set(keyOf(target, draft), (counts.get(keyOf(target, draft)) ?? 0) + 1);
  }
}

export interface SeededTransfers {
  transfers: SimTransfer[];
  /** Last platform-generated reference number used. */
  referenceCounter: number;
}

/** `size` approved requests of the first float on one local day, 08:00 onwards, 5 minutes apart. */
function overfullDrafts(size: number, startTime: number, zone: string, firstOrder: number): Draft[] {
  const dayKey = startOfUtcDay(startTime + offsetAt(startTime, zone)) - OVERFULL_DAYS_BACK * DAY;
  const start = localDayStart(dayKey, zone) + 8 * HOUR;
  return Array.from({ length: size }, (_, i) => ({
    createdAt: start + i * 5 * MINUTE,
    float: 0,
    status: 'approved' as const,
    order: firstOrder + i,
  }));
}

export function generateTransfers(
  random: Random,
  floats: readonly SimFloat[],
  count: number,
  startTime: number,
  extras: TransferExtras = { timeZone: 'UTC', overfullGroupSize: 0 },
): SeededTransfers {
  if (floats.length === 0 || count <= 0) return { transfers: [], referenceCounter: 0 };
  const list = drafts(random, floats, count, startTime);
  spreadGroups(list, startTime, localDays(extras.timeZone));
  if (extras.overfullGroupSize > 0)
    list.push(...overfullDrafts(extras.overfullGroupSize, startTime, extras.timeZone, count));
  list.sort((a, b) => a.createdAt - b.createdAt || a.order - b.order);
  const used = new Set<string>();
  let referenceCounter = 0;
  let buyerCounter = 0;
  const transfers: SimTransfer[] = [];
  for (const [index, draft] of list.entries()) {
    // Two early requests on the first float carry the bounds: 0.01 and 99,999,999.99.
    const edge = index === 3 || index === 7;
    const float = floats[edge ? 0 : draft.float] as SimFloat;
    const { min, max } = transferBounds(float.exponent);
    let requestedMinor = requestedAmount(random, float.currency, float.exponent);
    if (edge) requestedMinor = index === 3 ? min : max;
    let paymentReference: string;
    do {
      paymentReference = random.chance(0.25)
        ? buyerReference(random, ++buyerCounter, new Date(draft.createdAt).getUTCFullYear(), float.currency)
        : generatedReference(++referenceCounter);
    } while (used.has(paymentReference));
    used.add(paymentReference);
    const transfer: SimTransfer = {
      seq: index + 1,
      float: float.name,
      currency: float.currency,
      exponent: float.exponent,
      requestedMinor,
      approvedMinor: null,
      paymentReference,
      status: draft.status,
      createdAt: draft.createdAt,
      plan: null,
    };
    if (draft.status === 'pending') {
      const age = startTime - draft.createdAt;
      if (age < 14 * DAY && random.chance(0.8)) {
        const { min: lo, max: hi } = PLAN_WINDOW_HOURS;
        transfer.plan = randomPlan(random, startTime, requestedMinor, float.exponent, lo, hi);
      }
    } else {
      const edited =
        draft.status === 'approved_edited' ? editedAmount(random, requestedMinor, float.exponent) : undefined;
      transfer.approvedMinor = approvedFor(draft.status, requestedMinor, edited);
    }
    if (random.chance(0.05)) transfer.financeEmail = 'accounts.payable@buyer.example';
    transfers.push(transfer);
  }
  return { transfers, referenceCounter };
}
