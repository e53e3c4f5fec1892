/**
 * The team database on a real PostgreSQL server: `team init` is idempotent, roles are the server's
 * to enforce (a preparer's login over raw SQL cannot review, rewrite or delete the log, or read
 * another team), a change pushed twice is kept once with the actor the server stamped, colleagues
 * hear of a push within a second, and the chain a desktop pulls is checked change by change.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/shared/ipc/errors';
import { checkChain } from '../../../src/main/core/team/team-chain';
import {
  GENESIS_HASH,
  listenForChanges,
  pullChanges,
  pushChanges,
  pushBatch,
  pushChangesStamped,
  teamHead,
  type OutgoingChange,
} from '../../../src/main/core/team/team-changes';
import { checkTeamUrl, connectTeam, teamWhere } from '../../../src/main/core/team/team-connection';
import { grantRole, myRole, teamMembers } from '../../../src/main/core/team/team-members';
import { initTeamSchema } from '../../../src/main/core/team/team-schema';
import { TEAM_SCHEMA_STEPS, TEAM_SCHEMA_VERSION } from '../../../src/main/core/team/server';
import { loginPassword, useTeamCores } from '../../helpers/team-cores';

const teamCores = useTeamCores({ logins: ['ana', 'ben', 'cleo', 'dan'] });

const open = (login: string, database = 'team_a'): Promise<pg.Client> =>
  connectTeam({
    url: teamCores.server.url(login, database),
    password: login === teamCores.server.admin.user ? teamCores.server.admin.password : loginPassword(login),
  });

async function as<T>(login: string, use: (client: pg.Client) => Promise<T>, database = 'team_a'): Promise<T> {
  const client = await open(login, database);
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

function change(kind: string, subject: string, payload: unknown = {}): OutgoingChange {
  return {
    id: randomUUID(),
    kind,
    subject,
    payload: JSON.stringify(payload),
    madeAt: new Date().toISOString(),
  };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

beforeAll(async () => {
  await teamCores.server.createDatabase('team_a');
  await teamCores.server.createDatabase('team_b');
  for (const database of ['team_a', 'team_b']) {
    const result = await as(
      teamCores.server.admin.user,
      (client) => initTeamSchema(client, database),
      database,
    );
    expect(result).toEqual({ from: 0, to: TEAM_SCHEMA_VERSION });
  }
  await as(teamCores.server.admin.user, async (client) => {
    await grantRole(client, 'cleo', 'admin', 'team_a');
  });
  // The admin the owner named gives the others their roles.
  await as('cleo', async (client) => {
    await grantRole(client, 'ana', 'preparer', 'team_a');
    await grantRole(client, 'ben', 'reviewer', 'team_a');
  });
}, 60_000);

describe('team init and roles', () => {
  it('is idempotent: a second init changes nothing', async () => {
    const again = await as(teamCores.server.admin.user, (client) => initTeamSchema(client, 'team_a'));
    expect(again).toEqual({ from: TEAM_SCHEMA_VERSION, to: TEAM_SCHEMA_VERSION });
    const members = await as('ana', (client) => teamMembers(client, 'team_a'));
    expect(members).toEqual([
      { login: 'ana', role: 'preparer' },
      { login: 'ben', role: 'reviewer' },
      { login: 'cleo', role: 'admin' },
    ]);
  });

  it('brings a team database set up by an earlier version (schema 2) up to date, log and all', async () => {
    await teamCores.server.createDatabase('team_old');
    // Set up as FloatDesk did before step 3: steps 1 and 2, recorded as schema 2.
    await as(
      teamCores.server.admin.user,
      async (client) => {
        for (const step of TEAM_SCHEMA_STEPS.filter((each) => each.version <= 2))
          await client.query(step.sql);
        await client.query(
          'CREATE TABLE floatdesk_team.schema_version (id integer PRIMARY KEY CHECK (id = 1), version integer NOT NULL)',
        );
        await client.query('INSERT INTO floatdesk_team.schema_version (id, version) VALUES (1, 2)');
        await grantRole(client, 'ana', 'preparer', 'team_old');
      },
      'team_old',
    );
    const before = change('match.manual', 'line:OLD-1');
    const [old] = await as('ana', (client) => pushChangesStamped(client, [before], 'team_old'), 'team_old');
    // Schema 2 answers the seq only.
    expect(old).toEqual({ id: before.id, seq: 1, stamp: undefined });

    const upgraded = await as(
      teamCores.server.admin.user,
      (client) => initTeamSchema(client, 'team_old'),
      'team_old',
    );
    expect(upgraded).toEqual({ from: 2, to: TEAM_SCHEMA_VERSION });
    expect(
      await as(teamCores.server.admin.user, (client) => initTeamSchema(client, 'team_old'), 'team_old'),
    ).toEqual({ from: TEAM_SCHEMA_VERSION, to: TEAM_SCHEMA_VERSION });
    // A preparer still may not review, and only members push.
    const review = await refusal(
      as(
        'ana',
        (client) => pushChanges(client, [change('review.approve', 'signoff:x')], 'team_old'),
        'team_old',
      ),
    );
    expect(review.message).toContain('Only a reviewer');
    const after = [change('match.manual', 'line:OLD-2'), change('match.reject', 'line:OLD-3')];
    const answer = await as('ana', (client) => pushChangesStamped(client, after, 'team_old'), 'team_old');
    // The answer carries what the server stamped and chained: the very rows a pull brings.
    const pulled = await as('ana', (client) => pullChanges(client, 0, 10, 'team_old'), 'team_old');
    expect(pulled.map((each) => each.id)).toEqual([before.id, after[0]!.id, after[1]!.id]);
    expect(checkChain({ seq: 0, hash: GENESIS_HASH }, pulled).ok).toBe(true);
    expect(answer).toEqual(
      pulled.slice(1).map((each) => ({
        id: each.id,
        seq: each.seq,
        stamp: { actor: 'ana', receivedAt: each.receivedAt, prevHash: each.prevHash, hash: each.hash },
      })),
    );
    // Sent again (the answer was lost): kept once, each answered with its seq, old and new alike
    // (the pull brings the rest of what this desktop has not got).
    const again = await as(
      'ana',
      (client) => pushChangesStamped(client, [before, ...after], 'team_old'),
      'team_old',
    );
    expect(again).toEqual(
      [before, ...after].map((each, index) => ({ id: each.id, seq: index + 1, stamp: undefined })),
    );
    expect(await as('ana', (client) => pullChanges(client, 0, 10, 'team_old'), 'team_old')).toEqual(pulled);
  });

  it('pushes to a team database not brought up to schema 4 as JSON, answered with stamps (schema 3)', async () => {
    await teamCores.server.createDatabase('team_three');
    await as(
      teamCores.server.admin.user,
      async (client) => {
        for (const step of TEAM_SCHEMA_STEPS.filter((each) => each.version <= 3))
          await client.query(step.sql);
        await grantRole(client, 'ana', 'preparer', 'team_three');
      },
      'team_three',
    );
    const made = [change('match.manual', 'line:THREE-1'), change('match.reject', 'line:THREE-2')];
    const later = [change('match.manual', 'line:THREE-3')];
    const [answer, laterAnswer] = await as(
      'ana',
      async (client) => {
        const first = await pushChangesStamped(client, made, 'team_three');
        // Known from then on for this connection: a batch made for it has no columns, and goes as JSON.
        const batch = pushBatch(later, client);
        expect(batch.columns).toBeNull();
        return [first, await pushChangesStamped(client, batch, 'team_three')];
      },
      'team_three',
    );
    const pulled = await as('ana', (client) => pullChanges(client, 0, 10, 'team_three'), 'team_three');
    expect(laterAnswer).toEqual([expect.objectContaining({ id: later[0]!.id, seq: 3 })]);
    expect(checkChain({ seq: 0, hash: GENESIS_HASH }, pulled).ok).toBe(true);
    expect(answer).toEqual(
      pulled.slice(0, 2).map((each) => ({
        id: each.id,
        seq: each.seq,
        stamp: { actor: 'ana', receivedAt: each.receivedAt, prevHash: each.prevHash, hash: each.hash },
      })),
    );
  });

  it('tells each login its role as the server sees it', async () => {
    expect(await as('ana', (client) => myRole(client, 'team_a'))).toBe('preparer');
    expect(await as('ben', (client) => myRole(client, 'team_a'))).toBe('reviewer');
    expect(await as('cleo', (client) => myRole(client, 'team_a'))).toBe('admin');
  });

  it('lets only an admin give roles', async () => {
    const refused = await refusal(as('ben', (client) => grantRole(client, 'dan', 'admin', 'team_a')));
    expect(refused.code).toBe('forbidden');
    expect(refused.message).toMatch(/Only an admin/);
  });

  it('keeps a login of no team out of the database, and a member out of another team', async () => {
    const stranger = await refusal(open('dan'));
    expect(stranger.code).toBe('forbidden');
    const otherTeam = await refusal(open('ana', 'team_b'));
    expect(otherTeam.code).toBe('forbidden');
  });

  it('says a wrong password and an unreachable server plainly, without the password', async () => {
    const wrong = await refusal(
      connectTeam({ url: teamCores.server.url('ana', 'team_a'), password: 'not-it' }),
    );
    expect(wrong.code).toBe('auth_failed');
    expect(wrong.message).toContain('check the user name and password');
    expect(wrong.message).not.toContain('not-it');
    const away = await refusal(connectTeam({ url: 'postgres://ana@127.0.0.1:1/team_a', password: 'x' }));
    expect(away.code).toBe('offline');
    expect(away.message).toContain('keeps working on this computer');
  });

  it('refuses a URL that carries the password or names no login or database', () => {
    expect(() => checkTeamUrl('postgres://ana:pw@host/team')).toThrow(/team database/);
    expect(() => checkTeamUrl('postgres://host/team')).toThrow();
    expect(() => checkTeamUrl('postgres://ana@host')).toThrow();
    expect(teamWhere('postgres://ana@db.example:5433/team?sslmode=verify-full')).toBe(
      'ana@db.example:5433/team',
    );
  });
});

describe('the change log', () => {
  it('keeps a change pushed twice once, stamped with the login that pushed it', async () => {
    const made = change('match.manual', 'line:BANK-1', { actorName: 'Someone Else', lines: ['BANK-1'] });
    const first = await as('ana', (client) => pushChanges(client, [made], 'team_a'));
    // The answer was lost: the desktop sends the same change again.
    const again = await as('ana', (client) => pushChanges(client, [made], 'team_a'));
    expect(again.get(made.id)).toBe(first.get(made.id));
    const pulled = await as('ben', (client) => pullChanges(client, 0, 1000, 'team_a'));
    const stored = pulled.filter((row) => row.id === made.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.actor).toBe('ana');
    expect(stored[0]!.payload).toBe(made.payload);
  });

  it('answers a push with what a pull of it brings, and keeps every character of it', async () => {
    const tricky = [
      change('match.manual', 'line:"QUOTED" \\ back\\slash, {braces}', { note: 'a "b" \\ c\nd\t😀 NULL' }),
      change('match.reject', 'line:two\tcontrol\ncharacters', { note: 'é ß 中文' }),
      change('resolution.add', 'NULL', {}),
    ];
    const head = await as('ana', (client) => teamHead(client, 'team_a'));
    const answer = await as('ana', (client) => pushChangesStamped(client, tricky, 'team_a'));
    const pulled = await as('ana', (client) => pullChanges(client, head.seq, 10, 'team_a'));
    expect(
      pulled.map(({ id, kind, subject, payload, madeAt }) => ({ id, kind, subject, payload, madeAt })),
    ).toEqual(tricky);
    expect(checkChain(head, pulled).ok).toBe(true);
    expect(answer).toEqual(
      pulled.map((each) => ({
        id: each.id,
        seq: each.seq,
        stamp: { actor: 'ana', receivedAt: each.receivedAt, prevHash: each.prevHash, hash: each.hash },
      })),
    );
  });

  it('writes texts with quotes and backslashes but no control character as JSON does, read back the same', async () => {
    const quoted = [
      change('match.manual', 'line:"Q" \\ {a,b} NULL', { note: 'say "hi" \\ and é', list: [1, '2'] }),
      change('match.reject', '  spaced  ', { path: 'C:\\ledger\\"x"' }),
    ];
    const head = await as('ana', (client) => teamHead(client, 'team_a'));
    await as('ana', (client) => pushChangesStamped(client, quoted, 'team_a'));
    const pulled = await as('ana', (client) => pullChanges(client, head.seq, 10, 'team_a'));
    expect(
      pulled.map(({ id, kind, subject, payload, madeAt }) => ({ id, kind, subject, payload, madeAt })),
    ).toEqual(quoted);
  });

  it('refuses a batch naming one change twice, keeping none of it', async () => {
    const twice = change('match.manual', 'line:TWICE');
    const head = await as('ana', (client) => teamHead(client, 'team_a'));
    await expect(
      as('ana', (client) =>
        pushChanges(client, [twice, change('match.reject', 'line:OTHER'), twice], 'team_a'),
      ),
    ).rejects.toBeInstanceOf(AppError);
    expect(await as('ana', (client) => teamHead(client, 'team_a'))).toEqual(head);
  });

  it('keeps a batch partly received before once, the new ones chained after the log', async () => {
    const first = change('match.manual', 'line:PART-1');
    await as('ana', (client) => pushChanges(client, [first], 'team_a'));
    const head = await as('ana', (client) => teamHead(client, 'team_a'));
    const rest = [change('match.manual', 'line:PART-2'), change('match.reject', 'line:PART-3')];
    const answer = await as('ana', (client) => pushChangesStamped(client, [first, ...rest], 'team_a'));
    expect(answer.map((each) => each.seq)).toEqual([head.seq, head.seq + 1, head.seq + 2]);
    const pulled = await as('ana', (client) => pullChanges(client, head.seq - 1, 10, 'team_a'));
    expect(pulled.map((each) => each.id)).toEqual([first.id, rest[0]!.id, rest[1]!.id]);
    expect(checkChain(head, pulled.slice(1)).ok).toBe(true);
  });

  it('answers a desktop of an earlier version (push_changes, JSON) as before, a row per change', async () => {
    const made = [change('match.manual', 'line:EARLIER-1'), change('match.reject', 'line:EARLIER-2')];
    const sent = JSON.stringify(made);
    const head = await as('ana', (client) => teamHead(client, 'team_a'));
    const push = (): Promise<Record<string, unknown>[]> =>
      as(
        'ana',
        async (client) =>
          (await client.query('SELECT * FROM floatdesk_team.push_changes($1::jsonb)', [sent])).rows,
      );
    const rows = await push();
    const pulled = await as('ana', (client) => pullChanges(client, head.seq, 10, 'team_a'));
    const expected = pulled.map((each) => ({
      change_id: each.id,
      seq: String(each.seq),
      actor: 'ana',
      received_at: each.receivedAt,
      prev_hash: each.prevHash,
      hash: each.hash,
    }));
    expect(rows).toEqual(expected);
    expect(checkChain(head, pulled).ok).toBe(true);
    // Sent again: kept once, answered the same.
    expect(await push()).toEqual(expected);
  });

  it('refuses columns of different lengths, and a review pushed as columns by a preparer', async () => {
    const call = (kinds: string[]): Promise<unknown> =>
      as('ana', (client) =>
        client.query(
          'SELECT * FROM floatdesk_team.push_change_columns($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[])',
          [[randomUUID()], kinds, ['signoff:2026-10-31'], ['{}'], [new Date().toISOString()]],
        ),
      );
    await expect(call(['match.manual', 'match.reject'])).rejects.toMatchObject({ code: '22023' });
    await expect(call(['review.approve'])).rejects.toMatchObject({ code: '42501' });
  });

  it('gives every change its place in one order, as pushed', async () => {
    const batch = [
      change('match.manual', 'line:A'),
      change('match.reject', 'line:B'),
      change('resolution.add', 'line:C'),
    ];
    const seqs = await as('ana', (client) => pushChanges(client, batch, 'team_a'));
    const order = batch.map((item) => seqs.get(item.id)!);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[2]! - order[0]!).toBe(2);
  });

  it('refuses a review by a preparer and by the person who made the sign-off', async () => {
    const signoff = change('signoff.create', 'signoff:2026-10-31', { asOf: '2026-10-31' });
    await as('ana', (client) => pushChanges(client, [signoff], 'team_a'));
    const byPreparer = await refusal(
      as('ana', (client) => pushChanges(client, [change('review.approve', 'signoff:2026-10-31')], 'team_a')),
    );
    expect(byPreparer.code).toBe('forbidden');
    expect(byPreparer.message).toContain('Only a reviewer');

    const own = change('signoff.create', 'signoff:2026-11-30', { asOf: '2026-11-30' });
    await as('ben', (client) => pushChanges(client, [own], 'team_a'));
    const ownReview = await refusal(
      as('ben', (client) => pushChanges(client, [change('review.approve', 'signoff:2026-11-30')], 'team_a')),
    );
    expect(ownReview.message).toContain('someone other than the person who made it');

    // Nor with the sign-off in the same push (the server checks the batch too), over raw SQL.
    const both = [
      change('signoff.create', 'signoff:2026-12-31', { asOf: '2026-12-31' }),
      change('review.approve', 'signoff:2026-12-31'),
    ];
    const together = await refusal(as('ben', (client) => pushChanges(client, both, 'team_a')));
    expect(together.message).toContain('someone other than the person who made it');
    const head = await as('ben', (client) => teamHead(client, 'team_a'));
    expect(
      (await as('ben', (client) => pullChanges(client, head.seq - 1, 10, 'team_a'))).map((c) => c.id),
    ).not.toContain(both[0]!.id);

    const approved = change('review.approve', 'signoff:2026-10-31', { note: 'Checked' });
    const seqs = await as('ben', (client) => pushChanges(client, [approved], 'team_a'));
    expect(seqs.get(approved.id)).toBeGreaterThan(0);
  });

  it('lets no member write, rewrite or delete the log over raw SQL', async () => {
    await as('ana', async (client) => {
      for (const sql of [
        "INSERT INTO floatdesk_team.changes (seq, change_id, kind, subject, payload, actor, made_at, received_at, prev_hash, hash) VALUES (999999, gen_random_uuid(), 'review.approve', 'x', '{}', 'ben', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000000Z', repeat('0', 64), repeat('0', 64))",
        "UPDATE floatdesk_team.changes SET actor = 'ben'",
        'DELETE FROM floatdesk_team.changes',
        "UPDATE floatdesk_team.members SET role = 'admin'",
      ]) {
        await expect(client.query(sql)).rejects.toMatchObject({ code: '42501' });
      }
    });
  });

  it('tells a listening colleague of a push within a second', async () => {
    const listener = await open('ben');
    try {
      const heard = new Promise<number>((resolve) => {
        void listenForChanges(listener, resolve, 'team_a');
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const made = change('match.manual', 'line:LISTEN');
      const started = performance.now();
      const seqs = await as('ana', (client) => pushChanges(client, [made], 'team_a'));
      const seq = await heard;
      expect(performance.now() - started).toBeLessThan(1000);
      expect(seq).toBe(seqs.get(made.id));
    } finally {
      await listener.end();
    }
  });

  it('pulls a chain every desktop can check, and says where an altered one parts', async () => {
    const pulled = await as('ben', (client) => pullChanges(client, 0, 1000, 'team_a'));
    expect(pulled.length).toBeGreaterThan(3);
    const checked = checkChain({ seq: 0, hash: GENESIS_HASH }, pulled);
    const head = await as('ben', (client) => teamHead(client, 'team_a'));
    expect(checked).toEqual({ ok: true, head });
    // In pieces, as a desktop pulls: each piece continues from the last one's head.
    const firstPart = checkChain({ seq: 0, hash: GENESIS_HASH }, pulled.slice(0, 2));
    expect(firstPart.ok && checkChain(firstPart.head, pulled.slice(2)).ok).toBe(true);

    // The database's owner (not a member) edits a stored change behind the server's back.
    const victim = pulled[1]!;
    await teamCores.server.sql(
      `UPDATE floatdesk_team.changes SET payload = '{"edited":true}' WHERE seq = ${victim.seq}`,
      'team_a',
    );
    const after = await as('ben', (client) => pullChanges(client, 0, 1000, 'team_a'));
    expect(checkChain({ seq: 0, hash: GENESIS_HASH }, after)).toMatchObject({ ok: false, seq: victim.seq });
    // A change taken out is noticed at the one that follows it.
    await teamCores.server.sql(`DELETE FROM floatdesk_team.changes WHERE seq = ${pulled[2]!.seq}`, 'team_a');
    const gap = await as('ben', (client) => pullChanges(client, victim.seq, 1000, 'team_a'));
    expect(checkChain({ seq: victim.seq, hash: victim.hash }, gap)).toMatchObject({
      ok: false,
      seq: pulled[3]!.seq,
      problem: expect.stringContaining('missing'),
    });
    // Even a chain re-hashed end to end by whoever took the change out skips a number.
    const relinked = gap.map((change, index) =>
      index === 0 ? { ...change, prevHash: victim.hash } : change,
    );
    expect(checkChain({ seq: victim.seq, hash: victim.hash }, relinked)).toMatchObject({ ok: false });
  });
});
