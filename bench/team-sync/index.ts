// Team sync on a real PostgreSQL server (a private one, started here): one desktop pushes 100,000
// shared decisions, a second pulls them (chain checked, kept in its ledger), against the anchor:
// COPY of the same rows into a copy of the team's table on the same server. Target: ratio <= 3.
// Then a desktop that was offline while 10,000 changes were made catches up within 2 s.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Ledger } from '../../src/main/core/ledger/db';
import { TeamReplicaRepository } from '../../src/main/core/ledger/repositories/team-replica';
import { connectTeam } from '../../src/main/core/team/team-connection';
import { exchange } from '../../src/main/core/team/team-exchange';
import { setUpTeam, startPostgres, type PostgresServer } from '../../test/helpers/postgres';
import { report } from '../harness';
import { teamLedger } from '../../test/helpers/team-ledger';

const COUNT = Number(process.env.TEAM_BENCH_COUNT ?? 100_000);
const CATCH_UP = Math.min(10_000, COUNT);
const TARGET_RATIO = 3;
const CATCH_UP_BUDGET_MS = 2000;
const DATABASE = 'bench_team';
const now = (): string => new Date().toISOString();

interface Desktop {
  db: Ledger;
  workspaceId: number;
  login: string;
  password: string;
}

function desktop(dir: string, server: PostgresServer, login: string, password: string): Desktop {
  const { db, workspaceId } = teamLedger(join(dir, `${login}.sqlite`), {
    databaseUrl: server.url(login, DATABASE),
    login,
    now: now(),
  });
  return { db, workspaceId, login, password };
}

/** Decisions as a run shares them: one automatic match each, naming a line and a request. */
function queueDecisions(desk: Desktop, count: number, from: number): void {
  const replica = new TeamReplicaRepository(desk.db);
  desk.db.transaction(() => {
    for (let i = from; i < from + count; i++) {
      const payload = JSON.stringify({
        actorName: 'Ana Ruiz',
        lines: [{ account: 'GB29NWBK60161331926819', bankId: `BANK-${i}`, date: '2026-10-15' }],
        match: { rule: 'reference', confidence: 1, explanation: 'The payment reference matches.' },
        requests: [{ created: '2026-10-14T09:00:00.000Z', reference: `FD${String(i).padStart(8, '0')}` }],
      });
      replica.queue(desk.workspaceId, {
        kind: 'decision.auto_match',
        subject: `line:GB29NWBK60161331926819/BANK-${i} request:FD${String(i).padStart(8, '0')}`,
        payload,
        madeAt: now(),
      });
    }
  })();
}

/** CPU time (user + system) of a process on this machine, from /proc; undefined where there is none. */
function cpuMsOf(pid: number): number | undefined {
  try {
    // Fields 14 and 15 (utime, stime), counted after the command's closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/**
 * One exchange, timed, with the CPU each side spent on it: the desktop's (this process) and the
 * server's (the connection's backend, on this machine), to tell which side a change made faster.
 */
async function exchangeMs(
  server: PostgresServer,
  desk: Desktop,
): Promise<{ ms: number; pushed: number; pulled: number; desktopCpuMs: number; serverCpuMs?: number }> {
  const client = await connectTeam({ url: server.url(desk.login, DATABASE), password: desk.password });
  try {
    const backend = Number(
      (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid,
    );
    const serverBefore = cpuMsOf(backend);
    const desktopBefore = process.cpuUsage();
    const started = performance.now();
    const result = await exchange(desk.db, desk.workspaceId, client, DATABASE, now);
    const ms = performance.now() - started;
    const desktop = process.cpuUsage(desktopBefore);
    const serverAfter = cpuMsOf(backend);
    return {
      ms,
      pushed: result.pushed,
      pulled: result.pulled,
      desktopCpuMs: (desktop.user + desktop.system) / 1000,
      serverCpuMs:
        serverBefore === undefined || serverAfter === undefined ? undefined : serverAfter - serverBefore,
    };
  } finally {
    await client.end();
  }
}

/** COPY of the rows the server holds into a copy of its table (the anchor). */
async function copyMs(server: PostgresServer, dir: string): Promise<number> {
  await server.sql('CREATE TABLE bench_copy (LIKE floatdesk_team.changes INCLUDING ALL)', DATABASE);
  const file = join(dir, 'changes.csv');
  await server.sql(`COPY floatdesk_team.changes TO '${file}' WITH (FORMAT csv)`, DATABASE).catch(async () => {
    // The server runs as another user who may not write here: export through the client instead.
    const rows = (await server.sql('SELECT * FROM floatdesk_team.changes ORDER BY seq', DATABASE))
      .rows as Record<string, unknown>[];
    const quote = (value: unknown): string => `"${String(value).replace(/"/g, '""')}"`;
    writeFileSync(file, rows.map((row) => Object.values(row).map(quote).join(',')).join('\n'));
  });
  const started = performance.now();
  const copied = spawnSync(
    'psql',
    [
      '-h',
      server.host,
      '-p',
      String(server.port),
      '-U',
      server.admin.user,
      '-d',
      DATABASE,
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      `\\copy bench_copy FROM '${file}' WITH (FORMAT csv)`,
    ],
    { env: { ...process.env, PGPASSWORD: server.admin.password }, encoding: 'utf8' },
  );
  const ms = performance.now() - started;
  if (copied.status !== 0) throw new Error(`psql \\copy failed: ${copied.stderr}`);
  return ms;
}

const dir = mkdtempSync(join(tmpdir(), 'floatdesk-bench-team-'));
const server = await startPostgres();
try {
  await server.createLogin('ana', 'ana-pass');
  await server.createLogin('ben', 'ben-pass');
  await setUpTeam(server, DATABASE, { ana: 'preparer', ben: 'preparer' });
  const ana = desktop(dir, server, 'ana', 'ana-pass');
  const ben = desktop(dir, server, 'ben', 'ben-pass');
  queueDecisions(ana, COUNT, 0);
  const push = await exchangeMs(server, ana);
  const pull = await exchangeMs(server, ben);
  if (push.pushed !== COUNT || pull.pulled !== COUNT)
    throw new Error(`pushed ${push.pushed} and pulled ${pull.pulled}, not ${COUNT}`);
  console.log(
    `push of ${COUNT.toLocaleString('en')} decisions: ${push.ms.toFixed(0)} ms; pull on a second desktop: ${pull.ms.toFixed(0)} ms`,
  );
  const cpu = (side: { desktopCpuMs: number; serverCpuMs?: number }): string =>
    `desktop ${side.desktopCpuMs.toFixed(0)} ms, server ${side.serverCpuMs?.toFixed(0) ?? '?'} ms`;
  console.log(`CPU spent on the push: ${cpu(push)}; on the pull: ${cpu(pull)}`);
  const anchor = await copyMs(server, dir);
  console.log(`anchor, COPY of the same rows into the same table: ${anchor.toFixed(0)} ms`);

  // Ben goes offline; Ana makes 10,000 more; Ben comes back.
  queueDecisions(ana, CATCH_UP, COUNT);
  await exchangeMs(server, ana);
  const catchUp = await exchangeMs(server, ben);
  console.log(
    `catching up on ${catchUp.pulled.toLocaleString('en')} changes after being offline: ${catchUp.ms.toFixed(0)} ms (budget ${CATCH_UP_BUDGET_MS} ms)`,
  );
  for (const desk of [ana, ben]) desk.db.close();
  report(
    {
      bench: 'team-sync',
      value: push.ms + pull.ms,
      anchor,
      target: TARGET_RATIO,
      pushMs: Math.round(push.ms),
      pullMs: Math.round(pull.ms),
      catchUpMs: Math.round(catchUp.ms),
      pushCpuMs: {
        desktop: Math.round(push.desktopCpuMs),
        server: Math.round(push.serverCpuMs ?? Number.NaN),
      },
      pullCpuMs: {
        desktop: Math.round(pull.desktopCpuMs),
        server: Math.round(pull.serverCpuMs ?? Number.NaN),
      },
      count: COUNT,
    },
    catchUp.ms <= CATCH_UP_BUDGET_MS,
  );
} finally {
  server.remove();
  rmSync(dir, { recursive: true, force: true });
}
