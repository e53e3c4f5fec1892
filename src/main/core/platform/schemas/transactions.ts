/**
 * Transaction endpoints (spec "Transaction endpoints by transaction type"). The spec does not show
 * their answers; these follow the shapes documented at the top of src/simulator/routes/transactions.ts,
 * written again here from that text (the client shares no parsing code with the simulator). Extra
 * fields pass through; types, kinds and statuses are open.
 *   issue / activate / top-up / cancel / cash-out → TransactionData
 *   check-balance                                 → BalanceCheckData
 */
import { z } from 'zod';
import { TRANSACTION_TYPES } from '../../../../shared/domain/platform';
import { currencyCode, object, openEnum, optional, text, timestamp, wireMoney } from './primitives';

const CARD_KINDS = ['digital', 'physical'] as const;
const CARD_STATUSES = ['active', 'inactive'] as const;

const transactionType = openEnum(TRANSACTION_TYPES);

/** The card after the transaction. `code` is the gift card code itself: never log it. */
export const cardSchema = object({
  code: text,
  kind: openEnum(CARD_KINDS),
  balance: wireMoney,
  status: openEnum(CARD_STATUSES),
});
export type WireCard = z.output<typeof cardSchema>;

/** The float the transaction was booked on, with its balance after it. */
const floatAfter = object({ name: text, currency: currencyCode, available_balance: wireMoney });

export const transactionDataSchema = object({
  transaction_id: text,
  client_request_id: text,
  type: transactionType,
  brand: text,
  /** Value put on (or taken off) the card. */
  face_value: wireMoney,
  /** Spends: what the float was charged. */
  cost: optional(wireMoney),
  /** Cancellations and cash-outs: what the float got back. */
  refund: optional(wireMoney),
  original_transaction_id: optional(text),
  float: floatAfter,
  card: cardSchema,
  created_at: timestamp,
});
export type TransactionData = z.output<typeof transactionDataSchema>;

export const balanceCheckDataSchema = object({
  client_request_id: text,
  type: transactionType,
  brand: text,
  card: cardSchema,
  checked_at: text,
});
export type BalanceCheckData = z.output<typeof balanceCheckDataSchema>;
