/**
 * This desktop's side of team mode (migration 0021): the workspace's link to its team, the outbox
 * of changes made here, and the team's log as pulled and checked. The outbox is written in the
 * transaction of the decision it shares (the transactional outbox), so a change is never made
 * without being queued, nor queued without being made.
 */
import type Database from 'better-sqlite3';
import type { Ledger } from '../db';
import { timeOrderedId } from '../time-ordered-id';
import { moveLink, pulledSeq } from './team-link-position';

export interface TeamLink {
  databaseUrl: string;
  login: string;
  role: 'preparer' | 'reviewer' | 'admin';
  joinedAt: string;
  pulledSeq: number;
  pulledHash: string;
  lastExchange: string | null;
  members: { login: string; role: string }[];
  /** The team database's schema step at the last exchange (null: not seen yet; 0033). */
  teamSchema: number | null;
}

export interface QueuedChange {
  id: string;
  kind: string;
  subject: string;
  payload: string;
  madeAt: string;
}

/** A change waiting in the outbox, with its row there (the order it was made in). */
export interface OutboxChange extends QueuedChange {
  row: number;
}

export interface LoggedChange extends QueuedChange {
  seq: number;
  actor: string;
  receivedAt: string;
  prevHash: string;
  hash: string;
}

interface LinkRow {
  databaseUrl: string;
  login: string;
  role: TeamLink['role'];
  joinedAt: string;
  pulledSeq: number;
  pulledHash: string;
  lastExchange: string | null;
  members: string;
  teamSchema: number | null;
}

/** Changes written per INSERT into team_log (11 values each). */
const LOG_ROWS = 100;

export class TeamReplicaRepository {
  private insertOutbox: Database.Statement | undefined;
  private readonly logInserts = new Map<number, Database.Statement>();

  constructor(private readonly db: Ledger) {}

  link(workspaceId: number): TeamLink | undefined {
    const row = this.db
      .prepare<[number], LinkRow>(
        `SELECT database_url AS databaseUrl, login, role, joined_at AS joinedAt, pulled_seq AS pulledSeq,
           pulled_hash AS pulledHash, last_exchange AS lastExchange, members,
           team_schema AS teamSchema
           FROM team_links WHERE workspace_id = ?`,
      )
      .get(workspaceId);
    return row === undefined
      ? undefined
      : { ...row, members: JSON.parse(row.members) as TeamLink['members'] };
  }

  /** Join (or re-point at another login of the same team: what was pulled stays). */
  join(
    workspaceId: number,
    link: Pick<TeamLink, 'databaseUrl' | 'login' | 'role' | 'joinedAt' | 'pulledHash' | 'members'>,
  ): void {
    this.db
      .prepare(
        `INSERT INTO team_links (workspace_id, database_url, login, role, joined_at, pulled_seq, pulled_hash, members)
         VALUES (?, ?, ?, ?, ?, 0, ?, ?)
         ON CONFLICT (workspace_id) DO UPDATE SET database_url = excluded.database_url, login = excluded.login,
           role = excluded.role, members = excluded.members`,
      )
      .run(
        workspaceId,
        link.databaseUrl,
        link.login,
        link.role,
        link.joinedAt,
        link.pulledHash,
        JSON.stringify(link.members),
      );
  }

  /** The workspaces of this ledger that joined a team, with their links. */
  links(): { workspaceId: number; link: TeamLink }[] {
    // A ledger from before team mode (a backup being checked) has no links at all.
    if (this.db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'team_links'").get() === undefined)
      return [];
    const ids = this.db
      .prepare<[], number>('SELECT workspace_id FROM team_links ORDER BY workspace_id')
      .pluck()
      .all();
    return ids.map((workspaceId) => ({ workspaceId, link: this.link(workspaceId)! }));
  }

  /** Whether this workspace is in a team (one lookup: asked with every decision). */
  joined(workspaceId: number): boolean {
    return this.db.prepare('SELECT 1 FROM team_links WHERE workspace_id = ?').get(workspaceId) !== undefined;
  }

  /** Queue a change made here (inside the caller's transaction); returns its id. */
  queue(workspaceId: number, change: Omit<QueuedChange, 'id'>, decisionId?: number): string {
    return this.queueNamed(workspaceId, () => change, decisionId);
  }

  /** Queue a change whose subject names its own id (a sign-off: "signoff:<id>"). */
  queueNamed(
    workspaceId: number,
    change: (id: string) => Omit<QueuedChange, 'id'>,
    decisionId?: number,
  ): string {
    // Time-ordered: kept in the order made in every index of change ids, here and on the server.
    const id = timeOrderedId();
    const made = change(id);
    this.insertOutbox ??= this.db.prepare(
      `INSERT INTO team_outbox (workspace_id, change_id, kind, subject, payload, made_at, decision_id)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertOutbox.run(
      workspaceId,
      id,
      made.kind,
      made.subject,
      made.payload,
      made.madeAt,
      decisionId ?? null,
    );
    return id;
  }

  /** The team-wide id of a decision made here and shared, or applied here from a colleague's change. */
  changeOfDecision(workspaceId: number, decisionId: number): string | undefined {
    return this.db
      .prepare<[number, number, number, number], string>(
        `SELECT change_id FROM team_outbox WHERE workspace_id = ? AND decision_id = ?
         UNION ALL SELECT change_id FROM team_applied WHERE workspace_id = ? AND decision_id = ?`,
      )
      .pluck()
      .get(workspaceId, decisionId, workspaceId, decisionId);
  }

  /**
   * Colleagues' statements (changes of `kind`, subject "statement:<file SHA-256>") whose file this
   * ledger holds no complete statement of, in the server's order: the payloads (whole files) of
   * those already here are never read again. Those refused here before (waiting, team_applied) and
   * those this FloatDesk cannot read (skipped) only when `retryRefused`.
   */
  statementsToImport(workspaceId: number, kind: string, retryRefused: boolean): LoggedChange[] {
    return this.db
      .prepare<[number, string, number], LoggedChange>(
        `SELECT l.change_id AS id, l.kind, l.subject, l.payload, l.made_at AS madeAt, l.seq, l.actor,
                l.received_at AS receivedAt, l.prev_hash AS prevHash, l.hash
           FROM team_log l
          WHERE l.workspace_id = ? AND l.kind = ?
            AND NOT EXISTS (SELECT 1 FROM team_outbox o WHERE o.change_id = l.change_id)
            AND NOT EXISTS (SELECT 1 FROM bank_statements s
                             WHERE s.workspace_id = l.workspace_id AND s.import_state = 'complete'
                               AND s.file_sha256 = substr(l.subject, length('statement:') + 1))
            AND (? OR NOT EXISTS (SELECT 1 FROM team_applied a
                                   WHERE a.workspace_id = l.workspace_id AND a.seq = l.seq))
          ORDER BY l.seq`,
      )
      .all(workspaceId, kind, retryRefused ? 1 : 0);
  }

  /** Decisions made here that no change shares yet (made before the workspace joined), oldest first. */
  unsharedDecisionIds(workspaceId: number): number[] {
    return this.db
      .prepare<[number], number>(
        `SELECT d.id FROM recon_decisions d WHERE d.workspace_id = ?
            AND NOT EXISTS (SELECT 1 FROM team_outbox o WHERE o.decision_id = d.id) ORDER BY d.id`,
      )
      .pluck()
      .all(workspaceId);
  }

  /** Changes waiting to go out, oldest first; `afterRow`: after that outbox row (a batch in flight). */
  waiting(workspaceId: number, limit: number, afterRow = 0): OutboxChange[] {
    // Rows as arrays made into object literals here: cheaper than the driver's, 5,000 a batch.
    return this.db
      .prepare<[number, number, number], [number, string, string, string, string, string]>(
        // In the order they were made (the row's id: "id" alone would be the change id's alias).
        `SELECT team_outbox.id, change_id, kind, subject, payload, made_at FROM team_outbox
          WHERE workspace_id = ? AND pushed_seq IS NULL AND team_outbox.id > ? ORDER BY team_outbox.id LIMIT ?`,
      )
      .raw(true)
      .all(workspaceId, afterRow, limit)
      .map(([row, id, kind, subject, payload, madeAt]) => ({ row, id, kind, subject, payload, madeAt }));
  }

  waitingCount(workspaceId: number): number {
    return this.db
      .prepare<[number], number>(
        'SELECT count(*) FROM team_outbox WHERE workspace_id = ? AND pushed_seq IS NULL',
      )
      .pluck()
      .get(workspaceId)!;
  }

  /**
   * Append checked changes from the server and move the link's position, in one transaction
   * (`madeHere`: see moveLink).
   */
  appendLog(
    workspaceId: number,
    changes: readonly LoggedChange[],
    options: { madeHere?: boolean } = {},
  ): void {
    const last = changes.at(-1);
    if (last === undefined) return;
    this.db.transaction(() => {
      // Another exchange of this ledger may have kept part of the page meanwhile: the same changes.
      const held = pulledSeq(this.db, workspaceId);
      if (last.seq <= held) return;
      const fresh = changes[0]!.seq > held ? changes : changes.filter((change) => change.seq > held);
      // LOG_ROWS changes a statement: a call per change cost a tenth more (20,000 a page).
      for (let from = 0; from < fresh.length; from += LOG_ROWS) {
        const rows = fresh.slice(from, from + LOG_ROWS);
        const values: (string | number)[] = [];
        for (const change of rows)
          values.push(
            workspaceId,
            change.seq,
            change.id,
            change.kind,
            change.subject,
            change.payload,
            change.actor,
            change.madeAt,
            change.receivedAt,
            change.prevHash,
            change.hash,
          );
        this.logInsert(rows.length).run(values);
      }
      moveLink(this.db, workspaceId, { held, last, madeHere: options.madeHere === true });
    })();
  }

  /** The INSERT of `count` changes into team_log, compiled once per count (a full one, and a page's rest). */
  private logInsert(count: number): Database.Statement {
    let statement = this.logInserts.get(count);
    if (statement === undefined) {
      statement = this.db.prepare(
        `INSERT INTO team_log (workspace_id, seq, change_id, kind, subject, payload, actor, made_at, received_at,
           prev_hash, hash) VALUES ${Array.from({ length: count }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      );
      this.logInserts.set(count, statement);
    }
    return statement;
  }

  /** The end of an exchange: when it happened, and the team's people and schema step as the server said then. */
  exchanged(workspaceId: number, at: string, server: Pick<TeamLink, 'members' | 'teamSchema'>): void {
    this.db
      .prepare('UPDATE team_links SET last_exchange = ?, members = ?, team_schema = ? WHERE workspace_id = ?')
      .run(at, JSON.stringify(server.members), server.teamSchema, workspaceId);
  }

  /** The team's log as pulled, from `afterSeq`, in order. */
  log(workspaceId: number, afterSeq = 0, limit = 1000): LoggedChange[] {
    return this.db
      .prepare<[number, number, number], LoggedChange>(
        `SELECT seq, change_id AS id, kind, subject, payload, actor, made_at AS madeAt, received_at AS receivedAt,
           prev_hash AS prevHash, hash FROM team_log WHERE workspace_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
      )
      .all(workspaceId, afterSeq, limit);
  }
}
