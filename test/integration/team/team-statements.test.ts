/**
 * Bank statements are the team's, against a real PostgreSQL server: a statement imported on one
 * desktop is imported on a colleague's from the very same bytes at the next exchange, under the
 * importer's name; one the colleague imported too is not imported twice; nothing goes back out.
 */
import { describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import { TeamReplicaRepository } from '../../../src/main/core/ledger/repositories/team-replica';
import { applyTeamStatements } from '../../../src/main/core/team/apply-statements';
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

  it('one refused here waits with its reason, and is tried again only once the inputs have moved', async () => {
    const { ana, ben, benDir } = await pair();
    const original = statementBase64();
    // Ben holds another copy of the statement whose first payment reads 2,600.00: the same bank id.
    const edited = Buffer.from(
      Buffer.from(original, 'base64')
        .toString('utf8')
        .replace('<Amt Ccy="GBP">2500.00</Amt>', '<Amt Ccy="GBP">2600.00</Amt>')
        .replace('<Amt Ccy="GBP">18344.50</Amt>', '<Amt Ccy="GBP">18244.50</Amt>'),
    ).toString('base64');
    expect(edited).not.toBe(original);
    expect(
      (await dispatched(ben, 'recon:import', { fileName: 'ben.xml', contentBase64: edited })).stored,
    ).toBe(true);
    expect(
      (await dispatched(ana, 'recon:import', { fileName: RECON_STATEMENT, contentBase64: original })).stored,
    ).toBe(true);
    await dispatched(ana, 'team:sync', { password: 'ana-pass' });
    await dispatched(ben, 'team:sync', { password: 'ben-pass' });

    const overview = await dispatched(ben, 'team:overview', {});
    expect(overview.waiting).toHaveLength(1);
    expect(overview.waiting[0]!.count).toBe(1);
    expect(overview.waiting[0]!.reason).toMatch(
      new RegExp(
        `^ana's bank statement ${RECON_STATEMENT.replace('.', '\\.')} could not be imported here: .+`,
      ),
    );
    expect(overview.waiting[0]!.reason).not.toMatch(/sha256|statement:/);

    const db = openLedger(`${benDir}/ledger.sqlite`);
    try {
      const now = (): string => '2026-10-31T18:00:00.000Z';
      // Nothing moved since the exchange: the refused file is not read again.
      expect(await applyTeamStatements(db, 1, now)).toEqual({ imported: 0, refused: [] });
      // A run moves the inputs (its suggestions): the statement is tried again, and still refused.
      await dispatched(ben, 'recon:run', { asOf: '2026-10-31' });
      const retried = await applyTeamStatements(db, 1, now);
      expect(retried.imported).toBe(0);
      expect(retried.refused).toHaveLength(1);
      expect(retried.refused[0]!.reason).toBe(
        overview.waiting[0]!.reason.replace(/^.* could not be imported here: /, ''),
      );
      // A statement change this FloatDesk cannot read is said, with the field, and the rest goes on.
      const replica = new TeamReplicaRepository(db);
      const link = replica.link(1)!;
      replica.appendLog(1, [
        {
          seq: link.pulledSeq + 1,
          id: 'unreadable-statement',
          kind: 'statement.import',
          subject: `statement:${'f'.repeat(64)}`,
          payload: '{"fileName":3}',
          actor: 'ana',
          madeAt: now(),
          receivedAt: now(),
          prevHash: link.pulledHash,
          hash: 'e'.repeat(64),
        },
      ]);
      const unreadable = await applyTeamStatements(db, 1, now);
      expect(unreadable.refused.map((refused) => refused.reason)).toContainEqual(
        expect.stringMatching(/is not one FloatDesk can read \(fileName: /),
      );
    } finally {
      db.close();
    }
    expect((await dispatched(ben, 'team:overview', {})).waiting).toEqual(overview.waiting);
  });
});
