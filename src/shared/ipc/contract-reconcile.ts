import { z } from 'zod';
import { CurrencyCode, IsoDate, NoInput } from './schemas';
import { PlannedMatchViewSchema, reconSettingsContract } from './contract-recon-settings';
import { rollforwardContract } from './contract-rollforward';

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

/**
 * A bank line as people know it: booking date, signed amount, who and what the bank wrote, and the
 * bank's own reference. `id` is FloatDesk's id of the line (for calls such as recon:resolve): when
 * the statement gave none it is computed (`sha256:…`), so it is shown only as a secondary detail.
 */
export const ReconLineDetailSchema = z.object({
  id: z.string(),
  bookingDate: IsoDate,
  valueDate: IsoDate.nullable(),
  amount: SignedMoney,
  counterparty: z.string().nullable(),
  remittance: z.string().nullable(),
  /** The reference the bank printed on the line (end-to-end or customer reference), if any. */
  reference: z.string().nullable(),
  /** The bank's own transaction id, or null when the statement gave none and FloatDesk computed one. */
  bankId: z.string().nullable(),
});

/** A transfer request as people know it: reference, float, amounts and the day it was created. */
export const ReconRequestDetailSchema = z.object({
  reference: z.string(),
  float: z.string(),
  requested: SignedMoney,
  approved: SignedMoney.nullable(),
  createdDate: IsoDate,
  status: z.string(),
});

/** Totals of a match: what left the bank, what was requested and approved, and the differences. */
export const ReconMatchTotalsSchema = z.object({
  paid: SignedMoney,
  requested: SignedMoney,
  approved: SignedMoney.nullable(),
  /** paid − requested. */
  difference: SignedMoney,
  /** paid − approved, when every request has an approved amount. */
  differenceApproved: SignedMoney.nullable(),
});

/** A match as stored or proposed: which bank lines and which requests, why, and how sure. */
export const ReconMatchSchema = z.object({
  rule: z.enum(MATCH_RULE_NAMES),
  lineIds: z.array(z.string()).min(1),
  requestReferences: z.array(z.string()).min(1),
  score: z.number().min(0).max(1),
  /** In plain words: "reference RF18… found in the remittance text; paid 2,500.00, requested 2,500.00". */
  explanation: z.string(),
  /**
   * The evidence alone in words ("Reference FD… found in the bank reference."), without the amounts
   * the explanation repeats (they are in `totals`). Absent for a match made by hand.
   */
  evidenceText: z.string().optional(),
  /** A stored match: the decision that made it (for recon:undo). Absent on a suggestion's option. */
  decisionId: z.number().int().positive().optional(),
  /** The bank lines and requests of the match, in the order of lineIds and requestReferences. */
  lines: z.array(ReconLineDetailSchema).optional(),
  requests: z.array(ReconRequestDetailSchema).optional(),
  /** Null when the items are in different currencies. */
  totals: ReconMatchTotalsSchema.nullable().optional(),
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
  /** Open, in no decision, and dated before the reconciliation start date (Settings): not worked on. */
  outOfScope: z.boolean().optional(),
  /** The item itself as people know it: a bank line's date, amount and texts, or the request's. */
  line: ReconLineDetailSchema.optional(),
  request: ReconRequestDetailSchema.optional(),
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
  /** Items before the reconciliation start date, counted here and in no state above. */
  outOfScope: z
    .object({ requests: z.number().int().nonnegative(), lines: z.number().int().nonnegative() })
    .optional(),
});

const Decision = z.object({ decisionId: z.number().int().positive(), auditSeq: z.number().int().positive() });

const ManualMatchInput = z
  .object({
    lineIds: z.array(z.string().min(1)).min(1).max(50),
    requestReferences: z.array(z.string().min(1)).min(1).max(50),
    note: z.string().max(1000).optional(),
  })
  .strict();

/** Exact unsigned decimal text, as the renderer reads an amount a person typed ("25,000.00" → "25000.00"). */
const UnsignedDecimal = z
  .string()
  .regex(/^\d{1,30}(\.\d{1,30})?$/, 'expected a decimal number such as 2500.00');

export const ITEM_SORT_COLUMNS = ['item', 'state', 'age', 'date', 'amount', 'label', 'match'] as const;
export const ItemSortColumn = z.enum(ITEM_SORT_COLUMNS);

/**
 * The open items' search, filters and order (recon:items). Text matches the reference or bank id,
 * the float, and the bank line's reference, counterparty and payment text, ignoring case; an amount
 * matches an item of that size, either sign. The amount range compares sizes too (direction tells
 * money in from money out; requests count as money in). Sorting is stable: equal keys keep the
 * default order (oldest first).
 */
const ItemQueryFields = {
  search: z.string().max(200).optional(),
  /** The search read as an amount (exact, unsigned), when it reads as one. */
  searchAmount: UnsignedDecimal.optional(),
  currencies: z.array(CurrencyCode).max(50).optional(),
  /** Float names; bank lines belong to no float, so they are left out when this is given. */
  floats: z.array(z.string().min(1).max(200)).max(100).optional(),
  direction: z.enum(['in', 'out']).optional(),
  amountMin: UnsignedDecimal.optional(),
  amountMax: UnsignedDecimal.optional(),
  sort: z.object({ column: ItemSortColumn, descending: z.boolean() }).strict().optional(),
};

export const ItemTotalsSchema = z.object({
  currency: CurrencyCode,
  count: z.number().int().nonnegative(),
  /** Requests and money received: the sum of the positive amounts. */
  moneyIn: SignedMoney,
  moneyInCount: z.number().int().nonnegative(),
  /** Bank payments: the sum of the negative amounts. */
  moneyOut: SignedMoney,
  moneyOutCount: z.number().int().nonnegative(),
  net: SignedMoney,
});

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
      /** Preview only: exactly the matches the run would store. */
      planned: z.array(PlannedMatchViewSchema).optional(),
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
        ...ItemQueryFields,
      })
      .strict(),
    output: z.object({
      total: z.number().int().nonnegative(),
      items: z.array(ReconItemSchema),
      /** Per currency, over every item the filters keep (all pages). */
      totals: z.array(ItemTotalsSchema).optional(),
      /** The currencies and floats among all items as of the date, for the filters' choices. */
      choices: z.object({ currencies: z.array(CurrencyCode), floats: z.array(z.string()) }).optional(),
    }),
  },
  /** What a match by hand of these items would warn about (the rule recon:match.manual applies); writes nothing. */
  'recon:match.check': {
    input: ManualMatchInput,
    output: z.object({ warnings: z.array(z.string()) }),
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
    input: ManualMatchInput,
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
  /**
   * Undo a decision (an automatic match, a confirmation, manual match, rejection or resolution); the
   * reason is kept in the audit log. An undone automatic match is not made again by later runs.
   */
  'recon:undo': {
    input: z
      .object({
        decisionId: z.number().int().positive(),
        reason: z.string().trim().min(1).max(500).optional(),
      })
      .strict(),
    output: Decision,
  },
  ...reconSettingsContract,
  ...rollforwardContract,
} as const;

export type ReconSummary = z.output<typeof ReconSummarySchema>;
export type ReconItem = z.output<typeof ReconItemSchema>;
export type ReconMatch = z.output<typeof ReconMatchSchema>;
export type ItemTotals = z.output<typeof ItemTotalsSchema>;
export type ItemSort = { column: z.output<typeof ItemSortColumn>; descending: boolean };
export type ReconLineDetail = z.output<typeof ReconLineDetailSchema>;
export type ReconRequestDetail = z.output<typeof ReconRequestDetailSchema>;
export type ReconMatchTotals = z.output<typeof ReconMatchTotalsSchema>;
