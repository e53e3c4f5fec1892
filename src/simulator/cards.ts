/**
 * Card transaction rules: face values, what the float is charged, and the card/float/transaction
 * bookkeeping for spending (issue, activate, top-up) and refunding (cancellations, cash-outs).
 * Exact integer arithmetic in minor units throughout. Shapes on the wire: routes/transactions.ts.
 */
import { PLATFORM_CODES } from '../shared/domain/platform';
import { reject } from './http';
import type { CardKind, SimBrand, SimCard, SimFloat, SimTransaction, World } from './model';

/** Discount text ("4.5") as a fraction numerator/denominator of one (4.5% → 45/1000). */
function discountFraction(discount: string): { numerator: bigint; denominator: bigint } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(discount);
  if (match === null) return { numerator: 0n, denominator: 1n };
  const fraction = match[2] ?? '';
  return {
    numerator: BigInt((match[1] as string) + fraction),
    denominator: 100n * 10n ** BigInt(fraction.length),
  };
}

/** What the float pays for a face value: face − ⌊face × discount ÷ 100⌋ (the discount rounds down). */
export function costMinor(faceMinor: bigint, discount: string): bigint {
  const { numerator, denominator } = discountFraction(discount);
  return faceMinor - (faceMinor * numerator) / denominator;
}

/** Why a face value (minor units) is not valid for this brand and card kind, or undefined when it is. */
export function faceValueProblem(brand: SimBrand, kind: CardKind, faceMinor: bigint): string | undefined {
  if (brand.denominationsMinor !== undefined && brand.denominationsMinor.length > 0) {
    return brand.denominationsMinor.includes(faceMinor)
      ? undefined
      : 'The face value is not one of the brand denominations';
  }
  const limits = kind === 'digital' ? brand.digitalFaceValueLimits : brand.physicalFaceValueLimits;
  if (limits === undefined) return `The brand has no face value limits for ${kind} cards`;
  if (faceMinor < limits.lowerMinor || faceMinor > limits.upperMinor)
    return 'The face value is outside the brand limits';
  if (limits.stepMinor > 0n && faceMinor % limits.stepMinor !== 0n)
    return 'The face value is not a multiple of the brand minor unit';
  return undefined;
}

/** The float to charge: the named one in the brand's currency, else the first float in that currency. */
export function chooseFloat(world: World, currency: string, name: string | undefined): SimFloat {
  const float = world.floats.find((f) => f.currency === currency && (name === undefined || f.name === name));
  if (float !== undefined) return float;
  if (name !== undefined)
    return reject(422, PLATFORM_CODES.validation, 'The given data was invalid.', {
      float: [`There is no float "${name}" in ${currency}`],
    });
  return reject(422, PLATFORM_CODES.insufficientFunds, `There is no float in ${currency} to pay from`);
}

function nextTransactionId(world: World): string {
  world.counters.transaction += 1;
  return `TX${String(world.counters.transaction).padStart(9, '0')}`;
}

/** A fresh card code: 16 digits from the world's seeded generator, unique among the world's cards. */
export function newCardCode(world: World): string {
  for (;;) {
    world.counters.card += 1;
    let code = '';
    for (let i = 0; i < 4; i++) code += String(world.random.int(0, 9999)).padStart(4, '0');
    if (!world.cards.some((card) => card.code === code)) return code;
  }
}

export function findCard(world: World, code: string): SimCard | undefined {
  return world.cards.find((card) => card.code === code);
}

/** An earlier transaction by transaction_id or client_request_id (newest first). */
export function findTransaction(
  world: World,
  ref: { id?: string; clientRequestId?: string },
): SimTransaction | undefined {
  for (let i = world.transactions.length - 1; i >= 0; i--) {
    const tx = world.transactions[i] as SimTransaction;
    if (ref.id !== undefined ? tx.id === ref.id : tx.clientRequestId === ref.clientRequestId) return tx;
  }
  return undefined;
}

export interface Booking {
  transaction: SimTransaction;
  card: SimCard;
  float: SimFloat;
}

/**
 * Charge the float and put value on a card (new card when `card` is absent). A float that cannot cover
 * the cost answers 610 (funds) or 615 (credit float): HTTP 403 for a new card, 422 for a top-up.
 */
/** Record a transaction on the card and float it moved money between, as the platform's book shows it. */
function book(
  world: World,
  request: { type: string; clientRequestId: string },
  booked: { brand: string; card: SimCard; float: SimFloat; faceMinor: bigint; costMinor: bigint },
): Booking {
  const { card, float } = booked;
  const transaction: SimTransaction = {
    id: nextTransactionId(world),
    clientRequestId: request.clientRequestId,
    type: request.type,
    brand: booked.brand,
    cardCode: card.code,
    float: float.name,
    currency: float.currency,
    faceMinor: booked.faceMinor,
    costMinor: booked.costMinor,
    at: world.now,
    cancelled: false,
  };
  world.transactions.push(transaction);
  return { transaction, card, float };
}

export function spend(
  world: World,
  input: {
    type: string;
    kind: CardKind;
    brand: SimBrand;
    clientRequestId: string;
    faceMinor: bigint;
    float: SimFloat;
    card?: SimCard;
    newCode?: string;
  },
): Booking {
  const cost = costMinor(input.faceMinor, input.brand.discount);
  if (input.float.availableMinor < cost) {
    const credit = input.float.credit === true;
    return reject(
      input.card === undefined ? 403 : 422,
      credit ? PLATFORM_CODES.insufficientCredit : PLATFORM_CODES.insufficientFunds,
      `Insufficient ${credit ? 'credit' : 'funds'} in float "${input.float.name}"`,
    );
  }
  input.float.availableMinor -= cost;
  let card = input.card;
  if (card === undefined) {
    card = {
      code: input.newCode ?? newCardCode(world),
      brand: input.brand.slug,
      kind: input.kind,
      currency: input.brand.currency,
      exponent: input.brand.exponent,
      float: input.float.name,
      balanceMinor: 0n,
      active: true,
    };
    world.cards.push(card);
  }
  card.balanceMinor += input.faceMinor;
  return book(world, input, {
    brand: input.brand.slug,
    card,
    float: input.float,
    faceMinor: input.faceMinor,
    costMinor: cost,
  });
}

function floatOf(world: World, tx: SimTransaction): SimFloat {
  const float = world.floats.find((f) => f.name === tx.float && f.currency === tx.currency);
  if (float === undefined)
    return reject(422, PLATFORM_CODES.businessRule, 'The float of the original transaction no longer exists');
  return float;
}

const TOP_UP_TYPES: readonly string[] = ['digital_top_up', 'physical_top_up'];

/** Top-ups of a card that are not cancelled. */
function liveTopUps(world: World, card: SimCard): SimTransaction[] {
  return world.transactions.filter(
    (tx) => tx.cardCode === card.code && TOP_UP_TYPES.includes(tx.type) && !tx.cancelled,
  );
}

/**
 * Cancel an earlier spend: refund exactly what it cost and take its face value off the card; cancelling
 * an issue or activation also deactivates the card. The card must still hold the value. An issue or
 * activation whose card has top-ups that are not cancelled is refused (422/100): cancelling it would
 * deactivate the card and strand the top-ups' value. Physical top-ups are cancelled first; digital
 * top-ups cannot be cancelled, so such a card is cashed out instead. Money is never lost.
 */
export function cancelSpend(
  world: World,
  input: { type: string; original: SimTransaction; clientRequestId: string },
): Booking {
  const { original } = input;
  if (original.cancelled)
    return reject(422, PLATFORM_CODES.businessRule, 'The transaction is already cancelled');
  const card = findCard(world, original.cardCode);
  if (card === undefined || !card.active || card.balanceMinor < original.faceMinor)
    return reject(422, PLATFORM_CODES.businessRule, 'The card no longer holds the value of the transaction');
  if (input.type !== 'cancelled_physical_top_up') {
    const topUps = liveTopUps(world, card);
    if (topUps.length > 0) {
      const ids = topUps.map((tx) => tx.id).join(', ');
      const hint =
        card.kind === 'digital' ? ' (digital top-ups cannot be cancelled: cash the card out instead)' : '';
      return reject(
        422,
        PLATFORM_CODES.businessRule,
        `The card has top-ups that are not cancelled (${ids}): cancel the top-ups first${hint}`,
      );
    }
  }
  const float = floatOf(world, original);
  original.cancelled = true;
  card.balanceMinor -= original.faceMinor;
  if (input.type !== 'cancelled_physical_top_up') card.active = false;
  float.availableMinor += original.costMinor;
  return book(world, input, {
    brand: original.brand,
    card,
    float,
    faceMinor: -original.faceMinor,
    costMinor: -original.costMinor,
  });
}

/**
 * Cash out what is left on the card of an earlier transaction: the float gets back what that value
 * would cost today (remaining − ⌊remaining × discount ÷ 100⌋); the card is emptied and deactivated.
 */
export function cashOut(
  world: World,
  input: { type: string; brand: SimBrand; original: SimTransaction; clientRequestId: string },
): Booking {
  const card = findCard(world, input.original.cardCode);
  if (card === undefined || !card.active || card.balanceMinor <= 0n)
    return reject(422, PLATFORM_CODES.businessRule, 'The card has no value left to cash out');
  const float = floatOf(world, input.original);
  const face = card.balanceMinor;
  const refund = costMinor(face, input.brand.discount);
  card.balanceMinor = 0n;
  card.active = false;
  float.availableMinor += refund;
  return book(world, input, { brand: input.brand.slug, card, float, faceMinor: -face, costMinor: -refund });
}
