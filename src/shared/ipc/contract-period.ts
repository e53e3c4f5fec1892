import { z } from 'zod';
import { ReconItemSchema, ReconSummarySchema } from './contract-reconcile';
import { IsoDate, IsoTimestamp, NoInput } from './schemas';

/**
 * Period close (issue 7, item 5): sign off the reconciliation as of a statement date, which freezes
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

export const SignOffSchema = z.object({
  id: z.number().int().positive(),
  asOf: IsoDate,
  signedAt: IsoTimestamp,
  actor: z.enum(['user', 'cli']),
  note: z.string(),
  lockedRequests: z.number().int().nonnegative(),
  lockedLines: z.number().int().nonnegative(),
  /** The audit log's head when the sign-off was written (its own entry): seq and hash. */
  auditSeq: z.number().int().positive(),
  auditHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** SHA-256 of the frozen report's JSON text (recon:signoff.report returns that text's content). */
  reportSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Null while the sign-off holds; once unlocked, when, by whom and why. */
  unlocked: z
    .object({
      at: IsoTimestamp,
      actor: z.enum(['user', 'cli']),
      reason: z.string(),
      auditSeq: z.number().int(),
    })
    .nullable(),
  /** Drift alerts raised for this sign-off's requests, newest first. */
  drift: z.array(DriftSchema),
});

export const periodContract = {
  /**
   * Sign off the reconciliation as of a date (default today): stores the report as it is now and
   * locks every matched or resolved request and bank line dated on or before that date that no
   * other sign-off in force locks. Refused when nothing would be locked.
   */
  'recon:signoff': {
    input: z.object({ asOf: IsoDate.optional(), note: z.string().max(1000).optional() }).strict(),
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
  /** Lift a sign-off's locks; the reason is required and audited. The frozen report is kept. */
  'recon:unlock': {
    input: z.object({ id: z.number().int().positive(), reason: z.string().trim().min(3).max(1000) }).strict(),
    output: z.object({ signOff: SignOffSchema }),
  },
} as const;

export type SignOff = z.output<typeof SignOffSchema>;
export type Drift = z.output<typeof DriftSchema>;
