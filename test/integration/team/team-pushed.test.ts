/**
 * What a desktop keeps of the answer to its push (TeamPushedRepository), on a real ledger file: the
 * outbox rows marked with their seqs, and its own changes copied from the outbox into the team's
 * log with the server's stamps, the link moved on, all in one transaction. Changes the log holds
 * already (another exchange pulled them meanwhile) are not kept twice; a change whose outbox row is
 * gone is not kept at all, leaving the log for the pull to continue.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Ledger } from '../../../src/main/core/ledger/db';
import { TeamPushedRepository, type OwnRun } from '../../../src/main/core/ledger/repositories/team-pushed';
import { TeamReplicaRepository } from '../../../src/main/core/ledger/repositories/team-replica';
import { changeHash, checkChain } from '../../../src/main/core/team/team-chain';
import { GENESIS_HASH } from '../../../src/main/core/team/team-changes';
import { makeTempDir } from '../../helpers/temp-dir';
import { teamLedger } from '../../helpers/team-ledger';

const now = (): string => '2026-11-02T10:00:00.000Z';
const RECEIVED = '2026-11-02T10:00:01.000000Z';
let temp: ReturnType<typeof makeTempDir>;
let db: Ledger;

beforeEach(() => {
  temp = makeTempDir();
  ({ db } = teamLedger(join(temp.dir, 'ana.sqlite'), {
    databaseUrl: 'postgres://ana@db/team',
    login: 'ana',
    now: now(),
  }));
});

afterEach(() => {
  db.close();
  temp.cleanup();
});

interface Stamp {
  row: number;
  seq: number;
  prevHash: string;
  hash: string;
}

/** Three changes queued here, and the server's answer to their push: seqs 1-3, chained. */
function pushed(): Stamp[] {
  const replica = new TeamReplicaRepository(db);
  for (const line of ['A', 'B', 'C'])
    replica.queue(1, {
      kind: 'match.manual',
      subject: `line:${line}`,
      payload: `{"line":"${line}"}`,
      madeAt: now(),
    });
  let prevHash = GENESIS_HASH;
  return replica.waiting(1, 10).map((change, index) => {
    const stamped = { ...change, seq: index + 1, actor: 'ana', receivedAt: RECEIVED, prevHash };
    const hash = changeHash(stamped);
    prevHash = hash;
    return { row: change.row, seq: stamped.seq, prevHash: stamped.prevHash, hash };
  });
}

const places = (stamps: readonly Stamp[]) => stamps.map(({ row, seq }) => ({ row, seq }));

/** The queued changes with their stamps, as a pull from the server brings them. */
const asPulled = (stamps: readonly Stamp[]) =>
  new TeamReplicaRepository(db).waiting(1, stamps.length).map((change, index) => ({
    ...change,
    ...stamps[index]!,
    actor: 'ana',
    receivedAt: RECEIVED,
    id: change.id,
  }));

/** The stamps as the run of own changes the exchange keeps. */
const run = (stamps: readonly Stamp[]): OwnRun => ({
  rows: stamps.map((stamp) => stamp.row),
  firstSeq: stamps[0]!.seq,
  actor: 'ana',
  receivedAt: RECEIVED,
  hashes: stamps[0]!.prevHash + stamps.map((stamp) => stamp.hash).join(''),
});

describe('TeamPushedRepository.keep', () => {
  it('marks the outbox and keeps its own changes in the log, as pushed, with the server stamps', () => {
    const stamps = pushed();
    new TeamPushedRepository(db).keep(1, places(stamps), run(stamps));
    const replica = new TeamReplicaRepository(db);
    expect(replica.waitingCount(1)).toBe(0);
    const log = replica.log(1);
    expect(
      log.map((change) => [change.seq, change.subject, change.payload, change.actor, change.hash]),
    ).toEqual(
      stamps.map((stamp, index) => [
        stamp.seq,
        `line:${'ABC'[index]}`,
        `{"line":"${'ABC'[index]}"}`,
        'ana',
        stamp.hash,
      ]),
    );
    // Each hash is the one of the fields kept: the log checks out as pulled would.
    expect(log.every((change) => changeHash(change) === change.hash)).toBe(true);
    expect(checkChain({ seq: 0, hash: GENESIS_HASH }, log).ok).toBe(true);
    expect(replica.link(1)).toMatchObject({ pulledSeq: 3, pulledHash: stamps[2]!.hash });
  });

  it('keeps only what the log does not hold yet', () => {
    const stamps = pushed();
    const replica = new TeamReplicaRepository(db);
    // Another exchange of this ledger pulled the first two meanwhile.
    replica.appendLog(1, asPulled(stamps).slice(0, 2));
    new TeamPushedRepository(db).keep(1, places(stamps), run(stamps));
    expect(replica.log(1).map((change) => change.seq)).toEqual([1, 2, 3]);
    expect(replica.link(1)).toMatchObject({ pulledSeq: 3, pulledHash: stamps[2]!.hash });
  });

  it('keeps none of them in the log when an outbox row is gone, and still marks the rest pushed', () => {
    const stamps = pushed();
    const missing = [...stamps.slice(0, 2), { ...stamps[2]!, row: stamps[2]!.row + 1000 }];
    new TeamPushedRepository(db).keep(1, places(stamps), run(missing));
    const replica = new TeamReplicaRepository(db);
    expect(replica.log(1)).toEqual([]);
    expect(replica.link(1)).toMatchObject({ pulledSeq: 0, pulledHash: GENESIS_HASH });
    expect(replica.waitingCount(1)).toBe(0);
  });

  it('keeps nothing of a run that does not start right after the log (the pull brings it all)', () => {
    const stamps = pushed();
    new TeamPushedRepository(db).keep(1, places(stamps), run(stamps.slice(1)));
    const replica = new TeamReplicaRepository(db);
    expect(replica.log(1)).toEqual([]);
    expect(replica.link(1)).toMatchObject({ pulledSeq: 0, pulledHash: GENESIS_HASH });
    expect(replica.waitingCount(1)).toBe(0);
  });

  it('refuses a run whose hashes do not match its changes, keeping nothing', () => {
    const stamps = pushed();
    const short = { ...run(stamps), hashes: run(stamps).hashes.slice(0, -64) };
    expect(() => new TeamPushedRepository(db).keep(1, places(stamps), short)).toThrow(
      /3 changes came with 3 hashes/,
    );
    const replica = new TeamReplicaRepository(db);
    expect(replica.log(1)).toEqual([]);
    expect(replica.waitingCount(1)).toBe(3);
  });

  it('appendLog, given a page partly held already, keeps the rest once each', () => {
    const stamps = pushed();
    const replica = new TeamReplicaRepository(db);
    const page = asPulled(stamps);
    replica.appendLog(1, page.slice(0, 2));
    replica.appendLog(1, page);
    expect(replica.log(1).map((change) => change.seq)).toEqual([1, 2, 3]);
    expect(replica.link(1)).toMatchObject({ pulledSeq: 3, pulledHash: stamps[2]!.hash });
  });
});
