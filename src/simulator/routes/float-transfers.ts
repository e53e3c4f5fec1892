/**
 * POST /float/request-payment-transfer and GET /float/transfer-requests.
 *
 * `start_date` and `end_date` are calendar days of the platform's zone (platformTimeZone), read
 * against the local date of created_at, the same date created_at shows: with Europe/London, a request
 * created at 2026-07-01T00:30:00+01:00 (2026-06-30T23:30Z) belongs to 2026-07-01. `end_date` includes
 * its own day unless endDateInclusive is off. Invalid filters answer 422 code 433 with every problem.
 */
import type { Details } from '../error-shapes';
import { invalidAll, success, validationMessages } from '../http';
import type { SimTransfer } from '../model';
import { jsonBody, queryParam, type RequestContext, type Router } from '../router';
import { registerTransfer } from '../state';
import { localDayStart } from '../time';
import { transferWire } from '../wire';
import { TRANSFER_STATUSES } from '../../shared/domain/platform';
import { normaliseReference, twoDecimals, validateTransferRequest } from './transfer-validation';

const DAY_MS = 86_400_000;

/** "YYYY-MM-DD" → epoch ms of that UTC midnight; undefined when it is not a real calendar date. */
export function parseDay(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return undefined;
  return ms;
}

/**
 * Newest first: created_at descending, then creation order descending. The order is cached as indexes
 * (not objects, so a rule that replaces a transfer object is still seen) until the list changes length.
 */
const orderCache = new WeakMap<SimTransfer[], Uint32Array>();
function newestFirst(transfers: SimTransfer[]): Uint32Array {
  const cached = orderCache.get(transfers);
  if (cached !== undefined && cached.length === transfers.length) return cached;
  const order = Uint32Array.from(transfers.keys()).sort((i, j) => {
    const a = transfers[i] as SimTransfer;
    const b = transfers[j] as SimTransfer;
    return b.createdAt - a.createdAt || b.seq - a.seq;
  });
  orderCache.set(transfers, order);
  return order;
}

function dayParam(
  context: RequestContext,
  name: 'start_date' | 'end_date',
  problems: Details,
): number | undefined {
  const text = queryParam(context, name);
  if (text === undefined || text === '') return undefined;
  const day = parseDay(text);
  if (day === undefined) problems[name] = [`The ${name.replace('_', ' ')} does not match the format Y-m-d.`];
  return day;
}

function listTransfers(context: RequestContext) {
  const { world, options } = context.sim;
  const text = (name: string): string | undefined => {
    const value = queryParam(context, name);
    return value === '' ? undefined : value;
  };
  const float = text('float');
  const currency = text('currency');
  const given = text('payment_reference');
  const reference = given !== undefined && options.normaliseReferences ? normaliseReference(given) : given;
  const status = text('status');
  const problems: Details = {};
  const startDay = dayParam(context, 'start_date', problems);
  const endDay = dayParam(context, 'end_date', problems);
  if (status !== undefined && !(TRANSFER_STATUSES as readonly string[]).includes(status))
    problems.status = ['The selected status is invalid.'];
  if (Object.keys(problems).length > 0) invalidAll(problems);
  const zone = options.platformTimeZone;
  const from = startDay === undefined ? Number.NEGATIVE_INFINITY : localDayStart(startDay, zone);
  const until =
    endDay === undefined
      ? Number.POSITIVE_INFINITY
      : localDayStart(options.endDateInclusive ? endDay + DAY_MS : endDay, zone);

  const items = [];
  for (const index of newestFirst(world.transfers)) {
    const transfer = world.transfers[index] as SimTransfer;
    if (items.length >= options.listCap) break; // the platform cuts the list silently
    if (transfer.createdAt < from || transfer.createdAt >= until) continue;
    if (float !== undefined && transfer.float !== float) continue;
    if (currency !== undefined && transfer.currency !== currency) continue;
    if (reference !== undefined && transfer.paymentReference !== reference) continue;
    if (status !== undefined && transfer.status !== status) continue;
    items.push(transferWire(transfer, zone));
  }
  return success(items);
}

export function registerFloatTransfers(router: Router): void {
  router.add('POST', '/api/v2/float/request-payment-transfer', (context) => {
    const { world } = context.sim;
    const result = validateTransferRequest(world, jsonBody(context), context.sim.options.normaliseReferences);
    if (!result.ok) return validationMessages(result.messages, context.errorShape);
    const transfer = registerTransfer(world, result.input);
    return success(
      {
        float: transfer.float,
        currency: transfer.currency,
        amount: twoDecimals(transfer.requestedMinor, transfer.exponent),
        payment_reference: transfer.paymentReference,
      },
      'Payment transfer request registered',
    );
  });
  router.add('GET', '/api/v2/float/transfer-requests', listTransfers);
}
