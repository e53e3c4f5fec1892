/** Shapes shared by the platform client's layers: transport (http.ts), decoding (schemas/), endpoints. */

export interface PlatformCredentials {
  /** e.g. https://sandbox.example/api/v2 — every endpoint path is relative to it. */
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
}

export interface TransportOptions {
  /** TCP/TLS connect timeout. */
  connectTimeoutMs: number;
  /** Time to receive the response headers. */
  headersTimeoutMs: number;
  /** Longest pause while receiving the body. */
  bodyTimeoutMs: number;
  /**
   * Longest one attempt may take from start to the last byte of the answer (connect, send, wait and
   * read together), whatever the pauses: a server that trickles a byte every few seconds never trips
   * bodyTimeoutMs. Combined with the caller's signal; past it the attempt fails as a timeout.
   */
  requestTimeoutMs: number;
  /** Answers larger than this are refused (protects memory from a hostile or broken server). */
  maxResponseBytes: number;
  /** Client-side limit, so a sync never trips the platform's per-60-second limit. */
  requestsPerMinute: number;
  /** Retries for safe (GET) requests on 429, 5xx and network errors. */
  maxRetries: number;
  /** First backoff step; doubles each retry, with full jitter, capped by maxBackoffMs. */
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** Epoch milliseconds, for the Timestamp header (injectable in tests). */
  now: () => number;
  /**
   * A monotonic clock in milliseconds (performance.now) for the rate limiter and other waits: unlike
   * the wall clock it never jumps when the computer's clock is set (injectable in tests).
   */
  monotonicNow: () => number;
  /** For backoff and rate-limit waits (injectable in tests). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** For jitter (injectable in tests). */
  random: () => number;
}

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface PlatformRequest {
  method: HttpMethod;
  /** Path after /api/v2/, without a leading slash: 'check-floats', 'float/transfer-requests'. */
  path: string;
  /** Query parameters; undefined values are left out. */
  query?: Readonly<Record<string, string | undefined>>;
  /** Request body, encoded with encodeJson (RawJsonNumber for amounts). */
  body?: unknown;
  /**
   * The parameters that take part in the signature, in order (notes: GET signs `brand` only;
   * POST/DELETE sign client_request_id then brand); absent ones are left out entirely.
   */
  signedParams: readonly string[];
  /** 'safe' requests may be retried; 'never' requests (a top-up) are sent exactly once. */
  retry: 'safe' | 'never';
  /** What a successful answer must be. */
  expect: 'json' | 'zip';
  /**
   * For 'zip': stream the body to this file (written as `<file>.part`, renamed into place once
   * complete, removed on failure), so a large template never sits in memory.
   */
  saveTo?: string;
  signal?: AbortSignal;
  /**
   * Called when an attempt starts writing the request to a connected socket (possibly more than once
   * for a retried request). A request whose attempts never called it certainly never reached the
   * platform: the connection was refused or timed out, or it was cancelled while waiting.
   */
  onSent?: () => void;
  /**
   * Values of the request that must never appear in an error (e.g. a gift card code sent in the
   * body): any text that looks like one of them is replaced by [redacted] in messages and details,
   * also when written with other spacing, dashes or letter case.
   */
  redact?: readonly string[];
}

/** A successful (2xx, right content type) answer with its body, within the size cap. */
export interface PlatformResponse {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** JSON answers: the body text. Empty for a ZIP saved to a file. */
  body: string;
  /** ZIP answers: where the file was saved and how many bytes it has. */
  file?: { path: string; bytes: number };
}
