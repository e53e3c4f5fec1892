import { z } from 'zod';
import { CurrencyCode, DecimalString, IsoDate, IsoTimestamp, NoInput } from './schemas';

/**
 * Transfer requests: the table, its filters and sort, a request's history, the New transfer
 * request form with its drafts, and submission through the client's idempotent path.
 */

/** The longest reason a draft keeps (why it was saved rather than sent); the ledger column checks it too. */
export const DRAFT_REASON_MAX = 500;

/**
 * A currency as the ledger keeps it: three capital letters, possibly a code FloatDesk's ISO 4217 table
 * does not know yet (the platform may send one; it is kept, never dropped), so reads use this shape
 * check where a new request (TransferSubmitInput) requires a known code.
 */
const LedgerCurrencyCode = z.string().regex(/^[A-Z]{3}$/, 'expected a three-letter currency code');
const LedgerMoneySchema = z.object({ amount: DecimalString, currency: LedgerCurrencyCode });

/** pending, approved, approved_edited, removed, cancelled — or a status the platform adds later (kept). */
export const TransferStatusName = z.string().min(1).max(64);

/** The platform's filters plus free text; every one optional, all combined with AND. */
export const TransferFiltersSchema = z
  .object({
    float: z.string().min(1).max(200).optional(),
    currency: LedgerCurrencyCode.optional(),
    /** Exact payment reference (spaces and case ignored). */
    paymentReference: z.string().min(1).max(64).optional(),
    /** Creation date range, inclusive, on the date as the platform wrote created_at. */
    from: IsoDate.optional(),
    to: IsoDate.optional(),
    statuses: z.array(TransferStatusName).max(20).optional(),
    /** Free text: matched against reference, float, currency, status and amounts. */
    text: z.string().max(200).optional(),
  })
  .strict();

export const TRANSFER_SORT_COLUMNS = [
  'createdAt',
  'paymentReference',
  'float',
  'currency',
  'requested',
  'approved',
  'difference',
  'status',
  'origin',
  'lastChangedAt',
] as const;

export const TransferSortSchema = z
  .object({ column: z.enum(TRANSFER_SORT_COLUMNS), direction: z.enum(['asc', 'desc']) })
  .strict();

export const TransferRowSchema = z.object({
  id: z.number().int().positive(),
  paymentReference: z.string(),
  /** created_at exactly as the platform wrote it (ISO 8601 with its offset). */
  createdAt: z.string(),
  float: z.string(),
  currency: LedgerCurrencyCode,
  requested: LedgerMoneySchema,
  approved: LedgerMoneySchema.nullable(),
  /** approved − requested when there is an approved amount, else null. */
  difference: LedgerMoneySchema.nullable(),
  status: TransferStatusName,
  /** Submitted from this workspace, or first seen on the platform. */
  origin: z.enum(['submitted', 'platform']),
  /** When the ledger last recorded a change of this request. */
  lastChangedAt: IsoTimestamp,
  /** An amount has more decimals than its currency allows (kept exactly, flagged). */
  overPrecise: z.boolean(),
});

export const TransferHistoryEntrySchema = z.object({
  at: IsoTimestamp,
  kind: z.enum(['first_seen', 'status', 'approved_amount', 'status_and_amount']),
  status: TransferStatusName.nullable(),
  approved: LedgerMoneySchema.nullable(),
  syncRunId: z.number().int().positive().nullable(),
});

/** The proforma invoice block of the spec: every member a string, every one optional. */
export const ProformaInvoiceSchema = z
  .object({
    company_name: z.string().max(200).optional(),
    address_line_1: z.string().max(200).optional(),
    address_line_2: z.string().max(200).optional(),
    address_line_3: z.string().max(200).optional(),
    address_line_4: z.string().max(200).optional(),
    city: z.string().max(200).optional(),
    post_code: z.string().max(200).optional(),
    county: z.string().max(200).optional(),
    country: z.string().max(200).optional(),
  })
  .strict();

/** The New transfer request form as typed (strings, possibly incomplete): what a draft keeps. */
export const TransferFormSchema = z
  .object({
    float: z.string().max(200).optional(),
    currency: z.string().max(3).optional(),
    amount: z.string().max(40).optional(),
    paymentReference: z.string().max(64).optional(),
    financeEmail: z.string().max(320).optional(),
    proformaInvoice: ProformaInvoiceSchema.optional(),
  })
  .strict();

/** What is sent; the core checks every field again (exact amount, reference, e-mail) before sending. */
export const TransferSubmitInput = z
  .object({
    float: z.string().min(1).max(200),
    currency: CurrencyCode,
    /** Decimal text, exactly as typed after trimming, e.g. "2500.00". */
    amount: z.string().min(1).max(40),
    /** Absent: the core generates an ISO 11649 creditor reference. */
    paymentReference: z.string().min(1).max(64).optional(),
    financeEmail: z.string().min(1).max(320).optional(),
    proformaInvoice: ProformaInvoiceSchema.optional(),
    /** The draft this submission came from: deleted once the platform has the request. */
    draftId: z.number().int().positive().optional(),
    /**
     * The same float, currency and amount was requested within 7 days: the core refuses the submission
     * (invalid_input with details.possibleDuplicate naming the earlier request) unless this is true.
     */
    confirmedPossibleDuplicate: z.boolean().optional(),
  })
  .strict();

export const TransferDraftSchema = z.object({
  id: z.number().int().positive(),
  savedAt: IsoTimestamp,
  /** Why it was kept as a draft (e.g. "You are offline"), or null when saved by hand. */
  reason: z.string().nullable(),
  form: TransferFormSchema,
});

export const transfersContract = {
  /** One window of the table: rows `offset`..`offset + limit` of everything matching, in order. */
  'transfers:list': {
    input: z
      .object({
        filters: TransferFiltersSchema.optional(),
        sort: TransferSortSchema.optional(),
        offset: z.number().int().min(0).optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      })
      .strict(),
    output: z.object({
      total: z.number().int().nonnegative(),
      offset: z.number().int().nonnegative(),
      rows: z.array(TransferRowSchema),
    }),
  },
  /** Values the filters can offer: floats (with currency) and statuses the ledger holds. */
  'transfers:options': {
    input: NoInput,
    output: z.object({
      floats: z.array(z.object({ name: z.string(), currency: LedgerCurrencyCode })),
      statuses: z.array(TransferStatusName),
    }),
  },
  'transfers:detail': {
    input: z.object({ id: z.number().int().positive() }).strict(),
    output: z.object({
      transfer: TransferRowSchema,
      firstSeenAt: IsoTimestamp,
      /** Oldest first. */
      history: z.array(TransferHistoryEntrySchema),
      /** Submissions from this workspace with this reference, oldest first. */
      submissions: z.array(
        z.object({
          submittedAt: IsoTimestamp,
          outcome: z.enum(['registered', 'confirmed_by_lookup', 'refused', 'unknown']),
          errorCode: z.string().nullable(),
          /** What was sent besides the amount (null: not sent, or sent before FloatDesk kept it). */
          financeEmail: z.string().nullable(),
          proformaInvoice: ProformaInvoiceSchema.nullable(),
          /** Who sent it: the person's name or this computer's account; null when not known. */
          submittedBy: z.string().nullable(),
          /** Sent although this earlier request looked the same (the person chose "Send anyway"). */
          confirmedDuplicateOf: z.string().nullable(),
        }),
      ),
    }),
  },
  /**
   * Register a transfer request with the platform (never sent twice). Offline before anything left
   * the machine: fails with code 'offline' and the form saved as a draft (details.draftId).
   */
  'transfers:submit': {
    input: TransferSubmitInput,
    output: z.object({
      /** 'unknown': the platform may have it; it shows up after the next sync, or check later. */
      outcome: z.enum(['registered', 'unknown']),
      paymentReference: z.string(),
      /** The ledger row, when the request is registered (it is in the table at once). */
      transferId: z.number().int().positive().nullable(),
      message: z.string(),
    }),
  },
  'transfers:drafts.list': {
    input: NoInput,
    output: z.object({ drafts: z.array(TransferDraftSchema) }),
  },
  'transfers:drafts.save': {
    input: z
      .object({
        id: z.number().int().positive().optional(),
        form: TransferFormSchema,
        reason: z.string().max(DRAFT_REASON_MAX).optional(),
      })
      .strict(),
    output: TransferDraftSchema,
  },
  'transfers:drafts.delete': {
    input: z.object({ id: z.number().int().positive() }).strict(),
    output: z.object({ deleted: z.boolean() }),
  },
} as const;

export type TransferFilters = z.output<typeof TransferFiltersSchema>;
export type TransferSort = z.output<typeof TransferSortSchema>;
export type TransferRow = z.output<typeof TransferRowSchema>;
export type TransferHistoryEntry = z.output<typeof TransferHistoryEntrySchema>;
export type ProformaInvoice = z.output<typeof ProformaInvoiceSchema>;
export type TransferForm = z.output<typeof TransferFormSchema>;
export type TransferDraft = z.output<typeof TransferDraftSchema>;
