/**
 * The one reader of a pulled team change's payload: JSON read with the schema of what it carries; a
 * change FloatDesk cannot read is refused by name, with the field.
 */
import { z } from 'zod';
import { AppError } from '../../../shared/ipc/errors';
import type { LoggedChange } from '../ledger/repositories/team-replica';

/** A change's fields besides its author's name, for a channel's own (strict) input schema. */
export function withoutAuthor<T>(schema: z.ZodType<T, unknown>): z.ZodType<T, unknown> {
  return z.preprocess((value) => {
    if (typeof value !== 'object' || value === null) return value;
    const { actorName: _name, ...rest } = value as Record<string, unknown>;
    return rest;
  }, schema) as unknown as z.ZodType<T, unknown>;
}

/** A change's payload read with `schema`; one FloatDesk cannot read is refused, naming the field. */
export function readPayload<T>(
  schema: z.ZodType<T, unknown>,
  change: Pick<LoggedChange, 'seq' | 'kind' | 'subject' | 'payload'>,
): T {
  let json: unknown;
  try {
    json = JSON.parse(change.payload);
  } catch {
    json = undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const problem =
      json === undefined
        ? 'not JSON'
        : `${issue?.path.join('.') || 'the change'}: ${issue?.message ?? 'not valid'}`;
    throw new AppError(
      'malformed_response',
      `The team's change ${change.seq} (${change.kind}) is not one FloatDesk can read (${problem}). Tell your team's administrator.`,
      { seq: change.seq },
    );
  }
  return parsed.data;
}
