import type { ErrorShape } from '@shared/ipc/errors';

/**
 * An invalid_input error names its fields in details.issues ({field, problem}); a form shows each
 * problem under its own control. Problems for fields the form does not have stay in `other`.
 */
export interface FieldErrors {
  fields: Readonly<Record<string, string>>;
  /** The error as a whole when no shown field carries it (e.g. offline, or a field not on the form). */
  other: ErrorShape | null;
}

export const NO_FIELD_ERRORS: FieldErrors = { fields: {}, other: null };

function issuesOf(error: ErrorShape): Array<{ field: string; problem: string }> {
  const issues = error.details?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is { field: string; problem: string } =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof (issue as { field?: unknown }).field === 'string' &&
      typeof (issue as { problem?: unknown }).problem === 'string',
  );
}

/** Split an error over the form's fields; `prefix` strips a path such as "company." first. */
export function fieldErrorsOf(error: ErrorShape | null, known: readonly string[], prefix = ''): FieldErrors {
  if (error === null) return NO_FIELD_ERRORS;
  const fields: Record<string, string> = {};
  for (const { field, problem } of issuesOf(error)) {
    const name = field.startsWith(prefix) ? field.slice(prefix.length) : field;
    if (known.includes(name) && fields[name] === undefined)
      fields[name] = problem.charAt(0).toUpperCase() + problem.slice(1);
  }
  return { fields, other: Object.keys(fields).length === 0 ? error : null };
}
