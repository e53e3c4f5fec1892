import { z } from 'zod';
import { rollforwardContract } from './contract-rollforward';
import { CurrencyCode, IsoDate, NoInput } from './schemas';

/**
 * Reconciliation (issue 7): statement import, the matching run and its summary, the open items,
 * the suggestion queue and the review decisions, and the float roll-forward. Every decision is
 * appended to the audit log in the same transaction.
 */

/** Exact signed decimal text with its currency (a bank line's amount may be negative). */
const SignedMoney = z.object({
  amount: z.string().regex(/^-?\d+(\.\d+)?$/, 'expected a decimal number such as -2500.00'),
  currency: CurrencyCode,
});

export const RECON_STATES = [
  'awaiting_payment',
  'paid_awaiting_approval',
  'matched',
  'variance',
  'approved_unpaid',
  'refund_expected',
  'unmatched_bank_payment',
  'resolved',
  'signed_off',
] as const;
export const ReconStateName = z.enum(RECON_STATES);

export const AGEING_BUCKETS = ['0-2', '3-7', '8-30', 'over-30'] as const;
export const AgeingBucketName = z.enum(AGEING_BUCKETS);

export const MATCH_RULE_NAMES = [
  'exact_reference',
  'fuzzy_reference',
  'amount_date',
  'split_sum',
  'manual',
] as const;

/** A match as stored or proposed: which bank lines and which requests, why, and how sure. */
export const ReconMatchSchema = z.object({
  rule: z.enum(MATCH_RULE_NAMES),
  lineIds: z.array(z.string()).min(1),
  requestReferences: z.array(z.string()).min(1),
  score: z.number().min(0).max(1),
  /** In plain words: "reference RF18… found in the remittance text; paid 2,500.00, requested 2,500.00". */
  explanation: z.string(),
  /** A stored match: the decision that made it (for recon:undo). Absent on a suggestion's option. */
  decisionId: z.number().int().positive().optional(),
});

export const StatementProblemSchema = z.object({
  line: z.number().int().nonnegative(),
  field: z.string().nullable(),
  problem: z.string(),
});

export const ReconItemSchema = z.object({
  kind: z.enum(['request', 'line']),
  /** Payment reference of a request, or the bank transaction id of a line. */
  id: z.string(),
  state: ReconStateName,
  /** Open items only: how old, from the request's creation or the line's booking date. */
  ageing: AgeingBucketName.nullable(),
  date: IsoDate,
  amount: SignedMoney,
  /** Request: float name; line: counterparty or remittance text. */
  label: z.string(),
  match: ReconMatchSchema.nullable(),
  resolution: z
    .object({ reasonCode: z.string(), note: z.string(), decisionId: z.number().int().positive().optional() })
    .nullable(),
  /** The sign-off in force that locks this item (period close), or null. */
  lockedBy: z.object({ signOffId: z.number().int().positive(), asOf: IsoDate }).nullable(),
});

export const ReconSummarySchema = z.object({
  asOf: IsoDate,
  /** Counts of transfer requests per state, except unmatched_bank_payment (bank lines). */
  states: z.object(
    Object.fromEntries(RECON_STATES.map((state) => [state, z.number().int().nonnegative()])) as {
      [K in (typeof RECON_STATES)[number]]: z.ZodNumber;
    },
  ),
  suggestions: z.number().int().nonnegative(),
  /** Per currency: bank payments matched vs requests matched, and the roll-forward difference. */
  currencies: z.array(
    z.object({
      currency: CurrencyCode,
      paid: SignedMoney,
      matchedRequested: SignedMoney,
      openRequests: z.number().int().nonnegative(),
      rollForwardDifference: SignedMoney.nullable(),
    }),
  ),
});

const Decision = z.object({ decisionId: z.number().int().positive(), auditSeq: z.number().int().positive() });

/** The most base64 text a statement file may be sent as (about 30 MB of file). */
export const STATEMENT_BASE64_MAX = 40_000_000;

export const reconcileContract = {
  /**
   * Import a statement file: its bytes as base64 (up to about 30 MB), or — from the CLI only, the
   * shells refuse it from a page — the absolute path of a file the core reads itself, a piece at a
   * time. Refused as a whole when it does not add up.
   */
  'recon:import': {
    input: z
      .object({
        fileName: z.string().min(1).max(255),
        contentBase64: z.string().min(1).max(STATEMENT_BASE64_MAX).optional(),
        path: z.string().min(1).max(4096).optional(),
        format: z.enum(['auto', 'csv', 'camt053', 'mt940', 'ofx']).optional(),
        profile: z.string().min(1).max(100).optional(),
        /** The account's currency, for a CSV read by its column titles (no profile) that names none. */
        currency: CurrencyCode.optional(),
        acceptReadableLines: z.boolean().optional(),
      })
      .strict()
      .refine((input) => (input.contentBase64 === undefined) !== (input.path === undefined), {
        message: 'give the file either as contentBase64 or as a path, not both',
        path: ['contentBase64'],
      }),
    output: z.object({
      format: z.enum(['csv', 'camt053', 'mt940', 'ofx']).nullable(),
      stored: z.boolean(),
      linesRead: z.number().int().nonnegative(),
      linesAdded: z.number().int().nonnegative(),
      linesAlreadyKnown: z.number().int().nonnegative(),
      /** The first problems by line (at most 100). */
      errors: z.array(StatementProblemSchema),
      /** How many problems there were in all. */
      errorsTotal: z.number().int().nonnegative(),
      /** Why nothing was stored, in words; null when stored. */
      refusal: z.string().nullable(),
      /** A CSV read without a profile: the column mapping recognised from its titles, in words. */
      mapping: z.string().optional(),
    }),
  },
  'recon:profiles.list': {
    input: NoInput,
    output: z.object({
      profiles: z.array(
        z.object({
          name: z.string(),
          profile: z.record(z.string(), z.unknown()),
          /** How the profile reads a file, in words (the same words as an import's `mapping`). */
          description: z.string().optional(),
        }),
      ),
    }),
  },
  'recon:profiles.save': {
    input: z
      .object({ name: z.string().min(1).max(100), profile: z.record(z.string(), z.unknown()) })
      .strict(),
    output: z.object({ name: z.string() }),
  },
  /** Run the matching passes as of a date; with preview, compute everything and write nothing. */
  'recon:run': {
    input: z.object({ asOf: IsoDate.optional(), preview: z.boolean().optional() }).strict(),
    output: z.object({
      summary: ReconSummarySchema,
      matchesAdded: z.number().int().nonnegative(),
      suggestions: z.number().int().nonnegative(),
    }),
  },
  'recon:summary': { input: z.object({ asOf: IsoDate.optional() }).strict(), output: ReconSummarySchema },
  'recon:items': {
    input: z
      .object({
        asOf: IsoDate.optional(),
        states: z.array(ReconStateName).max(9).optional(),
        ageing: AgeingBucketName.optional(),
        offset: z.number().int().min(0).optional(),
        limit: z.number().int().min(1).max(500).optional(),
      })
      .strict(),
    output: z.object({ total: z.number().int().nonnegative(), items: z.array(ReconItemSchema) }),
  },
  'recon:suggestions': {
    input: NoInput,
    output: z.object({
      suggestions: z.array(
        z.object({
          key: z.string(),
          reason: z.enum(['tie', 'conflict', 'weak_evidence']),
          options: z
            .array(
              ReconMatchSchema.extend({
                /** False when recon:match.confirm would refuse this option; `whyNot` says why. */
                confirmable: z.boolean(),
                whyNot: z.string().nullable(),
              }),
            )
            .min(1),
        }),
      ),
    }),
  },
  /** Accept one option of a suggestion (by the suggestion's key and the option's index). */
  'recon:match.confirm': {
    input: z.object({ key: z.string().min(1), option: z.number().int().min(0) }).strict(),
    output: Decision,
  },
  /** Decline a suggestion: its options are not proposed again. */
  'recon:match.reject': { input: z.object({ key: z.string().min(1) }).strict(), output: Decision },
  /** Match by hand; warnings say what breaches the tolerance (it is matched anyway). */
  'recon:match.manual': {
    input: z
      .object({
        lineIds: z.array(z.string().min(1)).min(1).max(50),
        requestReferences: z.array(z.string().min(1)).min(1).max(50),
        note: z.string().max(1000).optional(),
      })
      .strict(),
    output: Decision.extend({ warnings: z.array(z.string()) }),
  },
  'recon:resolve': {
    input: z
      .object({
        kind: z.enum(['request', 'line']),
        id: z.string().min(1),
        reasonCode: z.enum(['bank_fee', 'fx_difference', 'duplicate', 'refunded', 'not_a_top_up', 'other']),
        note: z.string().min(1).max(1000),
      })
      .strict(),
    output: Decision,
  },
  /** Undo a decision (a confirmation, manual match, rejection or resolution). */
  'recon:undo': { input: z.object({ decisionId: z.number().int().positive() }).strict(), output: Decision },
  ...rollforwardContract,
} as const;

export type ReconSummary = z.output<typeof ReconSummarySchema>;
export type ReconItem = z.output<typeof ReconItemSchema>;
export type ReconMatch = z.output<typeof ReconMatchSchema>;
