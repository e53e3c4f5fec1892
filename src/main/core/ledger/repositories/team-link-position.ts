/**
 * Where this desktop holds the team's log up to (team_links.pulled_seq and pulled_hash, migration
 * 0021), read and moved inside the transaction that keeps changes: by the pull (team-replica.ts) and
 * by the answer to a push (team-pushed.ts).
 */
import type { Ledger } from '../db';

/** How far this desktop holds the team's log (in the caller's transaction). */
export function pulledSeq(db: Ledger, workspaceId: number): number {
  return db
    .prepare<[number], number>('SELECT pulled_seq FROM team_links WHERE workspace_id = ?')
    .pluck()
    .get(workspaceId)!;
}

/**
 * The link's position moved to the last change kept. `madeHere`: they are this desktop's own, kept
 * from the answer to its push: nothing to apply, so when everything before them was gone through
 * (applied_seq), so are they.
 */
export function moveLink(
  db: Ledger,
  workspaceId: number,
  moved: { held: number; last: { seq: number; hash: string }; madeHere: boolean },
): void {
  if (moved.madeHere)
    db.prepare('UPDATE team_links SET applied_seq = ? WHERE workspace_id = ? AND applied_seq = ?').run(
      moved.last.seq,
      workspaceId,
      moved.held,
    );
  db.prepare('UPDATE team_links SET pulled_seq = ?, pulled_hash = ? WHERE workspace_id = ?').run(
    moved.last.seq,
    moved.last.hash,
    workspaceId,
  );
}
