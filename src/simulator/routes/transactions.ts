/**
 * Transaction endpoints (TRANSACTION_ENDPOINTS). The spec does not show their shapes; this is the
 * simulator's design. Every body is a JSON object; `client_request_id` and `brand` are signed.
 *
 * Requests
 *   POST   /digital/issue, /physical/activate         spend: a new card
 *     {client_request_id, brand, face_value: {amount: number, currency}, float?: string,
 *      card_code?: string  (activate only: the code on the physical card; generated when absent)}
 *   POST   /digital/top-up, /physical/top-up           spend: value onto an existing card
 *     {client_request_id, brand, card_code, face_value: {amount, currency}, float?}
 *   DELETE /digital/issue, /physical/activate, /physical/top-up      cancel an earlier spend
 *   POST   /digital/cash-out-original-transaction, /physical/...      cash out what is left on its card
 *     {client_request_id, brand, original_transaction_id | original_client_request_id}
 *   POST   /digital/check-balance, /physical/check-balance
 *     {client_request_id, brand, card_code}
 *
 * Success data (200, code 000)
 *   {transaction_id, client_request_id, type, brand,
 *    face_value: {amount: number, currency},      value put on (or taken off) the card
 *    cost?: {amount, currency}                    spends: what the float was charged
 *    refund?: {amount, currency}                  cancellations and cash-outs: what the float got back
 *    original_transaction_id?: string,
 *    float: {name, currency, available_balance: {amount, currency}},   after this transaction
 *    card: {code, kind: "digital"|"physical", balance: {amount, currency}, status: "active"|"inactive"},
 *    created_at}
 *   check-balance: {client_request_id, type: "balance_check", brand, card: {...}, checked_at}
 *
 * Rules (cards.ts): cost = face − ⌊face × discount ÷ 100⌋ in minor units. A cancellation refunds the
 * original cost exactly (the card must still hold the value); a cash-out refunds the card's remaining
 * value less today's discount and deactivates the card. Spends need an ENABLED brand; cancellations,
 * cash-outs and balance checks need the brand to exist. A repeated client_request_id on the same
 * endpoint gets the first successful answer again, byte for byte, and nothing is charged twice.
 *
 * Cancelling an issue or activation while the card has top-ups that are not cancelled is REFUSED
 * (422 code 100, "... cancel the top-ups first"), not cascaded: the cancellation would deactivate the
 * card, and a top-up on an inactive card could never be cancelled or cashed out, so its value would be
 * lost to the float. Cancel each physical top-up (DELETE /physical/top-up) first, then the activation;
 * digital top-ups cannot be cancelled, so a topped-up digital card is cashed out instead. Each step
 * refunds exactly what it cost: money is never lost and never made.
 *
 * Errors: missing field 400/070 · unknown brand 400/072 · brand DISABLED 400/072, PAUSED 401/072 ·
 * brand product type the endpoint does not handle 422/719 · transaction type not in the brand's
 * transaction_types 422/720 · face value not allowed 400/704 · bad field 422/433 (data: field →
 * message strings on /digital/*, field → message arrays on /physical/*; error-shapes.ts) · no float
 * in the brand's currency 422/610 · the float cannot cover the cost: 403 on issue/activate, 422 on
 * top-ups, code 610 (funds) or 615 (credit float) · already cancelled, nothing left, live top-ups
 * 422/100.
 *
 * A body that is absent or not sent as JSON (Content-Type) reads as {}: the missing-field answers.
 */
import { isObject, decimalToMinor, plainDecimal, type Parsed, type ParsedObject } from '../body';
import {
  cancelSpend,
  cashOut,
  chooseFloat,
  faceValueProblem,
  findCard,
  findTransaction,
  spend,
  type Booking,
} from '../cards';
import { invalid, reject, success, type SimResponse } from '../http';
import { JsonNumber, type JsonValue } from '../json';
import type { CardKind, SimBrand, SimCard } from '../model';
import { jsonBody, type RequestContext, type Router } from '../router';
import { isoTime, money } from '../wire';
import { BRAND_TYPES, PLATFORM_CODES, TRANSACTION_ENDPOINTS } from '../../shared/domain/platform';
import { requireBrand } from './brands';

type Action = 'new-card' | 'top-up' | 'cancel' | 'cash-out' | 'balance';
const ACTIONS: Record<string, { action: Action; original?: string }> = {
  digital_issuance: { action: 'new-card' },
  physical_activation: { action: 'new-card' },
  digital_top_up: { action: 'top-up' },
  physical_top_up: { action: 'top-up' },
  cancelled_digital_issuance: { action: 'cancel', original: 'digital_issuance' },
  cancelled_physical_activation: { action: 'cancel', original: 'physical_activation' },
  cancelled_physical_top_up: { action: 'cancel', original: 'physical_top_up' },
  digital_cash_out: { action: 'cash-out' },
  physical_cash_out: { action: 'cash-out' },
  balance_check: { action: 'balance' },
};
const SPEND_TYPES: Record<CardKind, string[]> = {
  digital: ['digital_issuance', 'digital_top_up'],
  physical: ['physical_activation', 'physical_top_up'],
};

function field(body: ParsedObject, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (value instanceof JsonNumber) return value.text;
  return typeof value === 'string' ? value : invalid(name, `The ${name} must be a string.`);
}

function required(body: ParsedObject, name: string): string {
  return field(body, name) ?? reject(400, PLATFORM_CODES.missingParameter, `Missing parameter: ${name}`);
}

function faceValue(body: ParsedObject, brand: SimBrand): bigint {
  const value: Parsed | undefined = body.face_value;
  if (value === undefined || value === null)
    return reject(400, PLATFORM_CODES.missingParameter, 'Missing parameter: face_value');
  if (!isObject(value) || !(value.amount instanceof JsonNumber))
    return invalid('face_value', 'The face value must be an object with a numeric amount and a currency.');
  if (value.currency !== brand.currency)
    return invalid('face_value.currency', `The face value currency must be ${brand.currency}.`);
  const minor = decimalToMinor(plainDecimal(value.amount), brand.exponent);
  if (minor === null)
    return reject(
      400,
      PLATFORM_CODES.outOfRange,
      `The face value has more decimal places than ${brand.currency} allows`,
    );
  if (minor <= 0n) return reject(400, PLATFORM_CODES.outOfRange, 'The face value must be greater than zero');
  return minor;
}

function cardWire(card: SimCard): JsonValue {
  return {
    code: card.code,
    kind: card.kind,
    balance: money(card.balanceMinor, card.exponent, card.currency),
    status: card.active ? 'active' : 'inactive',
  };
}

function bookingAnswer(booking: Booking, zone: string, originalId?: string): SimResponse {
  const { transaction: tx, card, float } = booking;
  const face = tx.faceMinor < 0n ? -tx.faceMinor : tx.faceMinor;
  return success({
    transaction_id: tx.id,
    client_request_id: tx.clientRequestId,
    type: tx.type,
    brand: tx.brand,
    face_value: money(face, float.exponent, float.currency),
    cost: tx.costMinor >= 0n ? money(tx.costMinor, float.exponent, float.currency) : undefined,
    refund: tx.costMinor < 0n ? money(-tx.costMinor, float.exponent, float.currency) : undefined,
    original_transaction_id: originalId,
    float: {
      name: float.name,
      currency: float.currency,
      available_balance: money(float.availableMinor, float.exponent, float.currency),
    },
    card: cardWire(card),
    created_at: isoTime(tx.at, zone),
  });
}

function checkBrand(brand: SimBrand, type: string, kind: CardKind, needsEnabled: boolean): void {
  if (needsEnabled && brand.status.code !== 'ENABLED') {
    const reason = brand.status.reason === undefined ? '' : `: ${brand.status.reason}`;
    reject(
      brand.status.code === 'PAUSED' ? 401 : 400,
      PLATFORM_CODES.brandNotFound,
      `Brand "${brand.slug}" is not available${reason}`,
    );
  }
  const knownType = (BRAND_TYPES as readonly string[]).includes(brand.type);
  if (!knownType || (kind === 'physical' && brand.type === 'choice-link'))
    reject(
      422,
      PLATFORM_CODES.transactionTypeNotSupported,
      `The ${kind} endpoints do not support ${brand.type} products`,
    );
  if (!brand.transactionTypes.includes(type))
    reject(
      422,
      PLATFORM_CODES.transactionTypeNotSupportedForBrand,
      `Brand "${brand.slug}" does not support ${type}`,
    );
}

function brandCard(context: RequestContext, body: ParsedObject, brand: SimBrand, kind: CardKind): SimCard {
  const code = required(body, 'card_code');
  const card = findCard(context.sim.world, code);
  if (card === undefined || card.brand !== brand.slug || card.kind !== kind)
    return invalid('card_code', `There is no ${kind} card with this code for brand "${brand.slug}".`);
  return card;
}

function handle(context: RequestContext, type: string, kind: CardKind, routeKey: string): SimResponse {
  const { world, idempotent, options } = context.sim;
  const zone = options.platformTimeZone;
  const body = jsonBody(context);
  if (!isObject(body)) return invalid('body', 'The request body must be a JSON object.');
  const clientRequestId = required(body, 'client_request_id');
  const earlier = idempotent.get(clientRequestId);
  if (earlier !== undefined) {
    if (earlier.route === routeKey) return earlier.answer;
    return invalid('client_request_id', 'The client request id has already been used.');
  }
  const brand = requireBrand(world, required(body, 'brand'));
  const { action, original: originalType } = ACTIONS[type] ?? { action: 'balance' };
  checkBrand(brand, type, kind, action === 'new-card' || action === 'top-up');

  if (action === 'balance') {
    const card = brandCard(context, body, brand, kind);
    return success({
      client_request_id: clientRequestId,
      type,
      brand: brand.slug,
      card: cardWire(card),
      checked_at: isoTime(world.now, zone),
    });
  }

  let answer: SimResponse;
  if (action === 'new-card' || action === 'top-up') {
    const faceMinor = faceValue(body, brand);
    const problem = faceValueProblem(brand, kind, faceMinor);
    if (problem !== undefined) return reject(400, PLATFORM_CODES.outOfRange, problem);
    const card = action === 'top-up' ? brandCard(context, body, brand, kind) : undefined;
    if (card !== undefined && !card.active)
      return reject(422, PLATFORM_CODES.businessRule, 'The card is not active');
    const newCode = action === 'new-card' && kind === 'physical' ? field(body, 'card_code') : undefined;
    if (newCode !== undefined && findCard(world, newCode) !== undefined)
      return reject(422, PLATFORM_CODES.businessRule, 'The card is already activated');
    const float = chooseFloat(world, brand.currency, field(body, 'float'));
    answer = bookingAnswer(
      spend(world, { type, kind, brand, clientRequestId, faceMinor, float, card, newCode }),
      zone,
    );
  } else {
    const id = field(body, 'original_transaction_id');
    const originalClientId = id === undefined ? field(body, 'original_client_request_id') : undefined;
    if (id === undefined && originalClientId === undefined)
      return reject(400, PLATFORM_CODES.missingParameter, 'Missing parameter: original_transaction_id');
    const original = findTransaction(
      world,
      id !== undefined ? { id } : { clientRequestId: originalClientId as string },
    );
    const expected = originalType !== undefined ? [originalType] : SPEND_TYPES[kind];
    if (original === undefined || original.brand !== brand.slug || !expected.includes(original.type))
      return invalid(
        'original_transaction_id',
        `No ${expected.join(' or ')} transaction of brand "${brand.slug}" matches.`,
      );
    const booking =
      action === 'cancel'
        ? cancelSpend(world, { type, original, clientRequestId })
        : cashOut(world, { type, brand, original, clientRequestId });
    answer = bookingAnswer(booking, zone, original.id);
  }
  idempotent.set(clientRequestId, { route: routeKey, answer });
  return answer;
}

export function registerTransactions(router: Router): void {
  for (const [type, endpoints] of Object.entries(TRANSACTION_ENDPOINTS)) {
    for (const endpoint of endpoints) {
      const method = endpoint.method === 'DEL' ? 'DELETE' : 'POST';
      const kind: CardKind = endpoint.path.startsWith('/digital/') ? 'digital' : 'physical';
      const routeKey = `${method} ${endpoint.path}`;
      router.add(method, `/api/v2${endpoint.path}`, (context) => handle(context, type, kind, routeKey));
    }
  }
}
