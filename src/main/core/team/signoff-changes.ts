/**
 * The team changes of the month-end: a sign-off made in a team, a reviewer's verdict on it, and an
 * unlock. Each names its sign-off by the team-wide id the sign-off's change was queued under. What
 * is pulled is read through these schemas: a change that does not fit is refused by name.
 */
import { z } from 'zod';

const ChangeId = z.string().length(36);
// canonicalJson leaves null fields out: what was null arrives absent, and is null again here.
const ActorName = z
  .string()
  .min(1)
  .max(100)
  .nullish()
  .transform((name) => name ?? null);
const LineName = z.object({ account: z.string(), bankId: z.string(), date: z.string() });
const RequestName = z.object({ reference: z.string(), created: z.string() });

export const SignOffPayload = z.object({
  /** The number the preparer's desktop gave it (kept here too when it is free). */
  number: z.number().int().positive(),
  asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  note: z.string().max(1000),
  actorName: ActorName,
  lockedRequests: z.number().int().nonnegative(),
  lockedLines: z.number().int().nonnegative(),
  acknowledgedOpenItems: z.boolean(),
  reportSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The frozen report, gzip'ed, base64. */
  report: z.string(),
  items: z.array(
    z.object({
      decision: ChangeId.nullish().transform((id) => id ?? null),
      line: LineName.optional(),
      request: RequestName.optional(),
      status: z
        .string()
        .nullish()
        .transform((status) => status ?? null),
      approvedText: z
        .string()
        .nullish()
        .transform((text) => text ?? null),
    }),
  ),
});

export const ReviewPayload = z.object({
  signOff: ChangeId,
  note: z.string().max(1000),
  actorName: ActorName,
});
export const UnlockPayload = z.object({
  signOff: ChangeId,
  reason: z.string().min(3).max(1000),
  actorName: ActorName,
});
