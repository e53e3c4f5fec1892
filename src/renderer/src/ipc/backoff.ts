/** Reconnect delays for the event stream: exponential, capped, with jitter so clients spread out. */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** 0..1: the share of the delay that is randomised (0.2 → ±20 %). */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 30_000, jitter: 0.2 };

/** Delay before reconnect attempt `attempt` (0 for the first retry). `random` returns [0, 1). */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const exponential = options.baseMs * 2 ** Math.max(0, Math.min(attempt, 30));
  const capped = Math.min(options.maxMs, exponential);
  const spread = capped * options.jitter * (random() * 2 - 1);
  return Math.max(0, Math.round(capped + spread));
}
