/**
 * Crash safety of sync: `floatdesk sync` is SIGKILLed at random moments, at least 200 times, while it
 * syncs against the simulator (in its own process, its clock frozen so the platform's data never
 * changes). After every kill the ledger must pass integrity_check and foreign_key_check, nothing a
 * separate connection saw committed before the kill may be gone, no file the ledger records may be
 * missing, a stale sync lock must be taken over (never refused), and a later uninterrupted sync must
 * reach exactly the state an uninterrupted sync reached on a fresh workspace.
 *
 * Two lanes run side by side, each on its own workspaces:
 *  - "long": one workspace for the whole test, crash after crash, with an uninterrupted checkpoint
 *    sync every CHECKPOINT_EVERY kills, compared with the reference;
 *  - "fresh": a new workspace every EPISODE_KILLS kills, so kills keep landing in first syncs (the
 *    transfer backfill, the first brand catalogue, the template downloads); each episode ends with
 *    an uninterrupted sync compared with the reference.
 * Kill moments come from a seeded PRNG (CRASH_SEED): mostly uniform over the sync itself (from the
 * moment the run starts to a little past its estimated end), sometimes uniform over the process
 * start (opening and migrating the ledger, taking the lock). The estimates follow the machine's
 * load. CRASH_KILLS sets the number of kills (default 200).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from '../helpers/cli';
import {
  canonicalDump,
  checkIntegrity,
  dumpDifferences,
  hasCompletedRun,
  killPhase,
  lostFacts,
  missingFiles,
  readCommittedFacts,
  runRecord,
  runStartedAt,
  syncLock,
  withReadOnlyLedger,
  type CommittedFacts,
} from '../helpers/crash-ledger';
import {
  initWorkspace,
  seededRandom,
  sleep,
  snapshotCli,
  startSimulatorProcess,
  startSync,
  type SimulatorProcess,
  type SyncExit,
} from '../helpers/crash-process';
import { makeTempDir } from '../helpers/temp-dir';

const KILLS = Number(process.env.CRASH_KILLS ?? 200);
const SEED = Number(process.env.CRASH_SEED ?? 20261122);
const SIMULATOR_ARGS = ['--seed', '4242', '--transfers', '1500', '--brands', '300'];
const CHECKPOINT_EVERY = 25;
const EPISODE_KILLS = 20;
/** Share of kills aimed at the process start rather than at the run itself. */
const STARTUP_SHARE = 0.15;
/** Kill moments reach this far past the estimated end, so some runs finish on their own. */
const OVERSHOOT = 1.05;

let cli: string;
let simulator: SimulatorProcess;
let temp: ReturnType<typeof makeTempDir>;
let env: Record<string, string>;

beforeAll(async () => {
  assertBuilt();
  temp = makeTempDir('floatdesk-crash-');
  cli = snapshotCli(temp.dir);
  simulator = await startSimulatorProcess(cli, SIMULATOR_ARGS);
  env = {
    FLOATDESK_HOME: join(temp.dir, 'home'),
    FLOATDESK_API_KEY: simulator.apiKey,
    FLOATDESK_API_SECRET: simulator.apiSecret,
  };
}, 60_000);

afterAll(async () => {
  await simulator?.stop();
  temp?.cleanup();
});

const REFUSAL = /ledger_busy|already syncing|Another FloatDesk/i;

function describeExit(exit: SyncExit): string {
  const output = `${exit.stdout}${exit.stderr}`.trim().split('\n').slice(-6).join('\n');
  return `code ${exit.code}, signal ${exit.signal}, ${Math.round(exit.ms)} ms:\n${output}`;
}

function count(table: Record<string, number>, key: string): void {
  table[key] = (table[key] ?? 0) + 1;
}

function formatCounts(table: Record<string, number>): string {
  return Object.entries(table)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, n]) => `    ${key}: ${n}`)
    .join('\n');
}

/** A duration that follows the machine's load. */
class Estimate {
  constructor(public ms: number) {}
  /** A measured duration: moves the estimate toward it. */
  observe(ms: number): void {
    this.ms = 0.6 * this.ms + 0.4 * ms;
  }
  /** Something was still going at `ms`: it takes at least that long now. */
  atLeast(ms: number): void {
    if (ms > this.ms) this.ms = ms;
  }
}

interface LaneOptions {
  name: string;
  /** Kills per workspace before it is verified and replaced; Infinity: one workspace throughout. */
  episodeKills: number;
  /** An uninterrupted, verified sync after this many kills in the same workspace. */
  checkpointEvery: number;
}

describe('sync crash safety', () => {
  it(`survives ${KILLS} SIGKILLs at random moments: intact ledger, no lost commit, same final state`, async () => {
    const t0 = performance.now();
    console.log(`crash test: ${simulator.banner}; kill seed ${SEED}`);

    // The reference: one uninterrupted sync on a fresh workspace. A second sync must leave the
    // canonical dump as it was (otherwise the dump holds something that varies from run to run).
    const referenceDir = join(temp.dir, 'reference');
    await initWorkspace(cli, referenceDir, simulator.baseUrl, env);
    const firstChild = startSync(cli, referenceDir, env);
    const firstRun = await firstChild.exited;
    expect(firstRun.code, describeExit(firstRun)).toBe(0);
    const reference = canonicalDump(referenceDir);
    const secondRun = await startSync(cli, referenceDir, env).exited;
    expect(secondRun.code, describeExit(secondRun)).toBe(0);
    expect(dumpDifferences(reference, canonicalDump(referenceDir))).toEqual([]);
    expect(reference.transferRequests).toHaveLength(1500);
    expect(reference.brands).toHaveLength(300);
    expect(reference.templates.length).toBeGreaterThan(0);
    const referenceStart =
      withReadOnlyLedger(referenceDir, (db) => runStartedAt(db, 0)) ?? firstChild.spawnedAt;
    console.log(
      `reference: first sync ${Math.round(firstRun.ms)} ms (run started ${referenceStart - firstChild.spawnedAt} ms after spawn), ` +
        `incremental ${Math.round(secondRun.ms)} ms; ${reference.transferRequests.length} transfer requests, ` +
        `${reference.brands.length} brands, ${reference.templates.length} templates, ${reference.files.length} files`,
    );

    const estimates = {
      startup: new Estimate(Math.max(50, referenceStart - firstChild.spawnedAt)),
      first: new Estimate(firstRun.ms),
      incremental: new Estimate(secondRun.ms),
    };
    const stats = {
      kills: 0,
      finishedBeforeKill: 0,
      uninterrupted: 0,
      workspaces: 0,
      phases: {} as Record<string, number>,
      staleLocksLeft: 0,
      staleLockTakeovers: 0,
      refusals: [] as string[],
      closedKilledRuns: {} as Record<string, number>,
      failures: [] as string[],
    };
    const random = seededRandom(SEED);
    const done = (): boolean => stats.kills >= KILLS || stats.failures.length > 0;
    const fail = (text: string): void => void stats.failures.push(text);

    /** An uninterrupted sync (after a kill, so usually over a stale lock), then the comparison. */
    async function verify(dir: string, where: string): Promise<void> {
      const lockBefore = withReadOnlyLedger(dir, (db) => syncLock(db));
      const exit = await startSync(cli, dir, env).exited;
      stats.uninterrupted++;
      if (exit.code !== 0) {
        if (REFUSAL.test(exit.stderr)) stats.refusals.push(`${where}: ${exit.stderr.trim()}`);
        return fail(
          `${where}: the uninterrupted sync failed (lock before: ${JSON.stringify(lockBefore)}), ${describeExit(exit)}`,
        );
      }
      estimates.incremental.observe(exit.ms);
      const after = withReadOnlyLedger(dir, (db) => ({
        integrity: checkIntegrity(db),
        lock: syncLock(db),
        stillRunning: db
          .prepare(
            `SELECT (SELECT count(*) FROM sync_runs WHERE outcome = 'running')
                  + (SELECT count(*) FROM sync_run_datasets WHERE outcome = 'running')`,
          )
          .pluck()
          .get() as number,
        lastRun: runRecord(db, readCommittedFacts(db).maxSyncRunId),
        missing: missingFiles(db, dir),
      }));
      if (after.integrity.integrity.join() !== 'ok' || after.integrity.foreignKeyViolations.length > 0)
        fail(`${where}: integrity after the uninterrupted sync: ${JSON.stringify(after.integrity)}`);
      if (after.lock)
        fail(`${where}: the sync lock is still held after the sync ended: ${JSON.stringify(after.lock)}`);
      if (after.stillRunning > 0)
        fail(`${where}: ${after.stillRunning} run or dataset rows still 'running' after the sync ended`);
      if (after.lastRun?.outcome !== 'succeeded')
        fail(`${where}: the uninterrupted run was recorded as ${JSON.stringify(after.lastRun)}`);
      if (after.missing.length > 0)
        fail(`${where}: recorded files missing: ${after.missing.slice(0, 5).join(', ')}`);
      const differences = dumpDifferences(reference, canonicalDump(dir));
      if (differences.length > 0)
        fail(`${where}: the final state differs from an uninterrupted sync's:\n${differences.join('\n')}`);
    }

    async function lane(options: LaneOptions): Promise<void> {
      for (let episode = 1; !done(); episode++) {
        const dir = join(temp.dir, `${options.name}-${episode}`);
        await initWorkspace(cli, dir, simulator.baseUrl, env);
        stats.workspaces++;
        let killsHere = 0;
        let previous: CommittedFacts | undefined;
        /** Runs a kill interrupted that no later sync has closed yet. */
        let killedRuns: number[] = [];
        const closeCheck = (db: Parameters<typeof runRecord>[0]): void => {
          killedRuns = killedRuns.filter((runId) => {
            const run = runRecord(db, runId);
            if (!run || run.outcome === 'running') return true;
            const datasets = [
              ...new Set(
                run.datasets.map((d) => d.outcome + (d.error_message ? ` (${d.error_message})` : '')),
              ),
            ];
            count(stats.closedKilledRuns, `run ${run.outcome}; datasets ${datasets.join(', ') || 'none'}`);
            return false;
          });
        };

        while (!done() && killsHere < options.episodeKills) {
          const iteration = `${options.name} #${episode}, kill ${killsHere + 1}`;
          const before = withReadOnlyLedger(dir, (db) => {
            closeCheck(db);
            return { facts: readCommittedFacts(db), first: !hasCompletedRun(db), lock: syncLock(db) };
          });
          if (previous) {
            const lost = lostFacts(previous, before.facts);
            if (lost.length > 0) fail(`${iteration}: lost between two syncs: ${lost.join('; ')}`);
          }
          const duration = before.first ? estimates.first : estimates.incremental;
          const startup = Math.min(estimates.startup.ms, duration.ms * 0.9);
          const delay =
            random() < STARTUP_SHARE
              ? random() * startup
              : startup + random() * (duration.ms * OVERSHOOT - startup);
          const child = startSync(cli, dir, env);
          await Promise.race([sleep(delay), child.exited]);
          // What a separate connection sees committed just before the kill: all of it must survive.
          let acknowledged: CommittedFacts | undefined;
          if (child.running()) {
            const seen = withReadOnlyLedger(dir, (db) => ({
              facts: readCommittedFacts(db),
              lock: syncLock(db),
            }));
            acknowledged = seen.facts;
            if (before.lock && before.lock.pid !== child.pid && seen.lock?.pid === child.pid)
              stats.staleLockTakeovers++;
            child.kill();
          }
          const exit = await child.exited;
          const after = withReadOnlyLedger(dir, (db) => ({
            integrity: checkIntegrity(db),
            facts: readCommittedFacts(db),
            phase: killPhase(db, before.facts.maxSyncRunId),
            runStarted: runStartedAt(db, before.facts.maxSyncRunId),
            lock: syncLock(db),
            missing: missingFiles(db, dir),
          }));
          const where = `${iteration} (delay ${Math.round(delay)} ms, ${before.first ? 'first' : 'incremental'} sync)`;
          if (after.integrity.integrity.join() !== 'ok')
            fail(`${where}: integrity_check: ${after.integrity.integrity.slice(0, 5).join('; ')}`);
          if (after.integrity.foreignKeyViolations.length > 0)
            fail(
              `${where}: foreign_key_check: ${JSON.stringify(after.integrity.foreignKeyViolations.slice(0, 5))}`,
            );
          for (const [label, seen] of [
            ['before the sync started', before.facts],
            ['just before the kill', acknowledged],
          ] as const) {
            const lost = seen ? lostFacts(seen, after.facts) : [];
            if (lost.length > 0) fail(`${where}: committed ${label}, gone after: ${lost.join('; ')}`);
          }
          if (after.missing.length > 0)
            fail(`${where}: files the ledger records are missing: ${after.missing.slice(0, 5).join(', ')}`);
          previous = after.facts;
          // The start of the run, as far as the kills tell: when it began, or at least the kill moment.
          if (after.runStarted !== undefined) estimates.startup.observe(after.runStarted - child.spawnedAt);
          else if (exit.signal === 'SIGKILL' && delay > estimates.startup.ms)
            estimates.startup.observe(delay);

          if (exit.signal === 'SIGKILL') {
            stats.kills++;
            killsHere++;
            count(stats.phases, `${before.first ? 'first' : 'incremental'} sync: ${after.phase}`);
            if (after.lock?.pid === child.pid) stats.staleLocksLeft++;
            if (after.facts.maxSyncRunId > before.facts.maxSyncRunId)
              killedRuns.push(after.facts.maxSyncRunId);
            duration.atLeast(delay);
            if (killsHere % options.checkpointEvery === 0) await verify(dir, `${iteration}: checkpoint`);
          } else {
            stats.finishedBeforeKill++;
            if (exit.code === 0) duration.observe(exit.ms);
            else {
              if (REFUSAL.test(exit.stderr)) stats.refusals.push(`${where}: ${exit.stderr.trim()}`);
              fail(
                `${where}: the sync ended on its own but failed (lock before: ${JSON.stringify(before.lock)}), ${describeExit(exit)}`,
              );
            }
          }
        }
        if (stats.failures.length > 0) return;
        await verify(dir, `${options.name} #${episode}: final`);
        withReadOnlyLedger(dir, closeCheck);
        if (killedRuns.length > 0)
          fail(
            `${options.name} #${episode}: killed runs never closed by a later sync: ${killedRuns.join(', ')}`,
          );
      }
    }

    await Promise.all([
      lane({ name: 'long', episodeKills: Infinity, checkpointEvery: CHECKPOINT_EVERY }),
      lane({ name: 'fresh', episodeKills: EPISODE_KILLS, checkpointEvery: Infinity }),
    ]);

    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(
      [
        `crash test: ${stats.kills} kills in ${seconds} s (${stats.workspaces} crash workspaces, ` +
          `${stats.uninterrupted} uninterrupted verified syncs, ${stats.finishedBeforeKill} runs finished before their kill moment)`,
        `  kills by phase (the dataset whose row was still 'running'; startup: no run row yet):`,
        formatCounts(stats.phases),
        `  stale sync locks left by a kill: ${stats.staleLocksLeft}; seen taken over by the next sync: ` +
          `${stats.staleLockTakeovers}; refusals: ${stats.refusals.length}`,
        `  killed runs, as a later sync closed them:`,
        formatCounts(stats.closedKilledRuns),
        `  estimates at the end: startup ${Math.round(estimates.startup.ms)} ms, first sync ` +
          `${Math.round(estimates.first.ms)} ms, incremental ${Math.round(estimates.incremental.ms)} ms`,
        ...(stats.failures.length > 0 ? ['  FAILURES:', ...stats.failures] : []),
      ].join('\n'),
    );

    expect(stats.failures).toEqual([]);
    expect(stats.refusals).toEqual([]);
    expect(stats.kills).toBeGreaterThanOrEqual(KILLS);
  }, 240_000);
});
