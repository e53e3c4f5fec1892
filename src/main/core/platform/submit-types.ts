import { TRANSFER_LIST_CAP } from '../../../shared/domain/platform';
export interface TransferSubmission {
  float: string;
  currency: string;
  /** Decimal text, e.g. "2500.00". */
  amount: string;
  /** Typed by a person; when absent a new ISO 11649 creditor reference is generated. */
  paymentReference?: string;
  financeEmail?: string;
  proformaInvoice?: Readonly<Record<string, string>>;
}

export interface RegisteredTransfer {
  float: string;
  currency: string;
  amount: string;
  paymentReference: string;
}

export interface FoundTransfer {
  float: string;
  currency: string;
  requestedAmount: string;
  paymentReference: string;
  /** created_at as the platform wrote it (ISO 8601 with a UTC offset). */
  createdAt: string;
}

/** GET float/transfer-requests filters used to find a submission. */
export interface LookupFilters {
  paymentReference: string;
  float?: string;
  currency?: string;
  /** YYYY-MM-DD */
  startDate?: string;
}

/** One POST: registered, or failed — and then whether the request may have reached the platform. */
export type SendResult =
  | { ok: true; transfer: RegisteredTransfer }
  | {
      ok: false;
      error: unknown;
      /** False only when the request certainly never left (nothing was written to a connection). */
      sent: boolean;
    };

export interface SubmissionDeps {
  /** POST float/request-payment-transfer once (never retried inside); never rejects. */
  send: (
    submission: TransferSubmission & { paymentReference: string },
    signal: AbortSignal | undefined,
  ) => Promise<SendResult>;
  /** GET float/transfer-requests (a safe, retried read). */
  lookup: (filters: LookupFilters, signal: AbortSignal | undefined) => Promise<FoundTransfer[]>;
  newReference: () => string;
  /** Epoch ms: the clock that signs requests (the platform holds it within minutes of its own). */
  now: () => number;
  /** Monotonic ms (performance.now), for the lookup window. */
  monotonicNow: () => number;
  /** Waits ms; rejects with signal.reason on abort. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** In [0, 1), for jitter. */
  random: () => number;
}

export interface SubmissionPolicy {
  /** Most POSTs for one submission (each resend only after the request was shown absent). */
  maxSends: number;
  /**
   * After an unclear send, how long the platform is given to show the request before it is concluded
   * absent (the client sets it to twice the headers timeout).
   */
  lookupWindowMs: number;
  /** Overall time limit of the lookups after one unclear send (their own signal). */
  lookupLimitMs: number;
  /** created_at may be this much before the submission started (clock skew). */
  clockSkewMs: number;
  /** Most items GET float/transfer-requests answers with (platform-notes.md: 50). */
  listCap: number;
  /** First backoff step for lookups and resends; doubles each time, capped by maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_SUBMISSION_POLICY: Readonly<SubmissionPolicy> = {
  maxSends: 3,
  lookupWindowMs: 60_000,
  lookupLimitMs: 120_000,
  clockSkewMs: 10 * 60_000,
  listCap: TRANSFER_LIST_CAP,
  backoffMs: 250,
  maxBackoffMs: 5_000,
};

export interface SubmitOptions {
  /** Cancels the submission; see submitTransfer for what a cancel after sending does. */
  signal?: AbortSignal;
  policy?: Partial<SubmissionPolicy>;
}

export interface SubmissionOutcome {
  transfer: RegisteredTransfer;
  /** How many times the request was sent (1 unless an earlier send was shown not to have arrived). */
  sends: number;
  /** True when the answer was lost and the request was found on the platform by its reference. */
  confirmedByLookup: boolean;
}

/** What the platform shows for a submission's reference (confirmSubmission). */
export type SubmissionCheck =
  /** A request matching reference, float, currency, amount (and time, when given) is registered. */
  | { status: 'registered'; transfer: RegisteredTransfer }
  /** The platform lists no request with this reference. */
  | { status: 'not_found' }
  /** The reference belongs to other requests only (older, or for another float or amount). */
  | { status: 'reference_taken'; found: FoundTransfer[] }
  /** The answer held the list cap even narrowed: absence cannot be shown. */
  | { status: 'ambiguous' };

/** What a submission is expected to have registered. */
export interface ExpectedTransfer {
  paymentReference: string;
  float: string;
  currency: string;
  amount: string;
  /** Epoch ms when the submission started; a request created before it (less the skew) is not it. */
  submittedAt?: number;
}

/** Did the platform certainly not act on the request? Then the error is final and safe to show. */
