/**
 * One taxonomy for everything the platform, or the way to it, can do wrong → an AppError with a code
 * from ERROR_CODES, a one-line message a finance person can act on, and details for the log.
 * Platform answers are keyed on both HTTP status and platform code: the platform sends the same code
 * with different statuses (platform-notes.md, "Errors and limits"). Nothing from the request (API
 * secret, Signature) ever goes in here: callers pass path, method, status and the platform's words.
 */
import { AppError, type ErrorCode, type FieldIssue } from '../../../shared/ipc/errors';
import { PLATFORM_CODES as C } from '../../../shared/domain/platform';
import { fieldIssues } from './envelope-errors';

export interface PlatformErrorInput {
  /** Endpoint path relative to the base URL, e.g. 'float/request-payment-transfer'. */
  path: string;
  method: string;
  httpStatus: number;
  platformCode?: string | undefined;
  /** The platform's `message` (or a string `messages`). */
  message?: string | undefined;
  /** The platform's `data` (or an object/array `messages`): the field messages of a 433. */
  data?: unknown;
  /** From Retry-After, when the platform sent one. */
  retryAfterSeconds?: number | undefined;
}

interface Facts {
  status: number;
  code: string | undefined;
  said: string;
  issues: FieldIssue[];
  retryAfterSeconds: number | undefined;
}

type Wording = string | ((f: Facts) => string);
type Meaning = [code: ErrorCode, wording: Wording];

const LATER = 'try again later';
const REPORT = 'if it keeps happening, report it with the diagnostics';
const FIX = 'correct it and try again';
const CHECK_URL = 'check the base URL in Settings';
const OTHER = ': choose another one.';

const quote = (f: Facts) => (f.said ? ` ("${f.said}")` : '');
const what = (f: Facts) => (f.code === undefined ? `HTTP ${f.status}` : `code ${f.code}, HTTP ${f.status}`);

function waitFor(seconds: number | undefined): string {
  if (seconds === undefined) return 'wait a minute';
  const whole = Math.max(1, Math.ceil(seconds));
  return `wait ${whole} second${whole === 1 ? '' : 's'}`;
}

function summary(f: Facts): string {
  const first = f.issues[0];
  if (first === undefined) return f.said || 'a value was refused';
  const more = f.issues.length > 1 ? ` (and ${f.issues.length - 1} more)` : '';
  return `${first.field ? `${first.field}: ` : ''}${first.problem}${more}`;
}

const CREDENTIALS: Meaning = [
  'auth_failed',
  "The platform did not accept FloatDesk's credentials: check the API key and secret in Settings, and that this computer's clock is right.",
];
const RATE_LIMITED: Meaning = [
  'rate_limited',
  (f) =>
    `The platform is limiting how often FloatDesk may ask: ${waitFor(f.retryAfterSeconds)} and try again.`,
];
const NOT_FOUND = `The platform does not know this address (HTTP 404): ${CHECK_URL}.`;
const INTERNAL = `The platform had an internal error: ${LATER}.`;

/** A platform code whose meaning depends on the HTTP status it came with: `code/status`. */
const BY_CODE_AND_STATUS: Readonly<Record<string, Wording>> = {
  [`${C.brandNotFound}/401`]: 'This brand is not available to your account: ask the platform to enable it.',
  [`${C.brandNotFound}/403`]: 'This brand is not available to your account: ask the platform to enable it.',
  [`${C.endpointNotFound}/404`]: NOT_FOUND,
  [`${C.endpointNotFound}/405`]: `The platform does not allow this request (HTTP 405): ${REPORT}.`,
};

/** Platform codes whatever the status (platform_rejected unless said otherwise). */
const BY_CODE: Readonly<Record<string, Meaning | Wording>> = {
  [C.authentication]: CREDENTIALS,
  [C.ipNotAllowed]: [
    'auth_failed',
    "The platform does not accept requests from this computer: ask the platform to allow-list this computer's IP address.",
  ],
  [C.rateLimited]: RATE_LIMITED,
  [C.validation]: [
    'invalid_input',
    (f) => `The platform did not accept the request — ${summary(f)}: ${FIX}.`,
  ],
  [C.maintenance]: `The platform is down for maintenance: ${LATER}.`,
  [C.internal]: INTERNAL,
  [C.processorError]: `The platform's payment processor reported an error: ${LATER}.`,
  [C.healthCheck]: `The platform is failing its health check: ${LATER}.`,
  [C.insufficientFunds]: 'The float does not have enough funds for this: top up the float or ask for less.',
  [C.insufficientCredit]: 'The account does not have enough credit for this: top up the float first.',
  [C.missingParameter]: (f) => `The platform says a required value is missing${quote(f)}: ${REPORT}.`,
  [C.brandNotFound]: 'The platform does not know this brand or no longer offers it: refresh the catalogue.',
  [C.businessRule]: (f) => `The platform refused this under its rules${quote(f)}: refresh and check.`,
  [C.outOfRange]: (f) => `A value is outside the range the platform accepts${quote(f)}: ${FIX}.`,
  [C.templateNotFound]: 'The platform has no such template: refresh the template list.',
  [C.templateNoAccess]: 'Your account has no access to this template: ask the platform to grant it.',
  [C.transactionTypeNotSupported]: `The platform does not support this kind of transaction${OTHER}`,
  [C.transactionTypeNotSupportedForBrand]: `The brand does not support this kind of transaction${OTHER}`,
  [C.endpointNotFound]: INTERNAL,
};

/** Answers without a platform code (a proxy or gateway in front of the platform). */
const BY_STATUS: Readonly<Record<number, Meaning | Wording>> = {
  401: CREDENTIALS,
  404: NOT_FOUND,
  502: `The platform's gateway gave no proper answer (HTTP 502): ${LATER}.`,
  503: `The platform is temporarily unavailable (HTTP 503): ${LATER}.`,
  504: `The platform's gateway timed out (HTTP 504): ${LATER}.`,
};

function meaning(f: Facts): Meaning {
  const found =
    (f.code !== undefined && (BY_CODE_AND_STATUS[`${f.code}/${f.status}`] ?? BY_CODE[f.code])) ||
    (f.status === 429 ? RATE_LIMITED : undefined) ||
    (f.code === undefined ? BY_STATUS[f.status] : undefined);
  if (found !== undefined) return Array.isArray(found) ? found : ['platform_rejected', found];
  if (f.status >= 500)
    return ['platform_rejected', `The platform had a problem (${what(f)})${quote(f)}: ${LATER}.`];
  if (f.code === undefined && f.status >= 300 && f.status < 400)
    return ['platform_rejected', `The platform redirected (HTTP ${f.status}): ${CHECK_URL}.`];
  return ['platform_rejected', `The platform refused the request (${what(f)})${quote(f)}: ${REPORT}.`];
}

/** The platform's message on one line, bounded, for quoting. */
function oneLine(message: string | undefined): string {
  const flat = (message ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}

/** The AppError for a platform error answer (any non-2xx, or a 2xx whose envelope says error). */
export function platformError(input: PlatformErrorInput): AppError {
  const facts: Facts = {
    status: input.httpStatus,
    code: input.platformCode,
    said: oneLine(input.message),
    issues: input.platformCode === C.validation ? fieldIssues(input.data) : [],
    retryAfterSeconds: input.retryAfterSeconds,
  };
  const [errorCode, wording] = meaning(facts);
  const details: Record<string, unknown> = {
    endpoint: input.path,
    method: input.method,
    httpStatus: input.httpStatus,
    platformCode: input.platformCode ?? null,
    platformMessage: input.message ?? null,
  };
  if (facts.issues.length > 0) details.issues = facts.issues;
  if (errorCode === 'rate_limited') details.retryAfterSeconds = input.retryAfterSeconds ?? null;
  return new AppError(errorCode, typeof wording === 'string' ? wording : wording(facts), details);
}

/** When a request ran out of time: connecting, waiting for headers, between body chunks, or overall. */
export type TimeoutPhase = 'connect' | 'headers' | 'body' | 'request';

export interface RequestContext {
  path: string;
  method: string;
}

const PHASES: Readonly<Record<TimeoutPhase, string>> = {
  connect: 'while connecting',
  headers: 'while waiting for its answer',
  body: 'in the middle of its answer',
  request: 'before its answer was complete',
};

const where = (context: RequestContext) => ({ endpoint: context.path, method: context.method });

/** The platform did not answer in time; `phase` says when. */
export function timeoutError(context: RequestContext, phase: TimeoutPhase, timeoutMs?: number): AppError {
  const message = `The platform stopped responding ${PHASES[phase]}: check the connection and ${LATER}.`;
  return new AppError('timeout', message, { ...where(context), phase, timeoutMs: timeoutMs ?? null });
}

export type OfflineReason = 'refused' | 'dns' | 'reset' | 'unreachable' | 'other';

const OFFLINE: Readonly<Record<OfflineReason, string>> = {
  refused: `The platform refused the connection: ${CHECK_URL} and the internet connection.`,
  dns: `The platform's address could not be found: check the internet connection; ${CHECK_URL}.`,
  reset: `The connection to the platform broke off: check the internet connection and ${LATER}.`,
  unreachable: `The platform cannot be reached from this computer: check the internet connection and ${LATER}.`,
  other: `FloatDesk could not talk to the platform: check the internet connection and ${LATER}.`,
};

/** The network failed (no usable answer); `cause` is the low-level error code, e.g. ECONNREFUSED. */
export function offlineError(context: RequestContext, reason: OfflineReason, cause?: string): AppError {
  return new AppError('offline', OFFLINE[reason], { ...where(context), reason, cause: cause ?? null });
}

/** The platform answered something FloatDesk cannot read; `reason` says what (e.g. 'empty answer'). */
export function malformedResponse(
  context: RequestContext & { httpStatus?: number },
  reason: string,
  extra: Record<string, unknown> = {},
): AppError {
  const message = `The platform's answer to ${context.path} could not be read (${reason}): ${LATER}; ${REPORT}.`;
  const details = { ...where(context), httpStatus: context.httpStatus ?? null, reason, ...extra };
  return new AppError('malformed_response', message, details);
}

type NetworkMeaning = OfflineReason | Exclude<TimeoutPhase, 'request'>;
const group = (codes: string, meaning: NetworkMeaning) =>
  codes.split(' ').map((code) => [code, meaning] as const);
const NETWORK_CODES: ReadonlyMap<string, NetworkMeaning> = new Map([
  ...group('UND_ERR_CONNECT_TIMEOUT ETIMEDOUT', 'connect'),
  ...group('UND_ERR_HEADERS_TIMEOUT', 'headers'),
  ...group('UND_ERR_BODY_TIMEOUT', 'body'),
  ...group('ECONNREFUSED', 'refused'),
  ...group('ENOTFOUND EAI_AGAIN EAI_NODATA EAI_NONAME', 'dns'),
  ...group(
    'ECONNRESET ECONNABORTED EPIPE UND_ERR_SOCKET UND_ERR_CLOSED UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
    'reset',
  ),
  ...group('ENETUNREACH ENETDOWN EHOSTUNREACH EHOSTDOWN', 'unreachable'),
]);

/** The first `code` on the error or its causes (undici and Node put the useful one at varying depth). */
function lowLevelCode(error: unknown): string | undefined {
  for (let item = error, depth = 0; item instanceof Error && depth < 5; depth++) {
    const code = (item as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('HPE_'))) return code;
    item = item.cause;
  }
  return undefined;
}

/**
 * A failure to get an answer (thrown by the HTTP library) → offline, timeout (with its phase) or,
 * for a reply that is not valid HTTP, malformed_response. AppErrors pass through unchanged.
 */
export function networkError(
  context: RequestContext,
  error: unknown,
  timeouts: Partial<Record<TimeoutPhase, number>> = {},
): AppError {
  if (error instanceof AppError) return error;
  const cause = lowLevelCode(error);
  if (cause?.startsWith('HPE_')) return malformedResponse(context, 'not a valid HTTP answer', { cause });
  const meaning = (cause === undefined ? undefined : NETWORK_CODES.get(cause)) ?? 'other';
  if (meaning === 'connect' || meaning === 'headers' || meaning === 'body')
    return timeoutError(context, meaning, timeouts[meaning]);
  return offlineError(context, meaning, cause ?? (error instanceof Error ? error.name : undefined));
}

/** Escape text for use inside a RegExp. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Values that must never reach a message or a log, and how to find them:
 * - exact: replaced where they occur as they are (the API secret, a Signature);
 * - loose: also found with other letter case and with spaces or dashes between their characters
 *   (a gift card code the platform may echo formatted: "1234-5678 9012 3456").
 * Values shorter than 4 characters are ignored (they would blank out ordinary words).
 */
export interface Redactions {
  exact?: readonly string[];
  loose?: readonly string[];
}

/** A function that replaces every redacted value in a text with [redacted]. */
export function redactor(redactions: Redactions): (text: string) => string {
  const exact = (redactions.exact ?? []).filter((word) => word.length >= 4);
  const patterns = (redactions.loose ?? [])
    .map((word) => [...word].filter((char) => /[\p{L}\p{N}]/u.test(char)))
    .filter((chars) => chars.length >= 4)
    // eslint-disable-next-line security/detect-non-literal-regexp -- every character is escaped (escapeRegExp); the joiner is a fixed class
    .map((chars) => new RegExp(chars.map(escapeRegExp).join('[\\s\\-_.]*'), 'giu'));
  return (text) => {
    let out = exact.reduce((current, word) => current.split(word).join('[redacted]'), text);
    for (const pattern of patterns) out = out.replace(pattern, '[redacted]');
    return out;
  };
}

/** The error with every redacted value replaced in its message and (deeply) its details. */
export function redactError(error: AppError, redactions: Redactions): AppError {
  const scrub = redactor(redactions);
  const clean = (value: unknown): unknown => {
    if (typeof value === 'string') return scrub(value);
    if (Array.isArray(value)) return value.map(clean);
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clean(item)]));
    return value;
  };
  const details = clean(error.details) as Record<string, unknown> | undefined;
  return new AppError(error.code, scrub(error.message), details);
}
