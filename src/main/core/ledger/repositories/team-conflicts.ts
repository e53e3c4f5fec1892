/**
 * Conflicts between two decisions on one item made apart (migration 0023's team_conflicts): kept
 * once, listed, settled. Shares the buffer of pulled changes' outcomes not written yet with
 * TeamAppliedRepository (team-pending-outcomes.ts) and writes it before anything else.
 */
import type { Ledger } from '../db';
import { TeamPendingOutcomes } from './team-pending-outcomes';

export interface StoredConflict {
  id: number;
  subject: string;
  standingSeq: number;
  otherSeq: number;
  settledAt: string | null;
  settledChoice: 'standing' | 'other' | null;
  settledBy: string | null;
}

const CONFLICT_COLUMNS = `id, subject, standing_seq AS standingSeq, other_seq AS otherSeq, settled_at AS settledAt,
  settled_choice AS settledChoice, settled_by AS settledBy`;

export class TeamConflictsRepository {
  constructor(
    private readonly db: Ledger,
    private readonly pending: TeamPendingOutcomes = TeamPendingOutcomes.of(db),
  ) {}

  /** Keep a conflict once (a change conflicts with one standing decision). */
  addConflict(workspaceId: number, subject: string, standingSeq: number, otherSeq: number): void {
    this.pending.flush();
    this.db
      .prepare(
        `INSERT INTO team_conflicts (workspace_id, subject, standing_seq, other_seq) VALUES (?, ?, ?, ?)
         ON CONFLICT (workspace_id, other_seq) DO NOTHING`,
      )
      .run(workspaceId, subject, standingSeq, otherSeq);
  }

  /** How many conflicts are not settled yet. */
  openCount(workspaceId: number): number {
    this.pending.flush();
    return this.db
      .prepare<[number], number>(
        'SELECT count(*) FROM team_conflicts WHERE workspace_id = ? AND settled_at IS NULL',
      )
      .pluck()
      .get(workspaceId)!;
  }

  conflicts(workspaceId: number, which: 'open' | 'all' = 'open'): StoredConflict[] {
    this.pending.flush();
    const open = which === 'open' ? 'AND settled_at IS NULL' : '';
    return this.db
      .prepare<[number], StoredConflict>(
        `SELECT ${CONFLICT_COLUMNS} FROM team_conflicts WHERE workspace_id = ? ${open} ORDER BY other_seq`,
      )
      .all(workspaceId);
  }

  conflict(workspaceId: number, id: number): StoredConflict | undefined {
    this.pending.flush();
    return this.db
      .prepare<[number, number], StoredConflict>(
        `SELECT ${CONFLICT_COLUMNS} FROM team_conflicts WHERE workspace_id = ? AND id = ?`,
      )
      .get(workspaceId, id);
  }

  /** Settle the conflict between these two changes (no-op when it is settled already, or unknown). */
  settle(
    workspaceId: number,
    seqs: { standing: number; other: number },
    settled: { at: string; choice: 'standing' | 'other'; by: string | null },
  ): void {
    this.pending.flush();
    this.db
      .prepare(
        `UPDATE team_conflicts SET settled_at = ?, settled_choice = ?, settled_by = ?
          WHERE workspace_id = ? AND standing_seq = ? AND other_seq = ? AND settled_at IS NULL`,
      )
      .run(settled.at, settled.choice, settled.by, workspaceId, seqs.standing, seqs.other);
  }
}
