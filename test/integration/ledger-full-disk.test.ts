// A full disk, for real: a small tmpfs (the tests mount one, so they need root; elsewhere they are
// skipped and say so, and SQLite's own size limit stands in for the sync). A sync, a statement import
// and a backup each end in a clear disk_full error, with the ledger intact and nothing half-written;
// once there is room again, the same work goes through.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openLedger } from '../../src/main/core/ledger/db';
import { findIntegrityProblems } from '../../src/main/core/ledger/integrity';
import { runSync } from '../../src/main/core/sync/run';
import { floatSync } from '../../src/main/core/sync/floats';
import { createPlatformClient } from '../../src/main/core/platform/client';
import { createCore, type Core } from '../../src/main/core/services';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import type { ErrorShape } from '../../src/shared/ipc/errors';
import { assertBuilt, runCli } from '../helpers/cli';
import { seedLedger } from '../helpers/ledger-safety-fixture';
import { RECON_STATEMENT, reconCore, seedReconWorkspace, statementBase64 } from '../helpers/recon-fixture';
import { CAN_MOUNT, mountSmallDisk, type SmallDisk } from '../helpers/small-disk';
import { makeTempDir } from '../helpers/temp-dir';

const DISK_FULL =
  /^The disk is full: FloatDesk could not save the change to the ledger \(.+ledger\.sqlite\)\. Nothing was half-written\. Free some space on that disk, then try again\.$/;

let temp: ReturnType<typeof makeTempDir>;
let disk: SmallDisk | undefined;
let core: Core | undefined;

beforeAll(() => assertBuilt());
beforeEach(() => (temp = makeTempDir()));
afterEach(async () => {
  await core?.close();
  core = undefined;
  disk?.unmount();
  disk = undefined;
  temp.cleanup();
});

/** integrity_check and foreign_key_check of the ledger, through a read-only connection. */
function problemsOf(ledgerPath: string): string[] {
  const db = openLedger(ledgerPath, { readonly: true });
  try {
    return findIntegrityProblems(db, { full: true });
  } finally {
    db.close();
  }
}

function count(ledgerPath: string, table: string): number {
  const db = new Database(ledgerPath, { readonly: true });
  try {
    return db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  } finally {
    db.close();
  }
}

interface SyncAnswer {
  outcome: string;
  datasets: Array<{ dataset: string; outcome: string; errorCode?: string; errorMessage?: string }>;
}

/** What a sync said about the full disk: as its own failure, or as a dataset's. */
function diskFullSaid(envelope: Awaited<ReturnType<Core['dispatch']>>): ErrorShape | undefined {
  if (!envelope.ok) return envelope.error;
  const failed = (envelope.value as SyncAnswer).datasets.find((dataset) => dataset.outcome === 'failed');
  return failed ? ({ code: failed.errorCode, message: failed.errorMessage } as ErrorShape) : undefined;
}

describe.skipIf(!CAN_MOUNT)('a full disk (a small tmpfs)', () => {
  let simulator: RunningSimulator;
  beforeAll(async () => {
    simulator = await startSimulator({ seed: 11, floats: 4, transfers: 3000, brands: 5, port: 0 });
  });
  afterAll(() => simulator?.close());

  function platformCore(workspaceDir: string): Core {
    return createCore({
      workspaceDir,
      workspaceName: 'Acme',
      workspaceKind: 'platform',
      workspaceBaseUrl: simulator.baseUrl,
      shell: 'browser',
      appVersion: 'test',
      changePollMs: 0,
      credentials: { apiKey: simulator.apiKey, apiSecret: simulator.apiSecret },
    });
  }

  it('a sync into a ledger on a full disk stops with disk_full, the ledger intact; with room again it completes', async () => {
    disk = mountSmallDisk(join(temp.dir, 'disk'), 16 * 1024);
    const workspace = join(disk.dir, 'books');
    const ledgerPath = join(workspace, 'ledger.sqlite');
    core = platformCore(workspace);
    const floats = await core.dispatch('sync:run', { datasets: ['floats'] });
    expect(floats).toMatchObject({ ok: true, value: { outcome: 'succeeded' } });

    disk.fill(192);
    const full = await core.dispatch('sync:run', { datasets: ['transfers'] });
    const said = diskFullSaid(full);
    expect(said, JSON.stringify(full)).toMatchObject({
      code: 'disk_full',
      message: expect.stringMatching(DISK_FULL),
    });
    await core.close();
    core = undefined;

    disk.free();
    expect(problemsOf(ledgerPath)).toEqual([]);
    const kept = count(ledgerPath, 'transfer_requests');
    expect(kept).toBeLessThan(simulator.world.transfers.length);
    // Every request stored came with its first history row: no window was stored by halves.
    const db = new Database(ledgerPath, { readonly: true });
    const withoutHistory = db
      .prepare(
        `SELECT count(*) FROM transfer_requests r
          WHERE NOT EXISTS (SELECT 1 FROM transfer_request_history h WHERE h.transfer_request_id = r.id)`,
      )
      .pluck()
      .get();
    db.close();
    expect(withoutHistory).toBe(0);

    core = platformCore(workspace);
    const resumed = await core.dispatch('sync:run', { datasets: ['transfers'] });
    expect(resumed).toMatchObject({ ok: true, value: { outcome: 'succeeded' } });
    await core.close();
    core = undefined;
    expect(count(ledgerPath, 'transfer_requests')).toBe(simulator.world.transfers.length);
    expect(problemsOf(ledgerPath)).toEqual([]);
  });

  it('a statement import (recon:import, base64 through the core) on a full disk stops with disk_full and stores nothing', async () => {
    disk = mountSmallDisk(join(temp.dir, 'disk'), 4 * 1024);
    const workspace = join(disk.dir, 'books');
    const ledgerPath = seedReconWorkspace(workspace);
    core = reconCore(workspace);
    disk.fill();
    const file = { fileName: RECON_STATEMENT, contentBase64: statementBase64() };
    const refused = await core.dispatch('recon:import', file);
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.error).toMatchObject({ code: 'disk_full', message: expect.stringMatching(DISK_FULL) });
    await core.close();
    core = undefined;

    disk.free();
    expect(problemsOf(ledgerPath)).toEqual([]);
    expect(count(ledgerPath, 'bank_statements')).toBe(0);
    expect(count(ledgerPath, 'bank_lines')).toBe(0);
    expect(count(ledgerPath, 'audit_log')).toBe(0);

    core = reconCore(workspace);
    const imported = await core.dispatch('recon:import', file);
    expect(imported).toMatchObject({ ok: true });
  });

  it('a backup to a full disk stops with disk_full, leaves no file there and does not touch the ledger', () => {
    const workspace = join(temp.dir, 'books');
    const ledgerPath = seedLedger(workspace, 1500);
    disk = mountSmallDisk(join(temp.dir, 'disk'), 256);
    expect(statSync(ledgerPath).size).toBeGreaterThan(256 * 1024);
    const before = readFileSync(ledgerPath);
    const target = join(disk.dir, 'friday.sqlite');

    const result = runCli(['backup', '--workspace', workspace, '--to', target]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd()).toBe(
      `floatdesk: The disk is full: FloatDesk could not write the backup (${target}). Nothing was half-written. Free some space on that disk, then try again. [disk_full]`,
    );
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(disk.dir)).toEqual([]);
    expect(readFileSync(ledgerPath).equals(before)).toBe(true);
    expect(problemsOf(ledgerPath)).toEqual([]);
  });
});

describe('SQLite out of room without a full disk (its page limit; runs without root too)', () => {
  it('a sync dataset that hits SQLITE_FULL reports disk_full, not a network or internal error', async () => {
    const simulator = await startSimulator({ seed: 11, floats: 300, transfers: 1, brands: 1, port: 0 });
    const workspace = join(temp.dir, 'books');
    const ledgerPath = seedLedger(workspace, 1);
    const db = openLedger(ledgerPath);
    try {
      const client = createPlatformClient(simulator);
      const pages = db.pragma('page_count', { simple: true }) as number;
      db.pragma(`max_page_count = ${pages}`);
      // The run's own rows fit in the pages the ledger has; the floats' snapshots do not.
      const summary = await runSync({
        db,
        client,
        workspaceId: 1,
        workspaceDir: workspace,
        clock: () => new Date(),
        trigger: 'manual',
        datasets: ['floats'],
        syncs: { floats: floatSync(), transfers: floatSync(), brands: floatSync(), templates: floatSync() },
      });
      await client.close();
      expect(summary.datasets).toEqual([
        expect.objectContaining({
          dataset: 'floats',
          outcome: 'failed',
          itemsChanged: 0,
          errorCode: 'disk_full',
          errorMessage: expect.stringMatching(DISK_FULL),
        }),
      ]);
      expect(db.prepare('SELECT count(*) FROM balance_snapshots').pluck().get()).toBe(3);
    } finally {
      db.close();
      await simulator.close();
    }
    expect(problemsOf(ledgerPath)).toEqual([]);
  });
});
