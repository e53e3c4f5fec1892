import { z } from 'zod';
import { CurrencyCode, IsoDate, NoInput } from './schemas';
import { PlannedMatchViewSchema, reconSettingsContract } from './contract-recon-settings';
import { rollforwardContract } from './contract-rollforward';
import {
  ItemQueryFields,
  ItemSortColumn,
  ItemTotalsSchema,
  ReconItemSchema,
  ReconLineDetailSchema,
  ReconMatchSchema,
  ReconMatchTotalsSchema,
  ReconRequestDetailSchema,
  ReconStateName,
  AgeingBucketName,
  RESOLUTION_REASONS,
  ReconSummarySchema,
  StatementProblemSchema,
} from './contract-recon-schemas';

export * from './contract-recon-schemas';

/**
 * Reconciliation: statement import, the matching run and its summary, the open items,
 * the suggestion queue and the review decisions, and the float roll-forward. Every decision is
 * appended to the audit log in the same transaction.
 */

const Decision = z.object({ decisionId: z.number().int().positive(), auditSeq: z.number().int().positive() });

const ManualMatchInput = z
  .object({
    lineIds: z.array(z.string().min(1)).min(1).max(50),
    requestReferences: z.array(z.string().min(1)).min(1).max(50),
    note: z.string().max(1000).optional(),
  })
  .strict();

/** The most base64 text a statement file may be sent as (about 30 MB of file). */
export const STATEMENT_BASE64_MAX = 40_000_000;

export const reconContract = {
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
  /** The open suggestions in the run's order: a page of them (offset, limit), or all; `total` counts all. */
  'recon:suggestions': {
    input: z
      .object({
        offset: z.number().int().min(0).optional(),
        limit: z.number().int().min(1).max(500).optional(),
      })
      .strict(),
    output: z.object({
      total: z.number().int().min(0),
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
        reasonCode: z.enum(RESOLUTION_REASONS),
        note: z.string().min(1).max(1000),
      })
      .strict(),
    output: Decision,
  },
  /**
   * Undo a decision (an automatic match, a confirmation, manual match, rejection or resolution); the
   * reason (required, not blank) is kept in the audit log. An undone automatic match is not made
   * again by later runs.
   */
  'recon:undo': {
    input: z
      .object({
        decisionId: z.number().int().positive(),
        reason: z
          .string({ error: 'write why the decision is undone (a reason is required)' })
          .trim()
          .min(1, { error: 'write why the decision is undone: the reason cannot be blank' })
          .max(500, { error: 'keep the reason under 500 characters' }),
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
