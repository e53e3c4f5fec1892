// Contract between the HTTP layer and the world's rules: the clock, transfer requests, brand changes
// and template versions. All randomness comes from world.random (or the day-seeded background
// activity), all time from world.now.
import { SimError } from './errors';
import type { ProformaInvoice, SimBrand, SimTemplate, SimTransfer, World } from './model';
import { applyDay } from './data/activity';
import { DAY } from './data/common';
import {
  applyBrandChange,
  findFloat,
  isLaterVersion,
  nextTemplateVersion,
  settleTransfer,
} from './data/mutations';
import { generatedReference } from './data/references';
import { planForNewRequest } from './data/transfer-rules';

export interface NewTransfer {
  float: string;
  currency: string;
  requestedMinor: bigint;
  paymentReference?: string;
  financeEmail?: string;
  proformaInvoice?: ProformaInvoice;
}

export type TransferDecision =
  | { status: 'approved' }
  | { status: 'approved_edited'; approvedMinor: bigint }
  | { status: 'removed' }
  | { status: 'cancelled' };

export interface BrandPatch {
  status?: SimBrand['status'];
  discount?: string;
  denominationsMinor?: bigint[];
}

export { findFloat, isLaterVersion, nextTemplateVersion };

// --- Lookup indexes. Keyed by the array itself and extended when it grows (the arrays are
// append-only; references and slugs never change once in the world).

interface Index<T> {
  map: Map<string, T>;
  count: number;
}
const transferIndexes = new WeakMap<SimTransfer[], Index<SimTransfer>>();
const brandIndexes = new WeakMap<SimBrand[], Index<SimBrand>>();

function indexed<T>(cache: WeakMap<T[], Index<T>>, list: T[], key: (item: T) => string): Map<string, T> {
  let index = cache.get(list);
  if (!index || index.count > list.length) {
    index = { map: new Map(), count: 0 };
    cache.set(list, index);
  }
  for (; index.count < list.length; index.count++) {
    const item = list[index.count] as T;
    if (!index.map.has(key(item))) index.map.set(key(item), item);
  }
  return index.map;
}

/** The transfer request with this payment reference (exact match), if any. */
export function findTransfer(world: World, paymentReference: string): SimTransfer | undefined {
  return indexed(transferIndexes, world.transfers, (t) => t.paymentReference).get(paymentReference);
}

/** The transfer request with this payment reference; none → SimError 404 with code 999 (not found). */
export function existingTransfer(world: World, paymentReference: string): SimTransfer {
  const transfer = findTransfer(world, paymentReference);
  if (!transfer)
    throw new SimError(404, '999', `No transfer request has the payment reference "${paymentReference}".`);
  return transfer;
}

export function findBrand(world: World, slug: string): SimBrand | undefined {
  return indexed(brandIndexes, world.brands, (b) => b.slug).get(slug);
}

/**
 * The pending requests, kept without scanning the whole history on every call: new requests are
 * picked up as the array grows, settled ones dropped. (A request never returns to pending.)
 */
const pendingIndexes = new WeakMap<SimTransfer[], { count: number; pending: SimTransfer[] }>();

export function pendingTransfers(world: World): readonly SimTransfer[] {
  const list = world.transfers;
  let index = pendingIndexes.get(list);
  if (!index || index.count > list.length) {
    index = { count: 0, pending: [] };
    pendingIndexes.set(list, index);
  }
  const pending = index.pending.filter((transfer) => transfer.status === 'pending');
  for (; index.count < list.length; index.count++) {
    const transfer = list[index.count] as SimTransfer;
    if (transfer.status === 'pending') pending.push(transfer);
  }
  index.pending = pending;
  return pending;
}

// --- Clock.

interface Due {
  at: number;
  /** Transfer plans before the day's background activity at the same instant, then by seq. */
  rank: number;
  seq: number;
  apply: () => void;
}

/**
 * Moves simulated time forward to `to`, applying in time order every due transfer plan (approved and
 * approved_edited credit the float) and, at each UTC midnight passed, the background activity
 * (card spending, brand changes, template versions). Never moves time backwards.
 */
export function advanceTo(world: World, to: number): void {
  if (!(to > world.now)) return;
  const due: Due[] = [];
  for (const transfer of pendingTransfers(world)) {
    const plan = transfer.plan;
    if (!plan || plan.at > to) continue;
    due.push({
      at: plan.at,
      rank: 0,
      seq: transfer.seq,
      apply: () => settleTransfer(world, transfer, plan.status, plan.approvedMinor),
    });
  }
  const activity = world.activity;
  if (activity) {
    for (let day = activity.appliedUntil + DAY; day <= to; day += DAY) {
      due.push({ at: day, rank: 1, seq: 0, apply: () => applyDay(world, activity, day) });
    }
  }
  due.sort((a, b) => a.at - b.at || a.rank - b.rank || a.seq - b.seq);
  for (const event of due) event.apply();
  world.now = to;
}

// --- Transfer requests.

const PAYMENT_REFERENCE_TAKEN = 'The payment reference has already been taken.';

/**
 * Registers a pending request at world.now. Throws SimError 422/433 (data: field → messages) when no
 * float has that name and currency, or when the buyer's payment reference is already used. Without a
 * reference the platform generates "FT" + 10 digits. The request gets a plan drawn from world.random.
 */
export function registerTransfer(world: World, input: NewTransfer): SimTransfer {
  const float = findFloat(world, input.float, input.currency);
  if (!float) {
    const named = world.floats.some((f) => f.name === input.float);
    const field = named ? 'currency' : 'float';
    const message = named
      ? `The float "${input.float}" does not hold ${input.currency}.`
      : `The selected float "${input.float}" is invalid.`;
    throw new SimError(422, '433', message, { [field]: [message] });
  }
  let paymentReference = input.paymentReference;
  if (paymentReference !== undefined) {
    if (findTransfer(world, paymentReference)) {
      throw new SimError(422, '433', PAYMENT_REFERENCE_TAKEN, {
        payment_reference: [PAYMENT_REFERENCE_TAKEN],
      });
    }
  } else {
    do paymentReference = generatedReference(++world.counters.reference);
    while (findTransfer(world, paymentReference));
  }
  const transfer: SimTransfer = {
    seq: ++world.counters.transfer,
    float: float.name,
    currency: float.currency,
    exponent: float.exponent,
    requestedMinor: input.requestedMinor,
    approvedMinor: null,
    paymentReference,
    status: 'pending',
    createdAt: world.now,
    plan: planForNewRequest(world.random, world.now, input.requestedMinor, float.exponent),
  };
  if (input.financeEmail !== undefined) transfer.financeEmail = input.financeEmail;
  if (input.proformaInvoice !== undefined) transfer.proformaInvoice = input.proformaInvoice;
  world.transfers.push(transfer);
  return transfer;
}

/**
 * An admin decision on a pending request, applied at world.now. Unknown reference → SimError 404 with
 * code 999 (not found); a request that is no longer pending → 422/100 "... is already <status>"; an
 * approved_edited amount that is not positive or equals the requested amount → 422/433.
 */
export function decideTransfer(
  world: World,
  paymentReference: string,
  decision: TransferDecision,
): SimTransfer {
  const transfer = existingTransfer(world, paymentReference);
  if (transfer.status !== 'pending') {
    throw new SimError(
      422,
      '100',
      `The transfer request "${paymentReference}" is already ${transfer.status}.`,
    );
  }
  if (decision.status === 'approved_edited') {
    if (decision.approvedMinor <= 0n || decision.approvedMinor === transfer.requestedMinor) {
      const message = 'An edited approval needs a positive amount that differs from the requested amount.';
      throw new SimError(422, '433', message, { approved_amount: [message] });
    }
    settleTransfer(world, transfer, 'approved_edited', decision.approvedMinor);
  } else {
    settleTransfer(world, transfer, decision.status);
  }
  return transfer;
}

/** Total requested amount of the pending requests of one float, in minor units. */
export function pendingMinor(world: World, float: string, currency: string): bigint {
  let total = 0n;
  for (const transfer of pendingTransfers(world)) {
    if (transfer.float === float && transfer.currency === currency) {
      total += transfer.requestedMinor;
    }
  }
  return total;
}

/** Pending totals of every float in one pass, keyed by `${currency} ${float name}`. */
export function pendingTotals(world: World): Map<string, bigint> {
  const totals = new Map<string, bigint>();
  for (const transfer of pendingTransfers(world)) {
    const key = `${transfer.currency} ${transfer.float}`;
    totals.set(key, (totals.get(key) ?? 0n) + transfer.requestedMinor);
  }
  return totals;
}

// --- Brands and templates.

const DISCOUNT_PATTERN = /^(0|[1-9]\d*)(\.\d+)?$/;

/**
 * Changes a brand at world.now (last_updated is stamped). Unknown slug → SimError 422/072. A
 * discount must be non-negative decimal text; denominations positive (an empty list removes them).
 * A non-ENABLED status without a reason gets a default reason.
 */
export function updateBrand(world: World, slug: string, patch: BrandPatch): SimBrand {
  const brand = findBrand(world, slug);
  if (!brand) throw new SimError(422, '072', `Brand "${slug}" not found or not available.`);
  if (patch.discount !== undefined && !DISCOUNT_PATTERN.test(patch.discount)) {
    const message = 'The discount must be a non-negative decimal number such as "4.5".';
    throw new SimError(422, '433', message, { discount: [message] });
  }
  if (patch.denominationsMinor?.some((value) => value <= 0n)) {
    const message = 'Denominations must be positive amounts.';
    throw new SimError(422, '433', message, { denominations: [message] });
  }
  if (patch.status !== undefined && patch.status.code.trim() === '') {
    const message = 'A status needs a code.';
    throw new SimError(422, '433', message, { status: [message] });
  }
  applyBrandChange(brand, patch, world.now);
  return brand;
}

/**
 * Gives a brand's template a new version: `version` when given (a date version must be later than
 * the current one, an opaque one only different), else the date of world.now (or its next revision,
 * "2026-10-01.2", when already published that day). Unknown brand → 422/072; unknown template of a
 * known brand → 422/716; a version that is not newer → 422/433.
 */
export function publishTemplateVersion(
  world: World,
  brand: string,
  name: string,
  version?: string,
): SimTemplate {
  if (!findBrand(world, brand))
    throw new SimError(422, '072', `Brand "${brand}" not found or not available.`);
  const template = world.templates.find((t) => t.brand === brand && t.name === name);
  if (!template) throw new SimError(422, '716', `Template "${name}" of brand "${brand}" not found.`);
  const next = version ?? nextTemplateVersion(template.version, world.now);
  if (!isLaterVersion(next, template.version)) {
    const message = `Version "${next}" is not newer than the current version "${template.version}".`;
    throw new SimError(422, '433', message, { version: [message] });
  }
  template.version = next;
  return template;
}
