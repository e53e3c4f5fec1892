/**
 * Every failure a person can meet has a code, a one-line message saying what happened and what to
 * do, and details for the log. Errors cross process boundaries only as `ErrorShape` inside an
 * envelope, never as a thrown exception.
 */
export const ERROR_CODES = [
  'invalid_input', // a field failed validation; details.issues names each field
  'unknown_channel', // the caller named a channel the contract does not have
  'forbidden', // the caller is not allowed (wrong frame, token, origin or host)
  'not_found',
  'locked', // the item is in a signed-off period: unlock the sign-off first
  'ledger_busy', // another process holds the ledger's write lock
  'ledger_corrupt',
  'ledger_too_new', // the ledger was written by a newer FloatDesk
  'ledger_missing', // a workspace that was in use has lost its ledger file (deleted or emptied)
  'disk_full', // a file could not be written completely: no space left on the disk
  'file_access', // a file or folder FloatDesk needs cannot be written or read (permissions, read-only disk)
  'clock_skew', // this computer's clock is too far from the platform's for a signed request
  'platform_rejected',
  'auth_failed',
  'rate_limited',
  'offline',
  'timeout',
  'malformed_response',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorShape {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: ErrorShape };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  toShape(): ErrorShape {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Anything thrown becomes an ErrorShape; unexpected errors keep only their message for the log. */
export function toErrorShape(thrown: unknown): ErrorShape {
  if (thrown instanceof AppError) return thrown.toShape();
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return {
    code: 'internal',
    message:
      'FloatDesk hit an unexpected problem. Try again; if it persists, copy the diagnostics for support.',
    details: { cause: message },
  };
}

/** One issue of a failed validation, with the field path a person can act on. */
export interface FieldIssue {
  field: string;
  problem: string;
}

export function invalidInput(context: string, issues: FieldIssue[]): AppError {
  const first = issues[0];
  const summary = first ? `${first.field || '(input)'}: ${first.problem}` : 'the input was not accepted';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return new AppError('invalid_input', `Invalid ${context} — ${summary}${more}.`, { issues });
}
