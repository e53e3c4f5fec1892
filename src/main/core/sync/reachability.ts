/**
 * Whether the platform can be reached, as the syncs found it: 'offline' when a sync got no answer
 * at all (no network, connection refused, DNS, timeouts), 'online' as soon as anything was answered
 * — even an error answer proves the network works. Auto-sync asks `nextDelayMs` how long to wait:
 * the interval while online, a short and growing wait while offline, so a workstation that comes
 * back online syncs within a minute or so without hammering a dead link.
 */
import type { SyncSummary } from './run';

export type NetworkState = 'online' | 'offline' | 'unknown';

export interface Reachability {
  state: NetworkState;
  since: string | null;
  problem: string | null;
}

/** Error codes that mean no answer came back from the platform. */
const NO_ANSWER: ReadonlySet<string> = new Set(['offline', 'timeout']);

/** Waits between attempts while offline; the last one repeats (never longer than the interval). */
export const OFFLINE_RETRY_MS: readonly number[] = [15_000, 30_000, 60_000, 120_000, 300_000];

export class ReachabilityTracker {
  private state: NetworkState = 'unknown';
  private since: string | null = null;
  private problem: string | null = null;
  private failedAttempts = 0;

  constructor(private readonly now: () => string) {}

  /** What a finished sync says about the network. A cancelled run or one that ran nothing says nothing. */
  observeSummary(summary: SyncSummary): void {
    const ran = summary.datasets.filter((dataset) => dataset.outcome !== 'cancelled');
    if (ran.length === 0) return;
    const unanswered = ran.filter(
      (dataset) => dataset.outcome === 'failed' && NO_ANSWER.has(dataset.errorCode ?? ''),
    );
    if (unanswered.length === ran.length) this.wentOffline(unanswered[0]?.errorMessage ?? null);
    else this.wentOnline();
  }

  /** A failure before any dataset ran (e.g. connecting): only a network failure counts. */
  observeError(code: string | undefined, message: string): void {
    if (code !== undefined && NO_ANSWER.has(code)) this.wentOffline(message);
  }

  /** How long auto-sync waits before its next attempt. */
  nextDelayMs(intervalMs: number): number {
    if (this.state !== 'offline') return intervalMs;
    const index = Math.min(this.failedAttempts - 1, OFFLINE_RETRY_MS.length - 1);
    return Math.min(intervalMs, OFFLINE_RETRY_MS[Math.max(0, index)] ?? intervalMs);
  }

  snapshot(): Reachability {
    return { state: this.state, since: this.since, problem: this.problem };
  }

  private wentOffline(problem: string | null): void {
    if (this.state !== 'offline') this.since = this.now();
    this.state = 'offline';
    this.problem = problem ?? 'The platform could not be reached.';
    this.failedAttempts++;
  }

  private wentOnline(): void {
    if (this.state !== 'online') this.since = this.now();
    this.state = 'online';
    this.problem = null;
    this.failedAttempts = 0;
  }
}
