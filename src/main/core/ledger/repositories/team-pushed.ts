/**
 * The server's answer to a push, kept: each outbox row's place in the team's order, and this
 * desktop's own changes in the team's log (migration 0021) when they follow on from the change it
 * pulled last and their chain checked out (team-exchange.ts). The log's rows are copied from the
 * outbox inside SQLite, only the server's stamps travel from the answer: binding a change's every
 * field from JavaScript cost twice as much (bench/team-sync, 100,000 changes).
 */
import type { Ledger } from '../db';
import { moveLink, pulledSeq } from './team-replica';

/** A pushed change's outbox row and the seq the server gave it. */
export interface PushedPlace {
  row: number;
  seq: number;
}

/** A pushed change that follows on in the team's log, with what the server stamped on it. */
export interface PushedStamp extends PushedPlace {
  actor: string;
  receivedAt: string;
  prevHash: string;
  hash: string;
}

/** A pushed change whose outbox row is gone (never so, short of someone editing the ledger). */
class OwnRowMissing extends Error {}

export class TeamPushedRepository {
  constructor(private readonly db: Ledger) {}

  /** Both in one transaction: the places of every change answered, and the log of those that follow on. */
  keep(workspaceId: number, places: readonly PushedPlace[], logged: readonly PushedStamp[]): void {
    this.db.transaction(() => {
      this.markPushed(workspaceId, places);
      try {
        // In a savepoint of its own: what it wrote is undone when it finds a row missing.
        this.db.transaction(() => this.appendOwn(workspaceId, logged))();
      } catch (error) {
        if (!(error instanceof OwnRowMissing)) throw error;
        // Left to the pull, which brings every change after the log's head, these included.
      }
    })();
  }

  private markPushed(workspaceId: number, places: readonly PushedPlace[]): void {
    if (places.length === 0) return;
    // One statement for the whole answer (the pairs travel as one JSON array), each row found by its
    // rowid: the unary + keeps SQLite from walking the waiting rows once per pair instead.
    this.db
      .prepare(
        `UPDATE team_outbox SET pushed_seq = answer.seq
           FROM (SELECT value ->> 0 AS row, value ->> 1 AS seq FROM json_each(?)) AS answer
          WHERE team_outbox.id = answer.row AND +team_outbox.workspace_id = ?
            AND team_outbox.pushed_seq + 0 IS NULL`,
      )
      .run(JSON.stringify(places.map(({ row, seq }) => [row, seq])), workspaceId);
  }

  private appendOwn(workspaceId: number, logged: readonly PushedStamp[]): void {
    const last = logged.at(-1);
    if (last === undefined) return;
    // Another exchange of this ledger may have kept some of them meanwhile (pulled back).
    const held = pulledSeq(this.db, workspaceId);
    if (last.seq <= held) return;
    const stamps = logged.map(({ row, seq, actor, receivedAt, prevHash, hash }) => [
      row,
      seq,
      actor,
      receivedAt,
      prevHash,
      hash,
    ]);
    const kept = this.db
      .prepare(
        `INSERT INTO team_log (workspace_id, seq, change_id, kind, subject, payload, actor, made_at, received_at,
           prev_hash, hash)
         SELECT o.workspace_id, s.value ->> 1, o.change_id, o.kind, o.subject, o.payload, s.value ->> 2, o.made_at,
                s.value ->> 3, s.value ->> 4, s.value ->> 5
           FROM json_each(?) AS s JOIN team_outbox o ON o.id = s.value ->> 0
          WHERE o.workspace_id = ? AND s.value ->> 1 > ?`,
      )
      .run(JSON.stringify(stamps), workspaceId, held).changes;
    // Each from its outbox row: one missing would leave a hole in the log.
    if (kept !== logged.filter(({ seq }) => seq > held).length) throw new OwnRowMissing();
    moveLink(this.db, workspaceId, { held, last, madeHere: true });
  }
}
