import { z } from 'zod';
import { ReconItemSchema, ReconStateName, ReconSummarySchema } from './contract-recon';
import { CurrencyCode, IsoDate, IsoTimestamp, NoInput } from './schemas';
import { Password } from './contract-team';

const SignedMoney = z.object({ amount: z.string().regex(/^-?\d+(\.\d+)?$/), currency: CurrencyCode });

/**
 * Period close: sign off the reconciliation as of a statement date, which freezes
 * the report and locks its settled items (matched or resolved, dated on or before the date); drift
 * alerts when the platform later changes a signed-off request; unlocking with a reason.
 */

/** A signed-off request the platform changed after the sign-off (status or approved amount). */
export const DriftSchema = z.object({
  id: z.number().int().positive(),
  paymentReference: z.string(),
  /** What changed, e.g. "status" or "approved amount". */
  field: z.enum(['status', 'approved_amount']),
  /** As signed off, and as the platform says now (text, e.g. "approved" or "2500.00 GBP"; null: none). */
  signedOff: z.string().nullable(),
  now: z.string().nullable(),
  detectedAt: IsoTimestamp,
});

/**
 * signed_off: it holds (its items are locked); awaiting_review: made in a team, it waits for a
 * reviewer other than its maker; rejected: a reviewer sent it back with a note (it never locks).
 */
export const SIGN_OFF_STATES = ['signed_off', 'awaiting_review', 'rejected'] as const;

export const SignOffSchema = z.object({
  id: z.number().int().positive(),
  asOf: IsoDate,
  signedAt: IsoTimestamp,
  /** 'sync': a colleague's, arrived from the team. */
  actor: z.enum(['user', 'cli', 'sync']),
  /** The person's name as set in Settings when signing off; null: none was set, or the command line. */
  actorName: z.string().nullable(),
  note: z.string(),
  lockedRequests: z.number().int().nonnegative(),
  lockedLines: z.number().int().nonnegative(),
  /** The audit log's head when the sign-off was written (its own entry): seq and hash. */
  auditSeq: z.number().int().positive(),
  auditHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** SHA-256 of the frozen report's JSON text (recon:signoff.report returns that text's content). */
  reportSha256: z.string().regex(/^[0-9a-f]{64}$/),
  state: z.enum(SIGN_OFF_STATES),
  /** In a team: the login that made it (the server's word). Null: no team. */
  preparer: z.string().nullable(),
  /** The reviewer's verdict, once given. */
  review: z
    .object({
      verdict: z.enum(['approved', 'rejected']),
      note: z.string(),
      reviewer: z.string(),
      reviewerName: z.string().nullable(),
      at: IsoTimestamp,
    })
    .nullable(),
  /** Null while the sign-off holds; once unlocked, when, by whom and why. */
  unlocked: z
    .object({
      at: IsoTimestamp,
      actor: z.enum(['user', 'cli', 'sync']),
      actorName: z.string().nullable(),
      reason: z.string(),
      auditSeq: z.number().int(),
    })
    .nullable(),
  /** Drift alerts raised for this sign-off's requests, newest first. */
  drift: z.array(DriftSchema),
});

export const signOffContract = {
  /**
   * Sign off the reconciliation as of a date (default today): stores the report as it is now and
   * locks every matched or resolved request and bank line dated on or before that date that no
   * other sign-off in force locks. Refused when nothing would be locked.
   */
  'recon:signoff': {
    input: z
      .object({
        asOf: IsoDate.optional(),
        note: z.string().max(1000).optional(),
        /**
         * Required (true) when anything stays open as of the date (an open request, an unmatched bank
         * line, an open suggestion) or a roll-forward difference is not zero: the person has seen
         * what stays open (recon:open-totals) and signs off anyway.
         */
        acknowledgeOpenItems: z.boolean().optional(),
      })
      .strict(),
    output: z.object({ signOff: SignOffSchema }),
  },
  /** Every sign-off, newest first, with its drift alerts. */
  'recon:signoffs': {
    input: NoInput,
    output: z.object({ signOffs: z.array(SignOffSchema) }),
  },
  /** The frozen report of one sign-off, exactly as stored. */
  'recon:signoff.report': {
    input: z.object({ id: z.number().int().positive() }).strict(),
    output: z.object({
      signOff: SignOffSchema,
      summary: ReconSummarySchema,
      items: z.array(ReconItemSchema),
    }),
  },
  /**
   * What stays open as of a date: per state and currency the count and total of the open items, the
   * open suggestions, the roll-forward differences that are not zero, and whether signing off then
   * needs `acknowledgeOpenItems: true`.
   */
  'recon:open-totals': {
    input: z.object({ asOf: IsoDate.optional() }).strict(),
    output: z.object({
      asOf: IsoDate,
      open: z.array(
        z.object({ state: ReconStateName, count: z.number().int().positive(), total: SignedMoney }),
      ),
      suggestions: z.number().int().nonnegative(),
      differences: z.array(SignedMoney),
      needsAcknowledgement: z.boolean(),
    }),
  },
  /** Lift a sign-off's locks; the reason is required and audited. The frozen report is kept. */
  /**
   * In a team, a sign-off shared with it is unlocked by a reviewer through the team's database
   * (`password`: the team password when none is kept on this computer).
   */
  'recon:unlock': {
    input: z
      .object({
        id: z.number().int().positive(),
        reason: z.string().trim().min(3).max(1000),
        password: Password.optional(),
      })
      .strict(),
    output: z.object({ signOff: SignOffSchema }),
  },
  /**
   * A reviewer's verdict on a sign-off awaiting review (team mode): approved, it holds and locks its
   * items on every desktop; rejected (a note says why), it never locks. Sent to the team's database
   * at once, which refuses a preparer and the sign-off's own maker.
   */
  'recon:review': {
    input: z
      .object({
        id: z.number().int().positive(),
        verdict: z.enum(['approve', 'reject']),
        note: z.string().max(1000).optional(),
        password: Password.optional(),
      })
      .strict(),
    output: z.object({ signOff: SignOffSchema }),
  },
} as const;

export type SignOff = z.output<typeof SignOffSchema>;
export type Drift = z.output<typeof DriftSchema>;
