/**
 * The desktop that pushes keeps its own changes in the team's log from the push's answer (team
 * schema 3), checked like a pulled page, when they follow on from what it pulled last; when a
 * colleague's changes came in between, it pulls them all, its own included, as before. Either way
 * its log is the server's, change for change, and its chain checks out.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Ledger } from '../../../src/main/core/ledger/db';
import { TeamAppliedRepository } from '../../../src/main/core/ledger/repositories/team-applied';
import { TeamReplicaRepository } from '../../../src/main/core/ledger/repositories/team-replica';
import { checkChain } from '../../../src/main/core/team/team-chain';
import { GENESIS_HASH, pullChanges, pushChangesStamped } from '../../../src/main/core/team/team-changes';
import { TEAM_SCHEMA_STEPS } from '../../../src/main/core/team/server';
import { connectTeam } from '../../../src/main/core/team/team-connection';
import { exchange, type ExchangeResult } from '../../../src/main/core/team/team-exchange';
import { loginPassword, useTeamCores } from '../../helpers/team-cores';
import { makeTempDir } from '../../helpers/temp-dir';
import { teamLedger } from '../../helpers/team-ledger';

const DATABASE = 'own_team';
const teamCores = useTeamCores({
  logins: ['ana', 'ben'],
  shared: { database: DATABASE, roles: { ana: 'preparer', ben: 'preparer' } },
});
const now = (): string => new Date().toISOString();

function ledgerOf(dir: string, login: string): Ledger {
  return teamLedger(join(dir, `${login}.sqlite`), {
    databaseUrl: teamCores.server.url(login, DATABASE),
    login,
    now: now(),
  }).db;
}

function queue(db: Ledger, count: number, tag: string): void {
  const replica = new TeamReplicaRepository(db);
  db.transaction(() => {
    for (let n = 0; n < count; n += 1)
      replica.queue(1, {
        kind: 'decision.note',
        subject: `test:${tag}:${n}`,
        payload: JSON.stringify({ n, tag }),
        madeAt: now(),
      });
  })();
}

async function sync(db: Ledger, login: string, database = DATABASE): Promise<ExchangeResult> {
  const client = await connectTeam({
    url: teamCores.server.url(login, database),
    password: loginPassword(login),
  });
  try {
    return await exchange(db, 1, client, database, now);
  } finally {
    await client.end();
  }
}

/** The desktop's log is the server's, row for row, and checks out from the start. */
async function expectServersLog(db: Ledger, database = DATABASE, login = 'ben'): Promise<void> {
  const client = await connectTeam({
    url: teamCores.server.url(login, database),
    password: loginPassword(login),
  });
  const server = await pullChanges(client, 0, 100_000, database).finally(() => client.end());
  const held = new TeamReplicaRepository(db).log(1, 0, 100_000);
  expect(held).toEqual(server);
  expect(checkChain({ seq: 0, hash: GENESIS_HASH }, held)).toMatchObject({ ok: true });
  expect(new TeamReplicaRepository(db).link(1)!.pulledSeq).toBe(server.at(-1)!.seq);
}

describe('a desktop keeps its own pushed changes', () => {
  it('from the answer when nothing came between, and pulls them when something did', async () => {
    const temp = makeTempDir();
    const ana = ledgerOf(temp.dir, 'ana');
    const ben = ledgerOf(temp.dir, 'ben');
    try {
      // More than one batch: each batch's answer follows on from the one before.
      queue(ana, 12_000, 'first');
      expect(await sync(ana, 'ana')).toMatchObject({ pushed: 12_000, pulled: 0, head: 12_000 });
      await expectServersLog(ana);
      // Nothing to apply among its own changes: gone through with them.
      expect(new TeamAppliedRepository(ana).appliedSeq(1)).toBe(12_000);

      // Ben's changes reach the server first: Ana's next ones do not follow on from what she holds.
      queue(ben, 3, 'ben');
      expect(await sync(ben, 'ben')).toMatchObject({ pushed: 3, pulled: 12_003 });
      queue(ana, 5, 'second');
      expect(await sync(ana, 'ana')).toMatchObject({ pushed: 5, pulled: 8, head: 12_008 });
      await expectServersLog(ana);
      // Ben's are gone through (applied or not) as pulled changes are; Ana's own are not among them.
      const applied = new TeamAppliedRepository(ana);
      expect(applied.appliedSeq(1)).toBe(12_008);
      expect(applied.madeHere(1, new TeamReplicaRepository(ana).log(1, 12_003, 1)[0]!.id)).toBe(true);
    } finally {
      ana.close();
      ben.close();
      temp.cleanup();
    }
  }, 120_000);

  it('only as far as one push stamped them: changes received before keep their own stamps (schema 3)', async () => {
    // A team database before schema 4 answers a push sent again with the stamps each change got
    // when it was first received: those are not of this push, and come with the pull.
    const database = 'own_team_three';
    await teamCores.server.createDatabase(database);
    for (const step of TEAM_SCHEMA_STEPS.filter((each) => each.version <= 3))
      await teamCores.server.sql(step.sql, database);
    await teamCores.server.sql("SELECT floatdesk_team.grant_member('ana', 'preparer')", database);
    const temp = makeTempDir();
    const ana = teamLedger(join(temp.dir, 'ana.sqlite'), {
      databaseUrl: teamCores.server.url('ana', database),
      login: 'ana',
      now: now(),
    }).db;
    try {
      queue(ana, 4, 'three');
      // The first two reach the server, and the answer is lost.
      const client = await connectTeam({
        url: teamCores.server.url('ana', database),
        password: loginPassword('ana'),
      });
      try {
        await pushChangesStamped(client, new TeamReplicaRepository(ana).waiting(1, 2), database);
      } finally {
        await client.end();
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await sync(ana, 'ana', database)).toMatchObject({ pushed: 4, head: 4 });
      await expectServersLog(ana, database, 'ana');
    } finally {
      ana.close();
      temp.cleanup();
    }
  });
});
