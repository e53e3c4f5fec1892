/**
 * Simulator-only admin API under /__admin (served only with the `admin` option, loopback only, no HMAC).
 * JSON in, the platform's envelope out. Amounts are decimal strings or JSON numbers.
 *
 *   GET    /__admin/clock                                     {now, now_ms}
 *   POST   /__admin/clock/advance                             {ms} | {days}
 *   POST   /__admin/transfers/{reference}/decide              {status, approved_amount?}
 *   POST   /__admin/transfers/{reference}/amend               {status, approved_amount?}  (a settled one)
 *   POST   /__admin/brands/{slug}                             {status?: code | {code, reason?}, reason?, discount?, denominations?}
 *   POST   /__admin/templates/{brand}/{name}/publish          {version?}
 *   GET    /__admin/faults                                    {faults, rate_limit}
 *   POST   /__admin/faults                                    one fault {kind, path?, count?, ms?, status?, code?, retry_after?}
 *                                                             or {faults: [...], rate_limit?}
 *   DELETE /__admin/faults                                    clear all faults (and reset the rate-limit window)
 *   GET    /__admin/state                                     summary counts
 *   GET    /__admin/settings, POST /__admin/settings          runtime settings (admin-settings.ts)
 */
import { decimalToMinor, isObject, plainDecimal, type Parsed, type ParsedObject } from '../body';
import { faultFromJson } from '../faults';
import { reject, success } from '../http';
import { JsonNumber, type JsonValue } from '../json';
import type { RequestContext, Router } from '../router';
import { amendTransfer } from '../data/amend';
import {
  decideTransfer,
  findBrand,
  findTransfer,
  publishTemplateVersion,
  updateBrand,
  type BrandPatch,
  type TransferDecision,
} from '../state';
import { invalidateBrand, isoTime, transferWire } from '../wire';
import { registerAdminSettings } from './admin-settings';
import { PLATFORM_CODES, TRANSFER_STATUSES } from '../../shared/domain/platform';

const DAY_MS = 86_400_000;

function bad(message: string): never {
  return reject(400, PLATFORM_CODES.validation, message);
}

function objectBody(context: RequestContext): ParsedObject {
  if (context.body === undefined && context.rawBody.trim() === '') return Object.create(null) as ParsedObject;
  if (!isObject(context.body)) return bad(context.bodyError ?? 'The body must be a JSON object');
  return context.body;
}

/** A decimal given as a JSON number or a string, as plain decimal text. */
function decimalText(value: Parsed | undefined): string | undefined {
  if (value instanceof JsonNumber) return plainDecimal(value);
  return typeof value === 'string' ? value : undefined;
}

function toMinor(value: Parsed | undefined, exponent: number, what: string): bigint {
  const text = decimalText(value);
  const minor = text === undefined ? null : decimalToMinor(text, exponent);
  return minor ?? bad(`${what} must be a decimal with at most ${exponent} decimal places`);
}

const zoneOf = (context: RequestContext): string => context.sim.options.platformTimeZone;

function clock(context: RequestContext) {
  const now = context.sim.world.now;
  return success({ now: isoTime(now, zoneOf(context)), now_ms: now });
}

function advance(context: RequestContext) {
  const body = objectBody(context);
  const ms = body.ms instanceof JsonNumber ? Number(body.ms.text) : undefined;
  const days = body.days instanceof JsonNumber ? Number(body.days.text) : undefined;
  const step = ms ?? (days === undefined ? undefined : days * DAY_MS);
  if (step === undefined || !Number.isFinite(step) || step < 0) bad('Give {"ms": n} or {"days": n}, n ≥ 0');
  context.sim.advanceClock(Math.round(step));
  return clock(context);
}

/** decide: settle a pending request; amend: change one the platform already settled. */
function transferDecision(apply: typeof decideTransfer) {
  return (context: RequestContext) => {
    const { world } = context.sim;
    const reference = context.params.reference as string;
    const body = objectBody(context);
    const transfer = findTransfer(world, reference);
    if (transfer === undefined)
      return reject(404, PLATFORM_CODES.endpointNotFound, `No transfer request "${reference}"`);
    const status = body.status;
    let decision: TransferDecision;
    if (status === 'approved_edited')
      decision = {
        status,
        approvedMinor: toMinor(body.approved_amount, transfer.exponent, 'approved_amount'),
      };
    else if (status === 'approved' || status === 'removed' || status === 'cancelled') decision = { status };
    else return bad(`status must be one of ${TRANSFER_STATUSES.filter((s) => s !== 'pending').join(', ')}`);
    return success(transferWire(apply(world, reference, decision), zoneOf(context)));
  };
}

function changeBrand(context: RequestContext) {
  const { world } = context.sim;
  const slug = context.params.slug as string;
  const body = objectBody(context);
  const before = findBrand(world, slug);
  if (before === undefined) return reject(400, PLATFORM_CODES.brandNotFound, `Brand "${slug}" not found`);
  const patch: BrandPatch = {};
  const status = body.status;
  if (typeof status === 'string') {
    const reason = typeof body.reason === 'string' ? body.reason : undefined;
    patch.status = reason === undefined ? { code: status } : { code: status, reason };
  } else if (isObject(status) && typeof status.code === 'string') {
    patch.status =
      typeof status.reason === 'string'
        ? { code: status.code, reason: status.reason }
        : { code: status.code };
  } else if (status !== undefined) bad('status must be a code or {code, reason}');
  if (body.discount !== undefined) {
    const discount = decimalText(body.discount);
    if (discount === undefined || !/^\d+(\.\d+)?$/.test(discount)) bad('discount must be a decimal ≥ 0');
    patch.discount = discount;
  }
  if (body.denominations !== undefined) {
    if (!Array.isArray(body.denominations)) bad('denominations must be an array');
    patch.denominationsMinor = body.denominations.map((item) =>
      toMinor(item, before.exponent, 'Each denomination'),
    );
  }
  invalidateBrand(before);
  const after = updateBrand(world, slug, patch);
  invalidateBrand(after);
  return success({
    slug: after.slug,
    status: after.status,
    discount: new JsonNumber(after.discount),
    last_updated: isoTime(after.lastUpdated, zoneOf(context)),
  });
}

function publish(context: RequestContext) {
  const body = objectBody(context);
  const version = typeof body.version === 'string' ? body.version : undefined;
  const template = publishTemplateVersion(
    context.sim.world,
    context.params.brand as string,
    context.params.name as string,
    version,
  );
  return success({ brand: template.brand, name: template.name, version: template.version });
}

function faultsList(context: RequestContext) {
  const { faults } = context.sim;
  const list = faults.list().map((fault): JsonValue => ({
    kind: fault.kind,
    path: fault.path,
    count: fault.count,
    remaining: fault.remaining,
    ms: fault.ms,
    status: fault.status,
    code: fault.code,
    retry_after: fault.retryAfter,
  }));
  return success({ faults: list, rate_limit: faults.rateLimit });
}

function addFaults(context: RequestContext) {
  const { faults } = context.sim;
  const body = objectBody(context);
  try {
    const specs = Array.isArray(body.faults)
      ? body.faults.map(faultFromJson)
      : body.kind === undefined
        ? []
        : [faultFromJson(body)];
    const limit = body.rate_limit instanceof JsonNumber ? Number(body.rate_limit.text) : undefined;
    if (limit !== undefined) faults.setRateLimit(limit);
    for (const spec of specs) faults.add(spec);
  } catch (error) {
    return bad(error instanceof Error ? error.message : String(error));
  }
  return faultsList(context);
}

function clearFaults(context: RequestContext) {
  context.sim.faults.clear();
  context.sim.faults.resetWindow();
  return faultsList(context);
}

function state(context: RequestContext) {
  const { world } = context.sim;
  const count = (values: readonly string[]): Record<string, number> => {
    const out: Record<string, number> = Object.create(null);
    for (const value of values) out[value] = (out[value] ?? 0) + 1;
    return out;
  };
  return success({
    now: isoTime(world.now, zoneOf(context)),
    floats: world.floats.length,
    transfers: world.transfers.length,
    transfers_by_status: count(world.transfers.map((transfer) => transfer.status)),
    brands: world.brands.length,
    brands_by_status: count(world.brands.map((brand) => brand.status.code)),
    templates: world.templates.length,
    cards: world.cards.length,
    transactions: world.transactions.length,
  });
}

export function registerAdmin(router: Router): void {
  router
    .add('GET', '/__admin/clock', clock)
    .add('POST', '/__admin/clock/advance', advance)
    .add('POST', '/__admin/transfers/:reference/decide', transferDecision(decideTransfer))
    .add('POST', '/__admin/transfers/:reference/amend', transferDecision(amendTransfer))
    .add('POST', '/__admin/brands/:slug', changeBrand)
    .add('POST', '/__admin/templates/:brand/:name/publish', publish)
    .add('GET', '/__admin/faults', faultsList)
    .add('POST', '/__admin/faults', addFaults)
    .add('DELETE', '/__admin/faults', clearFaults)
    .add('GET', '/__admin/state', state);
  registerAdminSettings(router);
}
