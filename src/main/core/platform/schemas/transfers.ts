/**
 * Float transfer requests (platform-notes.md, "Floats"):
 *   POST /float/request-payment-transfer → data {float, currency, amount: "100.00", payment_reference}
 *   GET  /float/transfer-requests        → data [{float, requested, approved|null, payment_reference,
 *                                                 status, created_at}, ...]   (at most 50 items)
 * Amounts are exact decimal text. A status the platform adds later is kept as it is.
 */
import { z } from 'zod';
import { TRANSFER_STATUSES } from '../../../../shared/domain/platform';
import { currencyCode, decimal, list, object, openEnum, text, timestamp, wireMoney } from './primitives';

export const requestPaymentTransferDataSchema = object({
  float: text,
  currency: currencyCode,
  amount: decimal,
  payment_reference: text,
});
export type RequestPaymentTransferData = z.output<typeof requestPaymentTransferDataSchema>;

/** `approved`: null while nothing is approved; an absent key means the same. */
const approved = wireMoney.nullable().default(null);

export const transferRequestSchema = object({
  float: text,
  requested: wireMoney,
  approved,
  payment_reference: text,
  status: openEnum(TRANSFER_STATUSES),
  created_at: timestamp,
});
export type WireTransferRequest = z.output<typeof transferRequestSchema>;

/**
 * Compiled (z.compile): a sync can read many of these lists, and the compiled parser is about twice
 * as fast on valid input. Invalid input falls back to the runtime parser, so the problems reported
 * are the same; the fuzz test checks both parsers give the same answers.
 */
export const transferRequestsDataSchema = z.compile(list(transferRequestSchema));
export type TransferRequestsData = z.output<typeof transferRequestsDataSchema>;
