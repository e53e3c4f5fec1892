import { canonicalDecimal } from '../../../../shared/domain/money';
import { invalidInput } from '../../../../shared/ipc/errors';
import type { TransferStatus } from '../../../../shared/domain/platform';
import {
  requestPaymentTransferDataSchema,
  transferRequestsDataSchema,
  type RequestPaymentTransferData,
  type TransferRequestsData,
} from '../schemas';
import type { Transport } from '../http';
import { RawJsonNumber } from '../wire';
import { callJson } from './call';

export interface PaymentTransferBody {
  float: string;
  currency: string;
  /** Decimal text with at most two decimals (validated by the caller). */
  amount: string;
  paymentReference: string;
  financeEmail?: string;
  proformaInvoice?: Readonly<Record<string, string>>;
}

/**
 * "1500" → "1500.00": the platform takes the amount as a JSON number with two decimals. Anything
 * else (not a decimal, more than two decimals, negative) is invalid_input naming `amount`.
 */
function twoDecimals(amount: string): string {
  const refuse = (problem: string) => invalidInput('transfer request', [{ field: 'amount', problem }]);
  let canonical: string;
  try {
    canonical = canonicalDecimal(amount);
  } catch {
    throw refuse('must be a number such as 2500.00');
  }
  const [integer = '', fraction = ''] = canonical.split('.');
  if (integer.startsWith('-')) throw refuse('must be more than zero');
  if (fraction.length > 2) throw refuse('may have at most two decimals');
  return `${integer}.${fraction.padEnd(2, '0')}`;
}

/**
 * POST float/request-payment-transfer, sent exactly once: never call this directly to top up a
 * float; submitTransfer wraps it with the look-up-before-resend rule. `hooks.onSent` is called when
 * the request starts going out on a connection (see PlatformRequest.onSent): if it never was, the
 * platform certainly never saw the request.
 */
export async function requestPaymentTransfer(
  transport: Transport,
  body: PaymentTransferBody,
  signal?: AbortSignal,
  hooks: { onSent?: () => void } = {},
): Promise<RequestPaymentTransferData> {
  return callJson(
    transport,
    {
      method: 'POST',
      path: 'float/request-payment-transfer',
      body: {
        float: body.float,
        currency: body.currency,
        amount: new RawJsonNumber(twoDecimals(body.amount)),
        payment_reference: body.paymentReference,
        ...(body.financeEmail === undefined ? {} : { finance_email: body.financeEmail }),
        ...(body.proformaInvoice === undefined ? {} : { proforma_invoice: body.proformaInvoice }),
      },
      signedParams: [],
      retry: 'never',
      signal,
      ...(hooks.onSent === undefined ? {} : { onSent: hooks.onSent }),
    },
    requestPaymentTransferDataSchema,
  );
}

export interface TransferRequestFilters {
  float?: string;
  currency?: string;
  paymentReference?: string;
  /** YYYY-MM-DD */
  startDate?: string;
  /** YYYY-MM-DD */
  endDate?: string;
  status?: TransferStatus;
}

/** GET float/transfer-requests. At most 50 items come back and there is no paging (see sync). */
export function listTransferRequests(
  transport: Transport,
  filters: TransferRequestFilters = {},
  signal?: AbortSignal,
): Promise<TransferRequestsData> {
  return callJson(
    transport,
    {
      method: 'GET',
      path: 'float/transfer-requests',
      query: {
        float: filters.float,
        currency: filters.currency,
        payment_reference: filters.paymentReference,
        start_date: filters.startDate,
        end_date: filters.endDate,
        status: filters.status,
      },
      signedParams: [],
      retry: 'safe',
      signal,
    },
    transferRequestsDataSchema,
  );
}
