/**
 * A desktop joins its team on a real PostgreSQL server: the decisions it made before are shared in
 * the order they were made, each once, naming bank lines and requests the way every desktop knows
 * them; a decision made after goes out at the next exchange (an undo naming the team-wide id of the
 * match it takes back); a second desktop takes the team's log in the server's order and checks it.
 * A push repeated after a lost answer changes nothing on the server.
 */
import { describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import { TeamReplicaRepository } from '../../../src/main/core/ledger/repositories/team-replica';
import { pushChanges } from '../../../src/main/core/team/team-changes';
import { connectTeam } from '../../../src/main/core/team/team-connection';
import { verifyTeamLog } from '../../../src/main/core/team/team-verify';
import { dispatched, refusal, RECON_STATEMENT, statementBase64 } from '../../helpers/recon-fixture';
import { useTeamCores } from '../../helpers/team-cores';

const teamCores = useTeamCores({
  logins: ['ana', 'ben'],
  shared: { database: 'books_team', roles: { ana: 'preparer', ben: 'reviewer' } },
});

async function serverChanges(
  database = 'books_team',
): Promise<{ seq: string; kind: string; actor: string; payload: string; change_id: string }[]> {
  return (
    await teamCores.server.sql(
      'SELECT seq, kind, actor, payload, change_id FROM floatdesk_team.changes ORDER BY seq',
      database,
    )
  ).rows as never;
}

describe('a desktop in a team', () => {
  it('shares its earlier decisions on joining, then each new one, and a colleague pulls them in order', async () => {
    const a = await teamCores.desktop();
    await dispatched(a.core, 'recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
    const run = await dispatched(a.core, 'recon:run', { asOf: '2026-10-31' });
    expect(run.matchesAdded).toBeGreaterThan(0);
    const before = (await serverChanges()).length;

    const joined = await teamCores.join(a.core, 'ana', 'books_team');
    expect(joined).toMatchObject({ login: 'ana', role: 'preparer', pushed: run.matchesAdded });
    const shared = (await serverChanges()).slice(before);
    expect(shared).toHaveLength(run.matchesAdded);
    for (const change of shared) {
      expect(change).toMatchObject({ kind: 'decision.auto_match', actor: 'ana' });
      const payload = JSON.parse(change.payload) as {
        lines: { bankId: string; date: string }[];
        requests: { reference: string }[];
      };
      // Named as every desktop knows them, never by this ledger's row numbers.
      expect(payload.lines[0]).toMatchObject({
        bankId: expect.any(String),
        date: expect.stringMatching(/^2026-10-/),
      });
      expect(payload.requests[0]?.reference).toMatch(/^FD[A-Z0-9]{8}$/);
    }

    // A decision made now waits in the outbox until the next exchange.
    const matches = await dispatched(a.core, 'recon:items', { asOf: '2026-10-31', limit: 100 });
    const decisionId = matches.items.find((item) => item.match && item.match.rule !== 'manual')?.match
      ?.decisionId;
    expect(decisionId).toBeDefined();
    await dispatched(a.core, 'recon:undo', { decisionId, reason: 'Wrong payment' });
    expect(await dispatched(a.core, 'team:status', {})).toMatchObject({
      online: false,
      queued: 1,
      conflicts: 0,
    });
    expect(await dispatched(a.core, 'team:sync', { password: 'ana-pass' })).toMatchObject({ pushed: 1 });
    const all = await serverChanges();
    const undo = all.at(-1)!;
    expect(undo.kind).toBe('decision.undo');
    const undone = JSON.parse(undo.payload) as { undoes: string; reason: string };
    expect(
      all.some((change) => change.change_id === undone.undoes && change.kind === 'decision.auto_match'),
    ).toBe(true);

    // A colleague's desktop joins and takes the whole log, checked, in the server's order.
    const b = await teamCores.desktop();
    const benJoined = await teamCores.join(b.core, 'ben', 'books_team');
    expect(benJoined).toMatchObject({
      role: 'reviewer',
      pushed: 0,
      pulled: all.length,
      head: Number(all.at(-1)!.seq),
    });
    const status = await dispatched(b.core, 'team:status', { password: 'ben-pass' });
    expect(status).toMatchObject({ online: true, queued: 0, conflicts: 0 });
    expect(status.members).toEqual([
      { name: 'ana', role: 'preparer' },
      { name: 'ben', role: 'reviewer' },
    ]);
    const ledger = openLedger(`${b.dir}/ledger.sqlite`, { readonly: true });
    try {
      const log = new TeamReplicaRepository(ledger).log(1);
      expect(log.map((change) => change.seq)).toEqual(all.map((change) => Number(change.seq)));
      expect(log.at(-1)).toMatchObject({ kind: 'decision.undo', actor: 'ana' });
    } finally {
      ledger.close();
    }
  });

  it('keeps a change pushed again after a lost answer once', async () => {
    // A team of its own: the decisions of the other tests would be applied here on joining.
    await teamCores.team({ ana: 'preparer' }, 'lost_answer_team');
    const a = await teamCores.desktop();
    await dispatched(a.core, 'recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
    await teamCores.join(a.core, 'ana', 'lost_answer_team');
    await dispatched(a.core, 'recon:run', { asOf: '2026-10-31' });
    const ledger = openLedger(`${a.dir}/ledger.sqlite`, { readonly: true });
    const waiting = new TeamReplicaRepository(ledger).waiting(1, 1000);
    ledger.close();
    expect(waiting.length).toBeGreaterThan(0);
    // The push reached the server, but its answer never came back to the desktop...
    const client = await connectTeam({
      url: teamCores.server.url('ana', 'lost_answer_team'),
      password: 'ana-pass',
    });
    await pushChanges(client, waiting, 'lost_answer_team').finally(() => client.end());
    const count = (await serverChanges('lost_answer_team')).length;
    // ...so the next exchange sends the same changes again: the server keeps them once.
    expect(await dispatched(a.core, 'team:sync', { password: 'ana-pass' })).toMatchObject({
      pushed: waiting.length,
    });
    expect((await serverChanges('lost_answer_team')).length).toBe(count);
    expect(await dispatched(a.core, 'team:status', {})).toMatchObject({ queued: 0 });
  });

  it('says plainly when the workspace is in no team, or the password is wrong', async () => {
    const a = await teamCores.desktop();
    expect(await refusal(a.core, 'team:status', {})).toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('not part of a team'),
    });
    expect(
      await refusal(a.core, 'team:join', {
        database: teamCores.server.url('ana', 'books_team'),
        password: 'nope',
      }),
    ).toMatchObject({
      code: 'auth_failed',
    });
    expect(await refusal(a.core, 'team:status', {})).toMatchObject({ code: 'not_found' });
  });

  it('keeps working while the server is down, and sends what waited once it is back', async () => {
    await teamCores.team({ ana: 'preparer' }, 'offline_team');
    const a = await teamCores.desktop();
    await dispatched(a.core, 'recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
    await teamCores.join(a.core, 'ana', 'offline_team');
    teamCores.server.stop();
    let made = 0;
    try {
      // Decisions are made and queued as if nothing happened.
      const run = await dispatched(a.core, 'recon:run', { asOf: '2026-10-31' });
      made = run.matchesAdded;
      expect(run.matchesAdded).toBeGreaterThan(0);
      const away = await refusal(a.core, 'team:sync', { password: 'ana-pass' });
      expect(away).toMatchObject({
        code: 'offline',
        message: expect.stringContaining('keeps working on this computer'),
      });
      expect(await dispatched(a.core, 'team:status', { password: 'ana-pass' })).toMatchObject({
        online: false,
        queued: run.matchesAdded,
      });
    } finally {
      teamCores.server.start();
    }
    const before = (await serverChanges('offline_team')).length;
    expect(await dispatched(a.core, 'team:sync', { password: 'ana-pass' })).toMatchObject({ pushed: made });
    const after = await serverChanges('offline_team');
    expect(after.length).toBe(before + made);
    expect(await dispatched(a.core, 'team:status', {})).toMatchObject({ queued: 0 });
    const ids = after.map((change) => change.change_id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('verifies the team log it holds against the server, and says where the two part', async () => {
    await teamCores.team({ ana: 'preparer' }, 'audit_team');
    const a = await teamCores.desktop();
    await dispatched(a.core, 'recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
    await dispatched(a.core, 'recon:run', { asOf: '2026-10-31' });
    const joined = await teamCores.join(a.core, 'ana', 'audit_team');
    const verdict = async (password?: string): Promise<unknown> => {
      const ledger = openLedger(`${a.dir}/ledger.sqlite`, { readonly: true });
      try {
        return await verifyTeamLog(ledger, password);
      } finally {
        ledger.close();
      }
    };
    expect(await verdict()).toEqual({
      intact: true,
      line: `The team's log on this desktop checks out (${joined.head} changes); not compared with the server (set FLOATDESK_TEAM_PASSWORD to compare).`,
    });
    expect(await verdict('ana-pass')).toMatchObject({
      intact: true,
      line: expect.stringContaining("agrees with the server's head"),
    });
    // Someone with the owner's rights replaces a change on the server.
    await teamCores.server.sql(
      "UPDATE floatdesk_team.changes SET hash = repeat('a', 64) WHERE seq = 2",
      'audit_team',
    );
    expect(await verdict('ana-pass')).toMatchObject({
      intact: false,
      line: expect.stringContaining("parts from the server's (ana@127.0.0.1"),
    });
    expect(((await verdict('ana-pass')) as { line: string }).line).toContain(
      'at change 2: the server holds another change there',
    );
  });
});
