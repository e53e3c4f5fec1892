import { randomInt } from 'node:crypto';
import { newCreditorReference } from '../../../shared/domain/creditor-reference';
import { AppError } from '../../../shared/ipc/errors';
import { listBrands, type BrandFilters } from './endpoints/brands';
import { checkFloats } from './endpoints/floats';
import { downloadTemplate, listTemplates, type TemplateDownload } from './endpoints/templates';
import { transactionEndpoints } from './endpoints/transactions';
import {
  listTransferRequests,
  requestPaymentTransfer,
  type TransferRequestFilters,
} from './endpoints/transfers';
import { createTransport, DEFAULT_TRANSPORT_OPTIONS, type Transport } from './http';
import { abortableSleep, type RateLimiter } from './rate-limiter';
import {
  checkSubmission,
  DEFAULT_SUBMISSION_POLICY,
  submitTransfer,
  type ExpectedTransfer,
  type SubmissionCheck,
  type SubmissionDeps,
  type SubmissionOutcome,
  type SubmissionPolicy,
  type TransferSubmission,
} from './submit-transfer';
import type { PlatformCredentials, TransportOptions } from './types';

/** Longest backoff step between the lookups that confirm a top-up. */
const MAX_LOOKUP_BACKOFF_MS = 5_000;

export interface PlatformClientOptions extends Partial<TransportOptions> {
  limiter?: RateLimiter;
  transport?: Transport;
  /**
   * How top-ups are confirmed (submit-transfer.ts). Defaults: the lookup window is twice the headers
   * timeout, the lookups' own time limit twice that, backoff from baseBackoffMs.
   */
  submission?: Partial<SubmissionPolicy>;
}

/**
 * The platform client: the only network code in FloatDesk. Every method validates the answer
 * exactly; failures are AppErrors from one taxonomy (errors.ts). A top-up goes through
 * submitTransfer, never straight to the POST.
 */
export function createPlatformClient(credentials: PlatformCredentials, options: PlatformClientOptions = {}) {
  const transport = options.transport ?? createTransport(credentials, options);
  const headersTimeoutMs = options.headersTimeoutMs ?? DEFAULT_TRANSPORT_OPTIONS.headersTimeoutMs;
  const lookupWindowMs = options.submission?.lookupWindowMs ?? 2 * headersTimeoutMs;
  const policy: SubmissionPolicy = {
    ...DEFAULT_SUBMISSION_POLICY,
    lookupWindowMs,
    lookupLimitMs: 2 * lookupWindowMs,
    backoffMs: options.baseBackoffMs ?? DEFAULT_TRANSPORT_OPTIONS.baseBackoffMs,
    maxBackoffMs: Math.min(options.maxBackoffMs ?? MAX_LOOKUP_BACKOFF_MS, MAX_LOOKUP_BACKOFF_MS),
    ...options.submission,
  };

  const lookup: SubmissionDeps['lookup'] = async (filters, signal) =>
    (await listTransferRequests(transport, filters, signal)).map((item) => ({
      float: item.float,
      currency: item.requested.currency,
      requestedAmount: item.requested.amount,
      paymentReference: item.payment_reference,
      createdAt: item.created_at,
    }));

  const deps: SubmissionDeps = {
    async send(request, signal) {
      let sent = false;
      try {
        const data = await requestPaymentTransfer(transport, request, signal, {
          onSent: () => {
            sent = true;
          },
        });
        return {
          ok: true,
          transfer: {
            float: data.float,
            currency: data.currency,
            amount: data.amount,
            paymentReference: data.payment_reference,
          },
        };
      } catch (error) {
        // Never left: the transport said so, or it tracks sending and never started writing.
        const notSent =
          (error instanceof AppError && error.details?.sent === false) ||
          (transport.tracksSending === true && !sent);
        return { ok: false, error, sent: !notSent };
      }
    },
    lookup,
    newReference: () => newCreditorReference((bound) => randomInt(bound)),
    now: options.now ?? DEFAULT_TRANSPORT_OPTIONS.now,
    monotonicNow: options.monotonicNow ?? DEFAULT_TRANSPORT_OPTIONS.monotonicNow,
    sleep: options.sleep ?? abortableSleep,
    random: options.random ?? Math.random,
  };

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

    /**
     * Register a top-up exactly once, whatever the network does (see submit-transfer.ts). A typed
     * reference the platform already lists is refused before sending. When the outcome cannot be
     * confirmed the AppError's details carry {paymentReference, outcome: 'unknown', float, currency,
     * amount, submittedAt}: pass them to confirmSubmission later instead of sending again. A cancel
     * after the request left still finds out what happened (and returns the outcome if registered).
     */
    submitTransfer(submission: TransferSubmission, signal?: AbortSignal): Promise<SubmissionOutcome> {
      return submitTransfer(deps, submission, { signal, policy });
    },

    /**
     * Look once for a submitted top-up by its reference (e.g. after an 'unknown' outcome). With
     * `submittedAt` (epoch ms, as in the error's details) a request created before it (less ten
     * minutes of clock skew) does not count: a reused reference is not this submission.
     */
    confirmSubmission(
      paymentReference: string,
      expected: Omit<ExpectedTransfer, 'paymentReference' | 'submittedAt'> & {
        submittedAt?: number | string | null;
      },
      signal?: AbortSignal,
    ): Promise<SubmissionCheck> {
      const at = expected.submittedAt;
      const submittedAt = typeof at === 'string' ? Date.parse(at) : (at ?? undefined);
      return checkSubmission(
        lookup,
        {
          paymentReference,
          float: expected.float,
          currency: expected.currency,
          amount: expected.amount,
          ...(submittedAt === undefined || Number.isNaN(submittedAt) ? {} : { submittedAt }),
        },
        policy,
        signal,
      );
    },

    close: () => transport.close(),
  };
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;
