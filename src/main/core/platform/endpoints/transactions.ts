import {
  balanceCheckDataSchema,
  transactionDataSchema,
  type BalanceCheckData,
  type TransactionData,
} from '../schemas';
import type { Transport } from '../http';
import type { HttpMethod } from '../types';
import { RawJsonNumber } from '../wire';
import { callJson } from './call';

/**
 * The transaction endpoints of the spec's table (DEL there means HTTP DELETE). Their shapes are not
 * shown by the spec; these follow the simulator's documented design. Every body carries a
 * client_request_id (signed, with brand) that the platform uses to recognise a repeat. Money-moving
 * calls are sent once: a caller that lost an answer repeats the same client_request_id.
 */

export interface FaceValue {
  /** Decimal text, e.g. "25.00". */
  amount: string;
  currency: string;
}

export interface SpendRequest {
  clientRequestId: string;
  brand: string;
  faceValue: FaceValue;
  /** The float to charge; the platform picks one of the brand's currency when absent. */
  float?: string;
}

export interface TopUpRequest extends SpendRequest {
  cardCode: string;
}

export interface ReversalRequest {
  clientRequestId: string;
  brand: string;
  /** The transaction to cancel or cash out: by the platform's id or by our own client_request_id. */
  original: { transactionId: string } | { clientRequestId: string };
}

export interface BalanceCheckRequest {
  clientRequestId: string;
  brand: string;
  cardCode: string;
}

function spendBody(request: SpendRequest, cardCode?: string): Record<string, unknown> {
  return {
    client_request_id: request.clientRequestId,
    brand: request.brand,
    face_value: {
      amount: new RawJsonNumber(request.faceValue.amount, 'face_value.amount'),
      currency: request.faceValue.currency,
    },
    ...(request.float === undefined ? {} : { float: request.float }),
    ...(cardCode === undefined ? {} : { card_code: cardCode }),
  };
}

function reversalBody(request: ReversalRequest): Record<string, unknown> {
  return {
    client_request_id: request.clientRequestId,
    brand: request.brand,
    ...('transactionId' in request.original
      ? { original_transaction_id: request.original.transactionId }
      : { original_client_request_id: request.original.clientRequestId }),
  };
}

/**
 * Send one transaction. The body is built inside, so a bad value (an amount that is not a decimal)
 * rejects the promise with invalid_input instead of throwing before it exists. A card code sent in
 * the body is redacted from any error (the platform may quote it back in its message).
 */
async function transact(
  transport: Transport,
  method: HttpMethod,
  path: string,
  build: () => Record<string, unknown>,
  signal: AbortSignal | undefined,
  cardCode?: string,
): Promise<TransactionData> {
  const body = build();
  return callJson(
    transport,
    {
      method,
      path,
      body,
      signedParams: [String(body.client_request_id), String(body.brand)],
      retry: 'never',
      signal,
      ...(cardCode === undefined ? {} : { redact: [cardCode] }),
    },
    transactionDataSchema,
  );
}

/** A balance check: the card code goes in the body and is redacted from any error. */
async function checkBalance(
  transport: Transport,
  path: string,
  request: BalanceCheckRequest,
  signal?: AbortSignal,
): Promise<BalanceCheckData> {
  return callJson(
    transport,
    {
      method: 'POST',
      path,
      body: { client_request_id: request.clientRequestId, brand: request.brand, card_code: request.cardCode },
      signedParams: [request.clientRequestId, request.brand],
      // Reads nothing but a balance: safe to repeat.
      retry: 'safe',
      signal,
      redact: [request.cardCode],
    },
    balanceCheckDataSchema,
  );
}

/** One function per transaction type of the spec's table, bound to a transport. */
export function transactionEndpoints(transport: Transport) {
  return {
    /** digital_issuance — POST /digital/issue */
    issueDigital: (r: SpendRequest, signal?: AbortSignal) =>
      transact(transport, 'POST', 'digital/issue', () => spendBody(r), signal),
    /** cancelled_digital_issuance — DEL /digital/issue */
    cancelDigitalIssue: (r: ReversalRequest, signal?: AbortSignal) =>
      transact(transport, 'DELETE', 'digital/issue', () => reversalBody(r), signal),
    /** physical_activation — POST /physical/activate */
    activatePhysical: (r: SpendRequest & { cardCode?: string }, signal?: AbortSignal) =>
      transact(transport, 'POST', 'physical/activate', () => spendBody(r, r.cardCode), signal, r.cardCode),
    /** cancelled_physical_activation — DEL /physical/activate */
    cancelPhysicalActivation: (r: ReversalRequest, signal?: AbortSignal) =>
      transact(transport, 'DELETE', 'physical/activate', () => reversalBody(r), signal),
    /** physical_top_up — POST /physical/top-up */
    topUpPhysical: (r: TopUpRequest, signal?: AbortSignal) =>
      transact(transport, 'POST', 'physical/top-up', () => spendBody(r, r.cardCode), signal, r.cardCode),
    /** cancelled_physical_top_up — DEL /physical/top-up */
    cancelPhysicalTopUp: (r: ReversalRequest, signal?: AbortSignal) =>
      transact(transport, 'DELETE', 'physical/top-up', () => reversalBody(r), signal),
    /** digital_top_up — POST /digital/top-up */
    topUpDigital: (r: TopUpRequest, signal?: AbortSignal) =>
      transact(transport, 'POST', 'digital/top-up', () => spendBody(r, r.cardCode), signal, r.cardCode),
    /** digital_cash_out — POST /digital/cash-out-original-transaction */
    cashOutDigital: (r: ReversalRequest, signal?: AbortSignal) =>
      transact(transport, 'POST', 'digital/cash-out-original-transaction', () => reversalBody(r), signal),
    /** physical_cash_out — POST /physical/cash-out-original-transaction */
    cashOutPhysical: (r: ReversalRequest, signal?: AbortSignal) =>
      transact(transport, 'POST', 'physical/cash-out-original-transaction', () => reversalBody(r), signal),
    /** balance_check — POST /digital/check-balance */
    checkDigitalBalance: (r: BalanceCheckRequest, signal?: AbortSignal) =>
      checkBalance(transport, 'digital/check-balance', r, signal),
    /** balance_check — POST /physical/check-balance */
    checkPhysicalBalance: (r: BalanceCheckRequest, signal?: AbortSignal) =>
      checkBalance(transport, 'physical/check-balance', r, signal),
  };
}

export type TransactionEndpoints = ReturnType<typeof transactionEndpoints>;
