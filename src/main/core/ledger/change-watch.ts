import type { Ledger } from './db';

/**
 * Notices commits made by other connections (a CLI sync run by a scheduled job, say) through
 * PRAGMA data_version, which changes only when another connection commits.
 */
export function watchForeignCommits(db: Ledger, onChange: () => void, intervalMs: number): () => void {
  let last = db.pragma('data_version', { simple: true });
  const timer = setInterval(() => {
    if (!db.open) return;
    const now = db.pragma('data_version', { simple: true });
    if (now !== last) {
      last = now;
      onChange();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
