import type { z } from 'zod';
import { invalidInput, type FieldIssue } from './errors';

export function zodIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    problem: issue.message,
  }));
}

/** Parse or throw an invalid_input AppError that names each failing field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, context: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(context, zodIssues(result.error));
  return result.data;
}
