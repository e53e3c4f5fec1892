import type { Ledger } from './db';

/**
 * Notices commits made by other connections (a CLI sync run by a scheduled job, say) through
 * PRAGMA data_version, which changes only when another connection commits.
 */
export function watchForeignCommits(db: Ledger, onChange: () => void, intervalMs: number): () => void {
  let last = db.pragma('data_version', { simple: true });
  const timer = setInterval(() => {
    if (!db.open) return;
    try {
      const now = db.pragma('data_version', { simple: true });
      if (now !== last) {
        last = now;
        onChange();
      }
    } catch (error) {
      // A busy or vanished ledger must not end the core; the next tick tries again.
      console.error('FloatDesk: checking the ledger for outside changes failed:', error);
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
