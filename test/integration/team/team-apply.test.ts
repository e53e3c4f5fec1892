/**
 * Colleagues' decisions arrive on this desktop (two workspaces, one real PostgreSQL server): a match
 * made on A is applied on B under A's name and not queued again; A's undo reaches B; the same bank
 * line matched differently on A and B while apart becomes one conflict on both, with the same
 * decision standing; a change naming a bank line B has not imported waits, then applies; and a
 * conflict settled on one desktop is settled on the other.
 */
import { describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import { TeamAppliedRepository } from '../../../src/main/core/ledger/repositories/team-applied';
import { TeamReplicaRepository } from '../../../src/main/core/ledger/repositories/team-replica';
import type { Core } from '../../../src/main/core/services';
import { dispatched, RECON_STATEMENT, refusal, statementBase64 } from '../../helpers/recon-fixture';
import { loginPassword, useTeamCores } from '../../helpers/team-cores';

const teamCores = useTeamCores({ logins: ['ana', 'ben'] });
let database = '';

const LINE = '2026100600000104'; // 300.00 paid, two requests of 300.00 could be it

interface Desktop {
  core: Core;
  dir: string;
  sync(): Promise<{ pushed: number; pulled: number }>;
}

/** A new team database, and one desktop per person (named in Settings), joined, statement imported or not. */
async function team(
  people: { login: 'ana' | 'ben'; name: string; statement: boolean }[],
): Promise<Desktop[]> {
  database = await teamCores.team({ ana: 'preparer', ben: 'preparer' });
  const desktops: Desktop[] = [];
  for (const person of people) {
    const { core, dir } = await teamCores.desktop();
    await dispatched(core, 'settings:update', { signerName: person.name });
    if (person.statement)
      await dispatched(core, 'recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
    await teamCores.join(core, person.login, database);
    desktops.push({
      core,
      dir,
      sync: () => dispatched(core, 'team:sync', { password: loginPassword(person.login) }),
    });
  }
  return desktops;
}

async function lineMatch(desktop: Desktop, line = LINE) {
  const items = await dispatched(desktop.core, 'recon:items', { asOf: '2026-10-31', limit: 500 });
  return items.items.find((item) => item.kind === 'line' && item.id === line)?.match ?? null;
}

function readLedger<T>(desktop: Desktop, read: (ledger: ReturnType<typeof openLedger>) => T): T {
  const ledger = openLedger(`${desktop.dir}/ledger.sqlite`, { readonly: true });
  try {
    return read(ledger);
  } finally {
    ledger.close();
  }
}

const refusalOf = (desktop: Desktop, id: number) =>
  refusal(desktop.core, 'team:conflict.settle', { id, keep: 'other' });

const matchBy = (desktop: Desktop, lineIds: string[], requestReferences: string[]) =>
  dispatched(desktop.core, 'recon:match.manual', { lineIds, requestReferences });

describe("a colleague's decisions on this desktop", () => {
  it("applies a match made on A on B under A's name, does not queue it again, and takes A's undo", async () => {
    const [a, b] = await team([
      { login: 'ana', name: 'Ana Ruiz', statement: true },
      { login: 'ben', name: 'Ben Okafor', statement: true },
    ]);
    const made = await matchBy(a!, [LINE], ['FDB2V6J4L9']);
    expect(await a!.sync()).toMatchObject({ pushed: 1 });
    expect(await b!.sync()).toMatchObject({ pushed: 0, pulled: 1 });

    const onB = await lineMatch(b!);
    expect(onB).toMatchObject({ rule: 'manual', requestReferences: ['FDB2V6J4L9'] });
    const change = readLedger(a!, (ledger) =>
      new TeamReplicaRepository(ledger).changeOfDecision(1, made.decisionId),
    );
    readLedger(b!, (ledger) => {
      expect(new TeamAppliedRepository(ledger).decisionOfChange(1, change!)).toBe(onB!.decisionId);
      expect(
        ledger.prepare('SELECT actor, actor_name FROM recon_decisions WHERE id = ?').get(onB!.decisionId),
      ).toEqual({ actor: 'sync', actor_name: 'Ana Ruiz' });
      expect(ledger.prepare('SELECT actor, actor_name, state FROM team_applied').all()).toEqual([
        { actor: 'ana', actor_name: 'Ana Ruiz', state: 'applied' },
      ]);
      const audit = ledger
        .prepare(
          "SELECT actor, details FROM audit_log WHERE action = 'match.manual' ORDER BY seq DESC LIMIT 1",
        )
        .get() as { actor: string; details: string };
      expect(audit.actor).toBe('sync');
      expect(JSON.parse(audit.details)).toMatchObject({ by: 'Ana Ruiz' });
      // Not shared again: the team has it already.
      expect(ledger.prepare('SELECT count(*) FROM team_outbox').pluck().get()).toBe(0);
    });
    expect(await dispatched(b!.core, 'team:status', {})).toMatchObject({
      queued: 0,
      conflicts: 0,
      pending: 0,
    });
    expect(await b!.sync()).toMatchObject({ pushed: 0, pulled: 0 });

    await dispatched(a!.core, 'recon:undo', {
      decisionId: made.decisionId,
      reason: 'Paid the other request',
    });
    await a!.sync();
    await b!.sync();
    expect(await lineMatch(b!)).toBeNull();
    readLedger(b!, (ledger) => {
      const undo = ledger
        .prepare("SELECT actor, actor_name, undoes FROM recon_decisions WHERE kind = 'undo'")
        .get();
      expect(undo).toEqual({ actor: 'sync', actor_name: 'Ana Ruiz', undoes: onB!.decisionId });
    });
    expect(await dispatched(b!.core, 'team:status', {})).toMatchObject({ queued: 0 });
  });

  it('makes one conflict on both desktops when A and B matched the same bank line apart, and settles it on both', async () => {
    const [a, b] = await team([
      { login: 'ana', name: 'Ana Ruiz', statement: true },
      { login: 'ben', name: 'Ben Okafor', statement: true },
    ]);
    // Both offline: each matches the 300.00 payment to another request.
    await matchBy(a!, [LINE], ['FDB2V6J4L9']);
    await matchBy(b!, [LINE], ['FDM8Y3D5G2']);
    await a!.sync(); // A's match is ordered first
    await b!.sync(); // B's after it: B takes A's and keeps its own as the conflict
    await a!.sync();

    for (const desktop of [a!, b!]) {
      expect(await lineMatch(desktop)).toMatchObject({ requestReferences: ['FDB2V6J4L9'] });
      expect(await dispatched(desktop.core, 'team:status', {})).toMatchObject({ conflicts: 1, queued: 0 });
    }
    const onA = await dispatched(a!.core, 'team:conflicts', {});
    const onB = await dispatched(b!.core, 'team:conflicts', {});
    expect(onA.conflicts).toHaveLength(1);
    const strip = (list: typeof onA) =>
      list.conflicts.map(({ id: _id, standing, other, ...rest }) => ({
        ...rest,
        standing: { ...standing, here: undefined, inForce: standing.inForce },
        other: { ...other, here: undefined },
      }));
    expect(strip(onB)).toEqual(strip(onA));
    const [conflict] = onA.conflicts;
    expect(conflict).toMatchObject({
      item: expect.stringMatching(/^The bank line of .*300\.00/),
      standing: { who: 'Ana Ruiz', login: 'ana', here: true, inForce: true },
      other: { who: 'Ben Okafor', login: 'ben', here: false, inForce: false },
      settled: null,
    });
    expect(conflict!.standing.what).toContain('request FDB2V6J4L9');
    expect(conflict!.other.what).toContain('request FDM8Y3D5G2');
    expect(onB.conflicts[0]).toMatchObject({ standing: { here: false }, other: { here: true } });
    // The same reconciliation on both.
    const summary = async (desktop: Desktop) =>
      (await dispatched(desktop.core, 'recon:summary', { asOf: '2026-10-31' })).states;
    expect(await summary(b!)).toEqual(await summary(a!));

    // Ben takes his own decision instead: the standing is undone and his made again, for everyone.
    const settled = await dispatched(b!.core, 'team:conflict.settle', {
      id: onB.conflicts[0]!.id,
      keep: 'other',
    });
    expect(settled.decisionId).toEqual(expect.any(Number));
    expect(await b!.sync()).toMatchObject({ pushed: 3 }); // the undo, the new match, the settling
    const sent = await teamCores.server.sql(
      'SELECT kind FROM floatdesk_team.changes ORDER BY seq DESC LIMIT 3',
      database,
    );
    // In the order they were made: the next desktop undoes before it matches again.
    expect(sent.rows.map((row: { kind: string }) => row.kind).reverse()).toEqual([
      'decision.undo',
      'decision.manual',
      'conflict.settle',
    ]);
    await a!.sync();
    for (const desktop of [a!, b!]) {
      expect(await lineMatch(desktop)).toMatchObject({ requestReferences: ['FDM8Y3D5G2'] });
      expect(await dispatched(desktop.core, 'team:status', {})).toMatchObject({ conflicts: 0 });
      const all = await dispatched(desktop.core, 'team:conflicts', { all: true });
      expect(all.conflicts[0]?.settled).toMatchObject({ choice: 'other', by: 'Ben Okafor' });
    }
    expect(await summary(b!)).toEqual(await summary(a!));
  });

  it('sees no conflict when two desktops matched alike', async () => {
    const [a, b] = await team([
      { login: 'ana', name: 'Ana Ruiz', statement: true },
      { login: 'ben', name: 'Ben Okafor', statement: true },
    ]);
    await dispatched(a!.core, 'recon:run', { asOf: '2026-10-31' });
    await dispatched(b!.core, 'recon:run', { asOf: '2026-10-31' });
    await a!.sync();
    await b!.sync();
    await a!.sync();
    for (const desktop of [a!, b!])
      expect(await dispatched(desktop.core, 'team:status', {})).toMatchObject({ conflicts: 0, pending: 0 });
    const matched = async (desktop: Desktop) =>
      (await dispatched(desktop.core, 'recon:items', { asOf: '2026-10-31', limit: 500 })).items
        .filter((item) => item.match !== null)
        .map((item) => `${item.kind}:${item.id}`)
        .sort();
    expect((await matched(a!)).length).toBeGreaterThan(0);
    expect(await matched(b!)).toEqual(await matched(a!));
  });

  it('keeps a change naming a bank line this desktop has not imported waiting, and applies it once the statement is here', async () => {
    const [a, b] = await team([
      { login: 'ana', name: 'Ana Ruiz', statement: true },
      { login: 'ben', name: 'Ben Okafor', statement: false },
    ]);
    await matchBy(a!, [LINE], ['FDB2V6J4L9']);
    await a!.sync();
    await b!.sync();
    expect(await dispatched(b!.core, 'team:status', {})).toMatchObject({ pending: 1, conflicts: 0 });
    readLedger(b!, (ledger) => {
      expect(ledger.prepare('SELECT state, note FROM team_applied').get()).toEqual({
        state: 'pending',
        note: expect.stringContaining(`bank line ${LINE} of 2026-10-06`),
      });
    });
    // Another exchange with nothing new: it still waits.
    await b!.sync();
    expect(await dispatched(b!.core, 'team:status', {})).toMatchObject({ pending: 1 });

    await dispatched(b!.core, 'recon:import', {
      fileName: RECON_STATEMENT,
      contentBase64: statementBase64(),
    });
    await b!.sync();
    expect(await dispatched(b!.core, 'team:status', {})).toMatchObject({ pending: 0, queued: 0 });
    expect(await lineMatch(b!)).toMatchObject({ requestReferences: ['FDB2V6J4L9'] });
  });

  it('settles a conflict on both desktops when one person keeps the standing decision', async () => {
    const [a, b] = await team([
      { login: 'ana', name: 'Ana Ruiz', statement: true },
      { login: 'ben', name: 'Ben Okafor', statement: true },
    ]);
    await matchBy(b!, [LINE], ['FDM8Y3D5G2']);
    await matchBy(a!, [LINE], ['FDB2V6J4L9']);
    await b!.sync(); // Ben's first this time
    await a!.sync();
    await b!.sync();
    const [conflict] = (await dispatched(a!.core, 'team:conflicts', {})).conflicts;
    expect(conflict).toMatchObject({
      standing: { who: 'Ben Okafor', here: false },
      other: { who: 'Ana Ruiz' },
    });
    expect(await dispatched(a!.core, 'team:conflict.settle', { id: conflict!.id, keep: 'standing' })).toEqual(
      {
        decisionId: null,
      },
    );
    expect(await refusalOf(a!, conflict!.id)).toMatchObject({ code: 'invalid_input' });
    await a!.sync();
    await b!.sync();
    for (const desktop of [a!, b!]) {
      expect(await lineMatch(desktop)).toMatchObject({ requestReferences: ['FDM8Y3D5G2'] });
      expect(await dispatched(desktop.core, 'team:status', {})).toMatchObject({ conflicts: 0 });
      const all = await dispatched(desktop.core, 'team:conflicts', { all: true });
      expect(all.conflicts[0]?.settled).toMatchObject({ choice: 'standing', by: 'Ana Ruiz' });
    }
  });

  it("applies a colleague's resolution, and keeps two different resolutions of one item as a conflict", async () => {
    const [a, b] = await team([
      { login: 'ana', name: 'Ana Ruiz', statement: true },
      { login: 'ben', name: 'Ben Okafor', statement: false },
    ]);
    const resolve = (desktop: Desktop, reasonCode: 'bank_fee' | 'duplicate', note: string) =>
      dispatched(desktop.core, 'recon:resolve', { kind: 'request', id: 'FDW1G7Q4B5', reasonCode, note });
    await resolve(a!, 'duplicate', 'Sent twice by the platform');
    await resolve(b!, 'bank_fee', 'Charged by the bank');
    await a!.sync();
    await b!.sync();
    await a!.sync();
    for (const desktop of [a!, b!]) {
      const items = await dispatched(desktop.core, 'recon:items', { asOf: '2026-10-31', limit: 500 });
      const item = items.items.find((found) => found.kind === 'request' && found.id === 'FDW1G7Q4B5');
      expect(item?.resolution).toMatchObject({ reasonCode: 'duplicate', note: 'Sent twice by the platform' });
      const [conflict] = (await dispatched(desktop.core, 'team:conflicts', {})).conflicts;
      expect(conflict).toMatchObject({
        item: 'Request FDW1G7Q4B5',
        standing: { who: 'Ana Ruiz', what: expect.stringContaining('Sent twice by the platform') },
        other: { who: 'Ben Okafor', what: expect.stringContaining('Charged by the bank') },
      });
    }
  });
});
