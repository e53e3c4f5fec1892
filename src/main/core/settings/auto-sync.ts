import type { SyncService } from '../sync/service';

type AutoSyncTarget = Pick<SyncService, 'startAutoSync' | 'stopAutoSync'>;

/**
 * Background sync of an interactive shell at the workspace's interval: the saved setting when there
 * is one, else the shell's default (config.autoSyncMs). A changed interval applies at once; the CLI,
 * which never starts background work, is not affected.
 */
export class AutoSyncControl {
  private onError: ((error: unknown) => void) | undefined;

  constructor(
    private readonly sync: AutoSyncTarget,
    /** The shell's interval, used while the workspace has no saved setting. */
    private readonly fallbackMs: number,
    /** The saved interval in minutes, or undefined. */
    private readonly savedMinutes: () => number | undefined,
  ) {}

  intervalMs(): number {
    const saved = this.savedMinutes();
    return saved === undefined ? this.fallbackMs : saved * 60_000;
  }

  /** Called once by the core's background start. */
  start(onError: (error: unknown) => void): void {
    this.onError = onError;
    this.schedule(this.intervalMs());
  }

  /** A new interval was saved; 0 stops auto-sync. */
  apply(minutes: number): void {
    if (this.onError) this.schedule(minutes * 60_000);
  }

  private schedule(intervalMs: number): void {
    if (intervalMs > 0 && this.onError) this.sync.startAutoSync(intervalMs, this.onError);
    else this.sync.stopAutoSync();
  }
}
