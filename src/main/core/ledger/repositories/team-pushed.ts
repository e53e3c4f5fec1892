/**
 * The server's answer to a push, kept: each outbox row's place in the team's order, and this
 * desktop's own changes in the team's log (migration 0021) when they follow on from the change it
 * pulled last and their chain checked out (team-exchange.ts). The log's rows are copied from the
 * outbox inside SQLite, only the server's stamps travel from the answer: binding a change's every
 * field from JavaScript cost twice as much (bench/team-sync, 100,000 changes).
 */
import type { Ledger } from '../db';
import { moveLink, pulledSeq } from './team-link-position';

/** A pushed change's outbox row and the seq the server gave it. */
export interface PushedPlace {
  row: number;
  seq: number;
}

/**
 * This desktop's own pushed changes that follow on in the team's log, as the server stamped them
 * (one push: one login, one time): their outbox rows in the log's order, the seq of the first (the
 * rest follow one after another), and the hashes, 64 characters each: the one before the first
 * change, then each change's own.
 */
export interface OwnRun {
  rows: readonly number[];
  firstSeq: number;
  actor: string;
  receivedAt: string;
  hashes: string;
}

const HASH_LENGTH = 64;

/** A pushed change whose outbox row is gone (never so, short of someone editing the ledger). */
class OwnRowMissing extends Error {}

export class TeamPushedRepository {
  constructor(private readonly db: Ledger) {}

  /** Both in one transaction: the places of every change answered, and the log of those that follow on. */
  keep(workspaceId: number, places: readonly PushedPlace[], own: OwnRun | undefined): void {
    this.db.transaction(() => {
      this.markPushed(workspaceId, places);
      if (own === undefined) return;
      try {
        // In a savepoint of its own: what it wrote is undone when it finds a row missing.
        this.db.transaction(() => this.appendOwn(workspaceId, own))();
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

  private appendOwn(workspaceId: number, own: OwnRun): void {
    const { rows, firstSeq } = own;
    if (own.hashes.length !== (rows.length + 1) * HASH_LENGTH)
      throw new Error(
        `An own run of ${rows.length} changes came with ${own.hashes.length / HASH_LENGTH} hashes.`,
      );
    const lastSeq = firstSeq + rows.length - 1;
    // Another exchange of this ledger may have kept some of them meanwhile (pulled back).
    const held = pulledSeq(this.db, workspaceId);
    // Not the next changes of the log (a run before it was not kept): left to the pull, which brings
    // every change after the log's head. Kept, it would leave a hole the pull never fills.
    if (rows.length === 0 || lastSeq <= held || firstSeq > held + 1) return;
    // Only the outbox rows travel as JSON (integers); each change's seq is counted from the first,
    // and its hashes are cut from one blob (substr of a text counts characters from its start: of a
    // blob, bytes, at once). Six fields per change in JSON cost a third more (bench/team-sync).
    const kept = this.db
      .prepare(
        `INSERT INTO team_log (workspace_id, seq, change_id, kind, subject, payload, actor, made_at, received_at,
           prev_hash, hash)
         SELECT o.workspace_id, @first + r.key, o.change_id, o.kind, o.subject, o.payload, @actor, o.made_at, @received,
                CAST(substr(@hashes, r.key * ${HASH_LENGTH} + 1, ${HASH_LENGTH}) AS TEXT),
                CAST(substr(@hashes, (r.key + 1) * ${HASH_LENGTH} + 1, ${HASH_LENGTH}) AS TEXT)
           FROM json_each(@rows) AS r CROSS JOIN team_outbox o ON o.id = r.value
          WHERE o.workspace_id = @workspace AND @first + r.key > @held`,
      )
      .run({
        first: firstSeq,
        actor: own.actor,
        received: own.receivedAt,
        hashes: Buffer.from(own.hashes, 'latin1'),
        rows: JSON.stringify(rows),
        workspace: workspaceId,
        held,
      }).changes;
    // Each from its outbox row: one missing would leave a hole in the log.
    if (kept !== lastSeq - held) throw new OwnRowMissing();
    moveLink(this.db, workspaceId, {
      held,
      last: { seq: lastSeq, hash: own.hashes.slice(-HASH_LENGTH) },
      madeHere: true,
    });
  }
}
