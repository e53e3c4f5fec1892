/**
 * A run stores the items its automatic matches cover in one statement
 * (ReconDecisionsRepository.addCurrentMany): the rows are exactly those written decision by decision
 * (addCurrent), each item with its own decision, and an item already covered refuses the whole
 * statement.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import {
  ReconDecisionsRepository,
  type NewDecision,
} from '../../src/main/core/ledger/repositories/recon-decisions';
import { appendInTransaction } from '../../src/main/core/recon/audit/audit-log';
import { seedLedger } from '../helpers/recon-follow';
import { makeTempDir } from '../helpers/temp-dir';

const temps: Array<ReturnType<typeof makeTempDir>> = [];
const opened: Ledger[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const temp of temps.splice(0)) temp.cleanup();
});

function twoLedgers(): [Ledger, Ledger] {
  const temp = makeTempDir();
  temps.push(temp);
  const [a, b] = [join(temp.dir, 'a.sqlite'), join(temp.dir, 'b.sqlite')];
  seedLedger(a, 11);
  copyFileSync(a, b);
  const dbs = [openLedger(a), openLedger(b)] as [Ledger, Ledger];
  opened.push(...dbs);
  return dbs;
}

const ids = (db: Ledger, table: string): number[] =>
  db.prepare(`SELECT id FROM ${table} ORDER BY id`).pluck().all() as number[];

function decisions(
  db: Ledger,
  auditSeq: number,
): Array<NewDecision & { lines: number[]; requests: number[] }> {
  const [lines, requests] = [ids(db, 'bank_lines'), ids(db, 'transfer_requests')];
  const texts = ['Café ✓', 'line\nbreak "quoted" \\ back', '\u2028 separator', '😀 0.1 1e21'];
  return texts.map((text, index) => {
    const covered = {
      lines: [lines[index]!],
      requests: index === 1 ? [requests[1]!, requests[5]!] : [requests[index]!],
    };
    return {
      kind: 'auto_match',
      payload: { match: { rule: 'exact_reference', score: 0.1 + index, note: text }, ...covered },
      actor: 'user',
      actorName: index === 2 ? null : 'Ana Ruiz',
      createdAt: '2026-10-31T18:00:00.000Z',
      auditSeq,
      ...covered,
    };
  });
}

function audit(db: Ledger): number {
  return appendInTransaction(db, {
    workspaceId: 1,
    at: '2026-10-31T18:00:00.000Z',
    actor: 'user',
    action: 'match.automatic',
    subject: 'run:2026-10-31',
    details: {},
  }).seq;
}

const rows = (db: Ledger, table: string): unknown[] => db.prepare(`SELECT * FROM ${table} ORDER BY id`).all();

describe('the items a run’s matches cover, stored in one statement', () => {
  it('writes exactly the rows one insert per decision writes', () => {
    const [one, many] = twoLedgers();
    one.transaction(() => {
      const repo = new ReconDecisionsRepository(one);
      const first = repo.nextId();
      decisions(one, audit(one)).forEach((decision, index) => {
        const id = repo.insert(1, first + index, decision);
        repo.addCurrent(1, id, 'match', decision);
      });
    })();
    many.transaction(() => {
      const repo = new ReconDecisionsRepository(many);
      const list = decisions(many, audit(many));
      const first = repo.nextId();
      const stored = list.map((decision, index) => repo.insert(1, first + index, decision));
      repo.addCurrentMany(
        1,
        'match',
        list.map((decision, index) => ({ decisionId: stored[index]!, items: decision })),
      );
    })();
    expect(rows(many, 'recon_decisions')).toEqual(rows(one, 'recon_decisions'));
    expect(rows(many, 'recon_current')).toEqual(rows(one, 'recon_current'));
    const decided = ids(many, 'recon_decisions');
    expect(
      many
        .prepare('SELECT decision_id, role, line_id, request_id FROM recon_current ORDER BY id')
        .raw(true)
        .all(),
    ).toEqual(
      decisions(many, 1).flatMap((decision, index) => [
        ...decision.lines.map((line) => [decided[index], 'match', line, null]),
        ...decision.requests.map((request) => [decided[index], 'match', null, request]),
      ]),
    );
    expect(rows(many, 'recon_decisions')).toHaveLength(4);
    expect(new ReconDecisionsRepository(many).get(1, ids(many, 'recon_decisions')[1]!)!.payload).toEqual(
      decisions(many, 1)[1]!.payload,
    );
  });

  it('refuses the whole statement when one item is already covered, and says so', () => {
    const [db] = twoLedgers();
    const repo = new ReconDecisionsRepository(db);
    db.transaction(() => {
      const list = decisions(db, audit(db));
      const first = repo.nextId();
      const stored = list.map((decision, index) => repo.insert(1, first + index, decision));
      repo.addCurrentMany(1, 'match', [{ decisionId: stored[0]!, items: list[0]! }]);
      const before = rows(db, 'recon_current');
      expect(() =>
        repo.addCurrentMany(1, 'match', [
          { decisionId: stored[1]!, items: list[1]! },
          { decisionId: stored[2]!, items: { lines: list[0]!.lines, requests: [] } },
        ]),
      ).toThrow(/already matched: undo that decision first/);
      expect(rows(db, 'recon_current')).toEqual(before);
    })();
  });
});
