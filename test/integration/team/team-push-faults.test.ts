/**
 * A push cut off the hard way, against a real PostgreSQL server: the desktop's process killed with
 * SIGKILL while it sends a long outbox, and the server stopped while a push is in flight. Each time
 * the next `team sync` finishes the job, and every change is on the server exactly once, in one
 * unbroken chain that the desktop holds too.
 */
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import { TeamReplicaRepository } from '../../../src/main/core/ledger/repositories/team-replica';
import { assertBuilt, CLI_PATH, runCli } from '../../helpers/cli';
import { useTeamCores } from '../../helpers/team-cores';

const CHANGES = 40_000;
beforeAll(assertBuilt);
const teamCores = useTeamCores({
  logins: ['ana'],
  shared: { database: 'fault_team', roles: { ana: 'preparer' } },
});
/** The one workspace of the file, joined to the team (made before its tests, removed after them). */
let workspace = '';

beforeAll(() => {
  workspace = teamCores.workspace();
  const joined = runCli(
    ['team', 'join', '--workspace', workspace, '--database', teamCores.server.url('ana', 'fault_team')],
    {
      FLOATDESK_TEAM_PASSWORD: 'ana-pass',
    },
  );
  expect(joined.status, joined.stderr).toBe(0);
}, 60_000);

/** Decisions made on this desktop, as many as a busy month: queued as the app queues them. */
function queueChanges(count: number, tag: string): void {
  const db = openLedger(`${workspace}/ledger.sqlite`);
  try {
    const replica = new TeamReplicaRepository(db);
    db.transaction(() => {
      for (let n = 0; n < count; n += 1)
        replica.queue(1, {
          kind: 'decision.note',
          subject: `test:${tag}:${n}`,
          payload: JSON.stringify({ n, tag }),
          madeAt: '2026-11-28T09:00:00.000Z',
        });
    })();
  } finally {
    db.close();
  }
}

/** `last`: the highest number given; equal to `all` when no number was skipped. */
async function serverCount(): Promise<{ all: number; distinct: number; last: number }> {
  const { rows } = await teamCores.server.sql(
    `SELECT count(*)::int AS all, count(DISTINCT change_id)::int AS distinct, coalesce(max(seq), 0)::int AS last
       FROM floatdesk_team.changes`,
    'fault_team',
  );
  return rows[0] as { all: number; distinct: number; last: number };
}

/** `team sync` in its own process; `cut` runs once the server holds more than `from` changes. */
async function syncCutOff(from: number, cut: (child: ReturnType<typeof spawn>) => void): Promise<number> {
  const child = spawn(process.execPath, [CLI_PATH, 'team', 'sync', '--workspace', workspace], {
    env: { ...process.env, FLOATDESK_TEAM_PASSWORD: 'ana-pass' },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let cutAt = -1;
  for (let tries = 0; tries < 3_000 && cutAt < 0; tries += 1) {
    const { all } = await serverCount();
    if (all > from) {
      cutAt = all;
      cut(child);
    } else await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await exited;
  return cutAt;
}

function desktopState(): { waiting: number; logged: number } {
  const db = openLedger(`${workspace}/ledger.sqlite`, { readonly: true });
  try {
    const replica = new TeamReplicaRepository(db);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    return { waiting: replica.waitingCount(1), logged: replica.link(1)!.pulledSeq };
  } finally {
    db.close();
  }
}

function syncAgain(): void {
  const again = runCli(['team', 'sync', '--workspace', workspace], { FLOATDESK_TEAM_PASSWORD: 'ana-pass' });
  expect(again.status, again.stderr).toBe(0);
}

describe('a push cut off', () => {
  it('by kill -9 of the desktop: the next sync sends the rest, each change once', async () => {
    queueChanges(CHANGES, 'kill');
    const cutAt = await syncCutOff(0, (child) => child.kill('SIGKILL'));
    // Killed part-way: some of the outbox reached the server, not all of it.
    expect(cutAt).toBeGreaterThan(0);
    expect(cutAt).toBeLessThan(CHANGES);
    expect(desktopState().waiting).toBeGreaterThan(0);
    syncAgain();
    expect(await serverCount()).toEqual({ all: CHANGES, distinct: CHANGES, last: CHANGES });
    expect(desktopState()).toEqual({ waiting: 0, logged: CHANGES });
  }, 300_000);

  it('by the server stopping mid-push: nothing is lost once it is back', async () => {
    const before = (await serverCount()).all;
    queueChanges(CHANGES, 'restart');
    let cutAt = -1;
    try {
      cutAt = await syncCutOff(before, () => teamCores.server.stop());
    } finally {
      teamCores.server.start();
    }
    expect(cutAt).toBeGreaterThan(before);
    expect(cutAt).toBeLessThan(before + CHANGES);
    syncAgain();
    expect(await serverCount()).toEqual({
      all: before + CHANGES,
      distinct: before + CHANGES,
      last: before + CHANGES,
    });
    expect(desktopState()).toEqual({ waiting: 0, logged: before + CHANGES });
  }, 300_000);
});
