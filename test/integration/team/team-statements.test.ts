/**
 * Bank statements are the team's, against a real PostgreSQL server: a statement imported on one
 * desktop is imported on a colleague's from the very same bytes at the next exchange, under the
 * importer's name; one the colleague imported too is not imported twice; nothing goes back out.
 */
import { describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import { TeamReplicaRepository } from '../../../src/main/core/ledger/repositories/team-replica';
import type { Core } from '../../../src/main/core/services';
import { dispatched, RECON_STATEMENT, statementBase64 } from '../../helpers/recon-fixture';
import { useTeamCores } from '../../helpers/team-cores';

const teamCores = useTeamCores({ logins: ['ana', 'ben'] });

async function pair(): Promise<{ ana: Core; ben: Core; benDir: string }> {
  const database = await teamCores.team({ ana: 'preparer', ben: 'reviewer' });
  const ana = await teamCores.desktop('ana', database);
  const ben = await teamCores.desktop('ben', database);
  return { ana: ana.core, ben: ben.core, benDir: ben.dir };
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
