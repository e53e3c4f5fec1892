/**
 * What this desktop made of its colleagues' changes (migrations 0023, 0028): each pulled change's state
 * (applied, pending, conflict, skipped) and the local decision it became; and which local decision a
 * team change is, whether made here or applied. The conflicts between two decisions on one item are
 * in team-conflicts.ts; both share the buffer of outcomes not written yet (team-pending-outcomes.ts).
 */
import type { Ledger } from '../db';
import { TeamPendingOutcomes } from './team-pending-outcomes';
import type { LoggedChange } from './team-replica';

export type AppliedState = 'applied' | 'pending' | 'conflict' | 'skipped';

/** What applying a pulled change reads of it (not its place in the chain: checked when it was pulled). */
export type ChangeToApply = Pick<
  LoggedChange,
  'seq' | 'id' | 'kind' | 'subject' | 'payload' | 'actor' | 'madeAt'
>;

/** A ChangeToApply as a row: seq, change_id, kind, subject, payload, actor, made_at. */
type ChangeRow = [number, string, string, string, string, string, string];

export interface AppliedChange {
  seq: number;
  changeId: string;
  state: AppliedState;
  decisionId: number | null;
  actor: string;
  actorName: string | null;
  note: string | null;
}

export class TeamAppliedRepository {
  constructor(
    private readonly db: Ledger,
    /** Outcomes recorded soon: shared with TeamConflictsRepository, one buffer per connection. */
    private readonly pending: TeamPendingOutcomes = TeamPendingOutcomes.of(db),
  ) {}

  /**
   * The local decision a team change is: the one it shared when it was made here, or the one it
   * became when it was applied from a colleague.
   */
  decisionOfChange(workspaceId: number, changeId: string): number | undefined {
    this.flush();
    return (
      this.db
        .prepare<[number, string, number, string], number>(
          `SELECT decision_id FROM team_outbox WHERE workspace_id = ? AND change_id = ? AND decision_id IS NOT NULL
           UNION ALL
           SELECT a.decision_id FROM team_log l JOIN team_applied a ON a.workspace_id = l.workspace_id AND a.seq = l.seq
            WHERE l.workspace_id = ? AND l.change_id = ? AND a.decision_id IS NOT NULL`,
        )
        .pluck()
        .get(workspaceId, changeId, workspaceId, changeId) ?? undefined
    );
  }

  /**
   * Where the team ordered a local decision: its seq; null for a decision made here and not pushed
   * yet; undefined for one the team never saw (an undo made here only to settle the team's order).
   */
  seqOfDecision(workspaceId: number, decisionId: number): number | null | undefined {
    this.flush();
    const own = this.db
      .prepare<[number, number], { seq: number | null }>(
        'SELECT pushed_seq AS seq FROM team_outbox WHERE workspace_id = ? AND decision_id = ?',
      )
      .get(workspaceId, decisionId);
    if (own !== undefined) return own.seq;
    return (
      this.db
        .prepare<[number, number], number>(
          'SELECT seq FROM team_applied WHERE workspace_id = ? AND decision_id = ?',
        )
        .pluck()
        .get(workspaceId, decisionId) ?? undefined
    );
  }

  /** Whether this change was made on this desktop (it went out through the outbox). */
  madeHere(workspaceId: number, changeId: string): boolean {
    this.flush();
    return (
      this.db
        .prepare('SELECT 1 FROM team_outbox WHERE workspace_id = ? AND change_id = ?')
        .get(workspaceId, changeId) !== undefined
    );
  }

  /**
   * The next page of the pulled log after `afterSeq` (at most `limit` changes): where it ends, and
   * the changes in it that colleagues made (those made here are never read: nothing to apply).
   */
  colleaguesPage(
    workspaceId: number,
    afterSeq: number,
    limit: number,
  ): { lastSeq: number | null; changes: ChangeToApply[] } {
    this.flush();
    const lastSeq = this.db
      .prepare<[number, number, number], number | null>(
        `SELECT max(seq) FROM (SELECT seq FROM team_log WHERE workspace_id = ? AND seq > ? ORDER BY seq LIMIT ?)`,
      )
      .pluck()
      .get(workspaceId, afterSeq, limit)!;
    if (lastSeq === null) return { lastSeq, changes: [] };
    // Rows as arrays, made into objects here: a page is 20,000 changes, and an object literal costs
    // less than one whose properties the driver sets by name, one by one.
    const rows = this.db
      .prepare<[number, number, number], ChangeRow>(
        `SELECT l.seq, l.change_id, l.kind, l.subject, l.payload, l.actor, l.made_at
           FROM team_log l
          WHERE l.workspace_id = ? AND l.seq > ? AND l.seq <= ?
            AND NOT EXISTS (SELECT 1 FROM team_outbox o WHERE o.change_id = l.change_id)
          ORDER BY l.seq`,
      )
      .raw(true)
      .all(workspaceId, afterSeq, lastSeq);
    return {
      lastSeq,
      changes: rows.map(([seq, id, kind, subject, payload, actor, madeAt]) => ({
        seq,
        id,
        kind,
        subject,
        payload,
        actor,
        madeAt,
      })),
    };
  }

  /**
   * Of changes just pulled and kept (in the log's order), those colleagues made: what colleaguesPage
   * would read back of them from the log, without reading it back. Changes made here are left out,
   * as there, by the outbox holding their id.
   */
  colleaguesOf<T extends ChangeToApply>(changes: readonly T[]): T[] {
    this.flush();
    if (changes.length === 0) return [];
    const madeHere = new Set(
      this.db
        .prepare<[string], string>(
          'SELECT o.change_id FROM json_each(?) AS j JOIN team_outbox o ON o.change_id = j.value',
        )
        .pluck()
        .all(JSON.stringify(changes.map((change) => change.id))),
    );
    return madeHere.size === 0 ? [...changes] : changes.filter((change) => !madeHere.has(change.id));
  }

  /** What became of a pulled change here (undefined: not gone through yet, or made here). */
  ofChange(workspaceId: number, changeId: string): AppliedChange | undefined {
    this.flush();
    return this.db
      .prepare<[number, string], AppliedChange>(
        // Found through the log, whose index the change id is in (0028).
        `SELECT a.seq, a.change_id AS changeId, a.state, a.decision_id AS decisionId, a.actor, a.actor_name AS actorName,
                a.note
           FROM team_log l JOIN team_applied a ON a.workspace_id = l.workspace_id AND a.seq = l.seq
          WHERE l.workspace_id = ? AND l.change_id = ?`,
      )
      .get(workspaceId, changeId);
  }

  /** Record (or record again, for a pending change retried) what became of a change. */
  record(workspaceId: number, change: AppliedChange): void {
    this.recordSoon(workspaceId, change);
    this.flush();
  }

  /**
   * Record what became of a change a little later: outcomes wait in the connection's buffer until a
   * batch of them goes in one INSERT. Whatever else this repository (or TeamConflictsRepository) is
   * asked first writes them, so it never answers without them; the caller writes the rest (flush)
   * before it commits, or drops them (discard) when its transaction rolls back.
   */
  recordSoon(workspaceId: number, change: AppliedChange): void {
    this.pending.add(workspaceId, change);
  }

  /** Write the outcomes recorded soon (in the caller's transaction). */
  flush(): void {
    this.pending.flush();
  }

  /** Drop the outcomes not written yet: the transaction they were made in rolled back. */
  discard(): void {
    this.pending.discard();
  }

  /** A colleague's decision that stood here and lost its item to one the team ordered first. */
  displaced(workspaceId: number, decisionId: number): void {
    this.flush();
    this.db
      .prepare(
        "UPDATE team_applied SET state = 'conflict' WHERE workspace_id = ? AND decision_id = ? AND state = 'applied'",
      )
      .run(workspaceId, decisionId);
  }

  /** Pulled changes waiting for their items, in the team's order, with the first new one after them. */
  waiting(workspaceId: number): ChangeToApply[] {
    this.flush();
    return this.db
      .prepare<[number], ChangeToApply>(
        `SELECT l.seq, l.change_id AS id, l.kind, l.subject, l.payload, l.actor, l.made_at AS madeAt
           FROM team_applied a JOIN team_log l ON l.workspace_id = a.workspace_id AND l.seq = a.seq
          WHERE a.workspace_id = ? AND a.state = 'pending' ORDER BY a.seq`,
      )
      .all(workspaceId);
  }

  /**
   * Why colleagues' changes wait here, in words, each with how many wait for it (first waiting
   * first), at most `limit` reasons: each change names its own items, so a month offline can make
   * thousands (pendingCount tells how many wait in all).
   */
  pendingReasons(workspaceId: number, limit: number): { reason: string; count: number }[] {
    this.flush();
    return this.db
      .prepare<[number, number], { reason: string; count: number }>(
        `SELECT coalesce(note, 'Waits for items this desktop does not hold yet.') AS reason, count(*) AS count
           FROM team_applied WHERE workspace_id = ? AND state = 'pending'
          GROUP BY reason ORDER BY min(seq) LIMIT ?`,
      )
      .all(workspaceId, limit);
  }

  pendingCount(workspaceId: number): number {
    this.flush();
    return this.db
      .prepare<[number], number>(
        "SELECT count(*) FROM team_applied WHERE workspace_id = ? AND state = 'pending'",
      )
      .pluck()
      .get(workspaceId)!;
  }

  /** How far the team's log has been gone through. */
  appliedSeq(workspaceId: number): number {
    this.flush();
    return (
      this.db
        .prepare<[number], number>('SELECT applied_seq FROM team_links WHERE workspace_id = ?')
        .pluck()
        .get(workspaceId) ?? 0
    );
  }

  setAppliedSeq(workspaceId: number, seq: number): void {
    this.flush();
    this.db.prepare('UPDATE team_links SET applied_seq = ? WHERE workspace_id = ?').run(seq, workspaceId);
  }

  /** The reconciliation inputs' version when the waiting changes were last tried (null: never). */
  retriedInputs(workspaceId: number): number | null {
    this.flush();
    return (
      this.db
        .prepare<[number], number | null>('SELECT retried_inputs FROM team_links WHERE workspace_id = ?')
        .pluck()
        .get(workspaceId) ?? null
    );
  }

  setRetriedInputs(workspaceId: number, version: number): void {
    this.flush();
    this.db
      .prepare('UPDATE team_links SET retried_inputs = ? WHERE workspace_id = ?')
      .run(version, workspaceId);
  }

  /** The team's change at this seq: as pulled, or as made here and pushed (not pulled back yet). */
  changeAt(
    workspaceId: number,
    seq: number,
  ): Pick<LoggedChange, 'seq' | 'id' | 'kind' | 'subject' | 'payload' | 'actor' | 'madeAt'> | undefined {
    this.flush();
    return this.db
      .prepare<[number, number, number, number], Omit<LoggedChange, 'receivedAt' | 'prevHash' | 'hash'>>(
        `SELECT seq, change_id AS id, kind, subject, payload, actor, made_at AS madeAt FROM team_log
          WHERE workspace_id = ? AND seq = ?
         UNION ALL
         SELECT o.pushed_seq, o.change_id, o.kind, o.subject, o.payload, l.login, o.made_at
           FROM team_outbox o JOIN team_links l ON l.workspace_id = o.workspace_id
          WHERE o.workspace_id = ? AND o.pushed_seq = ?`,
      )
      .get(workspaceId, seq, workspaceId, seq);
  }
}
