/**
 * An exchange applies the page it has just pulled and kept as it holds it, not read back from the
 * log: what becomes of each change is what reading the log would have made of it (the same
 * changes, in the team's order, those made here left out), and a page that does not start where
 * this desktop stopped applying (an exchange cut off between keeping a page and applying it) is not
 * taken as it is: the log is read from there, so nothing kept is skipped or applied twice.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Ledger } from '../../../src/main/core/ledger/db';
import { TeamAppliedRepository } from '../../../src/main/core/ledger/repositories/team-applied';
import {
  TeamReplicaRepository,
  type LoggedChange,
} from '../../../src/main/core/ledger/repositories/team-replica';
import { applyTeamChanges } from '../../../src/main/core/team/apply/apply-changes';
import { makeTempDir } from '../../helpers/temp-dir';
import { teamLedger } from '../../helpers/team-ledger';

const now = (): string => '2026-11-02T10:00:00.000Z';
let temp: ReturnType<typeof makeTempDir>;
const open: Ledger[] = [];

beforeEach(() => {
  temp = makeTempDir();
});

afterEach(() => {
  for (const db of open.splice(0)) db.close();
  temp.cleanup();
});

/** A ledger in a team, its workspace 1 holding no bank lines: every match waits for its line. */
function ledger(name: string): Ledger {
  const { db } = teamLedger(join(temp.dir, `${name}.sqlite`), {
    databaseUrl: 'postgres://ana@db/team',
    login: 'ana',
    now: now(),
    workspaceName: name,
  });
  open.push(db);
  return db;
}

/** Colleagues' automatic matches, seq 1..count, each naming a bank line of its own. */
function changes(count: number): LoggedChange[] {
  return Array.from({ length: count }, (_, n) => {
    const seq = n + 1;
    return {
      seq,
      id: `00000000-0000-7000-8000-${String(seq).padStart(12, '0')}`,
      kind: 'decision.auto_match',
      subject: `line:GB29NWBK60161331926819/BANK-${seq}`,
      payload: JSON.stringify({
        actorName: `Person ${seq}`,
        lines: [{ account: 'GB29NWBK60161331926819', bankId: `BANK-${seq}`, date: '2026-10-15' }],
        match: { rule: 'reference', confidence: 1, explanation: 'The payment reference matches.' },
        requests: [{ created: '2026-10-14T09:00:00.000Z', reference: `FD${String(seq).padStart(8, '0')}` }],
      }),
      actor: seq % 2 === 0 ? 'ben' : 'cai',
      madeAt: now(),
      receivedAt: now(),
      prevHash: String(seq - 1).padStart(64, '0'),
      hash: String(seq).padStart(64, '0'),
    };
  });
}

/** One of the changes was made on this desktop: it is in its outbox. */
function madeHere(db: Ledger, change: LoggedChange): void {
  db.prepare(
    `INSERT INTO team_outbox (workspace_id, change_id, kind, subject, payload, made_at, pushed_seq)
     VALUES (1, ?, ?, ?, ?, ?, ?)`,
  ).run(change.id, change.kind, change.subject, change.payload, change.madeAt, change.seq);
}

/** What became of each change here, by seq, and how far the log was gone through. */
function outcomes(db: Ledger): { rows: unknown[]; appliedSeq: number } {
  return {
    rows: db
      .prepare(
        'SELECT seq, change_id, state, decision_id, actor, actor_name, note FROM team_applied ORDER BY seq',
      )
      .all(),
    appliedSeq: new TeamAppliedRepository(db).appliedSeq(1),
  };
}

describe('the page an exchange has just kept', () => {
  it('is applied as reading it back from the log would apply it, changes made here left out', () => {
    const log = changes(12);
    const [read, kept] = [ledger('read'), ledger('kept')];
    for (const db of [read, kept]) {
      madeHere(db, log[4]!);
      new TeamReplicaRepository(db).appendLog(1, log);
    }
    applyTeamChanges(read, 1, now);
    applyTeamChanges(kept, 1, now, { kept: log });
    const fromLog = outcomes(read);
    expect(fromLog.rows).toHaveLength(11);
    expect(fromLog.appliedSeq).toBe(12);
    expect(outcomes(kept)).toEqual(fromLog);
  });

  it('is not taken as it is when it does not start where applying stopped: the log is read from there', () => {
    const log = changes(12);
    const [read, kept] = [ledger('read'), ledger('kept')];
    for (const db of [read, kept]) {
      // The first page was kept, and the exchange cut off before applying it; the next one keeps the rest.
      new TeamReplicaRepository(db).appendLog(1, log.slice(0, 5));
      new TeamReplicaRepository(db).appendLog(1, log.slice(5));
    }
    applyTeamChanges(read, 1, now);
    applyTeamChanges(kept, 1, now, { kept: log.slice(5) });
    expect(outcomes(kept)).toEqual(outcomes(read));
    expect(outcomes(kept).rows).toHaveLength(12);
    // Applied already: the same page again changes nothing.
    applyTeamChanges(kept, 1, now, { kept: log.slice(5) });
    expect(outcomes(kept)).toEqual(outcomes(read));
  });
});
