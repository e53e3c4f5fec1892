/**
 * Bank statements are the team's, against a real PostgreSQL server: a statement imported on one
 * desktop is imported on a colleague's from the very same bytes at the next exchange, under the
 * importer's name; one the colleague imported too is not imported twice; nothing goes back out.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import { TeamReplicaRepository } from '../../../src/main/core/ledger/repositories/team-replica';
import type { Core } from '../../../src/main/core/services';
import {
  dispatched,
  reconCore,
  RECON_STATEMENT,
  seedReconWorkspace,
  statementBase64,
} from '../../helpers/recon-fixture';
import { setUpTeam, startPostgres, type PostgresServer } from '../../helpers/postgres';
import { makeTempDir } from '../../helpers/temp-dir';

let server: PostgresServer;
const temps: ReturnType<typeof makeTempDir>[] = [];
const cores: Core[] = [];
let team = 0;

beforeAll(async () => {
  server = await startPostgres();
  await server.createLogin('ana', 'ana-pass');
  await server.createLogin('ben', 'ben-pass');
}, 60_000);
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const temp of temps.splice(0)) temp.cleanup();
});
afterAll(() => server?.remove());

async function pair(): Promise<{ ana: Core; ben: Core; benDir: string }> {
  team += 1;
  const database = `statements_${team}`;
  await setUpTeam(server, database, { ana: 'preparer', ben: 'reviewer' });
  const made: { core: Core; dir: string }[] = [];
  for (const login of ['ana', 'ben'] as const) {
    const temp = makeTempDir();
    temps.push(temp);
    seedReconWorkspace(temp.dir);
    const core = reconCore(temp.dir);
    cores.push(core);
    await dispatched(core, 'team:join', { database: server.url(login, database), password: `${login}-pass` });
    made.push({ core, dir: temp.dir });
  }
  return { ana: made[0]!.core, ben: made[1]!.core, benDir: made[1]!.dir };
}

async function bankLines(core: Core): Promise<number> {
  const { items } = await dispatched(core, 'recon:items', { asOf: '2026-10-31', limit: 500 });
  return items.filter((item) => item.kind === 'line').length;
}

function waiting(dir: string): number {
  const db = openLedger(`${dir}/ledger.sqlite`, { readonly: true });
  try {
    return new TeamReplicaRepository(db).waitingCount(1);
  } finally {
    db.close();
  }
}

describe('statements in a team', () => {
  it("reach a colleague's desktop from the same bytes, and are not sent back", async () => {
    const { ana, ben, benDir } = await pair();
    const imported = await dispatched(ana, 'recon:import', {
      fileName: RECON_STATEMENT,
      contentBase64: statementBase64(),
    });
    expect(imported.stored).toBe(true);
    expect(await bankLines(ben)).toBe(0);
    await dispatched(ana, 'team:sync', { password: 'ana-pass' });
    await dispatched(ben, 'team:sync', { password: 'ben-pass' });
    expect(await bankLines(ben)).toBe(await bankLines(ana));
    expect(await bankLines(ben)).toBeGreaterThan(0);
    expect(waiting(benDir)).toBe(0);
    // A second exchange finds it held: nothing is imported twice.
    await dispatched(ben, 'team:sync', { password: 'ben-pass' });
    expect(await bankLines(ben)).toBe(await bankLines(ana));
  });

  it('imported on both desktops, each keeps it once', async () => {
    const { ana, ben } = await pair();
    for (const core of [ana, ben])
      await dispatched(core, 'recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
    const lines = await bankLines(ana);
    await dispatched(ana, 'team:sync', { password: 'ana-pass' });
    await dispatched(ben, 'team:sync', { password: 'ben-pass' });
    await dispatched(ana, 'team:sync', { password: 'ana-pass' });
    expect(await bankLines(ana)).toBe(lines);
    expect(await bankLines(ben)).toBe(lines);
  });
});
