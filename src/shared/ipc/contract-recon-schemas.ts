import { z } from 'zod';
import { CurrencyCode, IsoDate } from './schemas';

/**
 * The shapes the reconciliation channels share: items, matches and their details, the summary, and
 * the open items' search, filters and totals (contract-recon.ts uses them; so do the period
 * close and the export).
 */

/** Exact signed decimal text with its currency (a bank line's amount may be negative). */
export const SignedMoney = z.object({
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

/** Why a person resolved an item without a match (recon:resolve). */
export const RESOLUTION_REASONS = [
  'bank_fee',
  'fx_difference',
  'duplicate',
  'refunded',
  'not_a_top_up',
  'written_off',
  'other',
] as const;

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

/** Exact unsigned decimal text, as the renderer reads an amount a person typed ("25,000.00" → "25000.00"). */
export const UnsignedDecimal = z
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
export const ItemQueryFields = {
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
