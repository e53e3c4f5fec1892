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
import { GENESIS_HASH, pullChanges } from '../../../src/main/core/team/team-changes';
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

async function sync(db: Ledger, login: string): Promise<ExchangeResult> {
  const client = await connectTeam({
    url: teamCores.server.url(login, DATABASE),
    password: loginPassword(login),
  });
  try {
    return await exchange(db, 1, client, DATABASE, now);
  } finally {
    await client.end();
  }
}

/** The desktop's log is the server's, row for row, and checks out from the start. */
async function expectServersLog(db: Ledger): Promise<void> {
  const client = await connectTeam({
    url: teamCores.server.url('ben', DATABASE),
    password: loginPassword('ben'),
  });
  const server = await pullChanges(client, 0, 100_000, DATABASE).finally(() => client.end());
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
});
