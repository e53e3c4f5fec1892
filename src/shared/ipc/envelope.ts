import { z } from 'zod';
import { isErrorCode, type Envelope, type ErrorShape } from './errors';

/**
 * Whatever a bridge hands back is checked to be an envelope before anything reads it. Pure (no DOM),
 * shared by the typed client and the HTTP bridge.
 */

const ErrorShapeSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});

const EnvelopeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: ErrorShapeSchema }),
]);

export function failure(error: ErrorShape): Envelope<never> {
  return { ok: false, error };
}

/** A valid envelope as is; anything else becomes a `malformed_response` failure saying what came. */
export function parseEnvelope(raw: unknown, context: string): Envelope<unknown> {
  const result = EnvelopeSchema.safeParse(raw);
  if (!result.success) {
    return failure({
      code: 'malformed_response',
      message: `FloatDesk received an answer it could not read (${context}). Try again; if it persists, restart FloatDesk.`,
      details: {
        context,
        issues: result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      },
    });
  }
  const envelope = result.data;
  if (envelope.ok) return { ok: true, value: envelope.value };
  const { code, message, details } = envelope.error;
  if (isErrorCode(code))
    return failure(details === undefined ? { code, message } : { code, message, details });
  // A code this renderer does not know (a newer core?): keep everything, file it as internal.
  return failure({ code: 'internal', message, details: { ...details, unknownCode: code } });
}
