/** POST /float/request-payment-transfer and GET /float/transfer-requests. */
import { invalid, success, validationMessages } from '../http';
import type { SimTransfer } from '../model';
import { queryParam, type RequestContext, type Router } from '../router';
import { registerTransfer } from '../state';
import { transferWire } from '../wire';
import { TRANSFER_STATUSES } from '../../shared/domain/platform';
import { twoDecimals, validateTransferRequest } from './transfer-validation';

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

function dayParam(context: RequestContext, name: 'start_date' | 'end_date'): number | undefined {
  const text = queryParam(context, name);
  if (text === undefined || text === '') return undefined;
  const day = parseDay(text);
  if (day === undefined) invalid(name, `The ${name.replace('_', ' ')} does not match the format Y-m-d.`);
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
  const reference = text('payment_reference');
  const status = text('status');
  if (status !== undefined && !(TRANSFER_STATUSES as readonly string[]).includes(status))
    invalid('status', 'The selected status is invalid.');
  const startDay = dayParam(context, 'start_date');
  const endDay = dayParam(context, 'end_date');
  const from = startDay ?? Number.NEGATIVE_INFINITY;
  const until =
    endDay === undefined ? Number.POSITIVE_INFINITY : options.endDateInclusive ? endDay + DAY_MS : endDay;

  const items = [];
  for (const index of newestFirst(world.transfers)) {
    const transfer = world.transfers[index] as SimTransfer;
    if (items.length >= options.listCap) break; // the platform cuts the list silently
    if (transfer.createdAt < from || transfer.createdAt >= until) continue;
    if (float !== undefined && transfer.float !== float) continue;
    if (currency !== undefined && transfer.currency !== currency) continue;
    if (reference !== undefined && transfer.paymentReference !== reference) continue;
    if (status !== undefined && transfer.status !== status) continue;
    items.push(transferWire(transfer));
  }
  return success(items);
}

export function registerFloatTransfers(router: Router): void {
  router.add('POST', '/api/v2/float/request-payment-transfer', (context) => {
    const { world } = context.sim;
    const result = validateTransferRequest(world, context.body);
    if (!result.ok) return validationMessages(result.messages);
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
