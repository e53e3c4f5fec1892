import { randomInt } from 'node:crypto';
import { newCreditorReference } from '../../../shared/domain/creditor-reference';
import { listBrands, type BrandFilters } from './endpoints/brands';
import { checkFloats } from './endpoints/floats';
import { downloadTemplate, listTemplates, type TemplateDownload } from './endpoints/templates';
import { transactionEndpoints } from './endpoints/transactions';
import {
  listTransferRequests,
  requestPaymentTransfer,
  type TransferRequestFilters,
} from './endpoints/transfers';
import { createTransport, type Transport } from './http';
import type { RateLimiter } from './rate-limiter';
import { submitTransfer, type SubmissionOutcome, type TransferSubmission } from './submit-transfer';
import type { PlatformCredentials, TransportOptions } from './types';

/**
 * The platform client: the only network code in FloatDesk. Every method validates the answer
 * exactly; failures are AppErrors from one taxonomy (errors.ts). A top-up goes through
 * submitTransfer, never straight to the POST.
 */
export function createPlatformClient(
  credentials: PlatformCredentials,
  options: Partial<TransportOptions> & { limiter?: RateLimiter; transport?: Transport } = {},
) {
  const transport = options.transport ?? createTransport(credentials, options);
  return {
    checkFloats: (filters: { currency?: string } = {}, signal?: AbortSignal) =>
      checkFloats(transport, filters, signal),
    listTransferRequests: (filters: TransferRequestFilters = {}, signal?: AbortSignal) =>
      listTransferRequests(transport, filters, signal),
    listBrands: (filters: BrandFilters = {}, signal?: AbortSignal) => listBrands(transport, filters, signal),
    listTemplates: (filters: { brand?: string; template?: string } = {}, signal?: AbortSignal) =>
      listTemplates(transport, filters, signal),
    downloadTemplate: (download: TemplateDownload, saveTo: string, signal?: AbortSignal) =>
      downloadTemplate(transport, download, saveTo, signal),
    transactions: transactionEndpoints(transport),

    /** Register a top-up exactly once, whatever the network does (see submit-transfer.ts). */
    submitTransfer(submission: TransferSubmission, signal?: AbortSignal): Promise<SubmissionOutcome> {
      return submitTransfer(
        {
          send: async (request) => {
            const data = await requestPaymentTransfer(transport, request, signal);
            return {
              float: data.float,
              currency: data.currency,
              amount: data.amount,
              paymentReference: data.payment_reference,
            };
          },
          lookup: async (paymentReference) =>
            (await listTransferRequests(transport, { paymentReference }, signal)).map((item) => ({
              float: item.float,
              currency: item.requested.currency,
              requestedAmount: item.requested.amount,
              paymentReference: item.payment_reference,
            })),
          newReference: () => newCreditorReference((bound) => randomInt(bound)),
        },
        submission,
      );
    },

    close: () => transport.close(),
  };
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;
