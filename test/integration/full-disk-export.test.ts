/**
 * Exports onto a full disk, for real: a small tmpfs filled until only a few kilobytes are free, so
 * the first write is cut short and the next fails with ENOSPC (the case where a cut-off CSV used to
 * be reported as exported). CSV and XLSX, through the core and through the built CLI: each ends in
 * one clear disk_full sentence naming the folder, no file that looks complete is left (no partial
 * either), and the ledger is intact. Where no tmpfs can be mounted (not root), the runner is given a
 * writer that runs out of space instead; that test runs everywhere. Run `npm run build` first.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportFinished } from '../../src/shared/ipc/contract-export';
import { systemClock } from '../../src/main/core/clock';
import { ExportRunner } from '../../src/main/core/export/run';
import { openLedger } from '../../src/main/core/ledger/db';
import type { Core } from '../../src/main/core/services';
import type { RunningSimulator } from '../../src/simulator/server';
import { assertBuilt, runCli } from '../helpers/cli';
import { runExport, startAdversarialSimulator, syncedCore } from '../helpers/export-fixture';
import { mountSmallDisk, sayHowTheDiskIsFull, type DiskChoice } from '../helpers/full-disk';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let simulator: RunningSimulator;
let workspace: string;
let choice: DiskChoice;
let before: LedgerFacts;

interface LedgerFacts {
  integrity: string;
  transfers: number;
  floats: number;
}

function ledgerFacts(): LedgerFacts {
  const db = new Database(join(workspace, 'ledger.sqlite'), { readonly: true });
  try {
    return {
      integrity: String(db.pragma('integrity_check', { simple: true })),
      transfers: db.prepare('SELECT count(*) FROM transfer_requests').pluck().get() as number,
      floats: db.prepare('SELECT count(*) FROM floats').pluck().get() as number,
    };
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  assertBuilt();
  temp = makeTempDir();
  workspace = join(temp.dir, 'books');
  simulator = await startAdversarialSimulator();
  await (await syncedCore(simulator, workspace)).close();
  before = ledgerFacts();
  expect(before).toMatchObject({ integrity: 'ok' });
  expect(before.transfers).toBeGreaterThan(100);
  choice = mountSmallDisk(512);
  sayHowTheDiskIsFull('full-disk-export', choice);
}, 60_000);
afterAll(async () => {
  if (choice?.kind === 'tmpfs') choice.disk.unmount();
  await simulator?.close();
  temp?.cleanup();
});

/** The tmpfs, filled until `leave` bytes are free (a few pages: the first write is cut short). */
function nearlyFullDisk(leave = 8192): string {
  if (choice.kind !== 'tmpfs') throw new Error('no tmpfs');
  choice.disk.fill(leave);
  expect(choice.disk.freeBytes()).toBeLessThanOrEqual(leave);
  return choice.disk.dir;
}

/** What is on the disk besides the filler files. */
const exportFilesIn = (dir: string): string[] =>
  readdirSync(dir).filter((name) => !name.startsWith('filler-'));

function expectDiskFull(error: { code: string; message: string } | null, folder: string): void {
  expect(error).toEqual({
    code: 'disk_full',
    message: `The export could not be written: the disk holding ${folder} is full. Free some space on it and try again.`,
  });
}

describe('an export onto a full disk', () => {
  let core: Core;
  beforeAll(async () => {
    core = await syncedCore(simulator, workspace);
  }, 60_000);
  afterAll(async () => {
    await core?.close();
  });

  for (const format of ['csv', 'xlsx'] as const) {
    it.runIf(process.platform === 'linux')(
      `${format} through the core: disk_full, no file left, the ledger intact`,
      async (context) => {
        if (choice.kind !== 'tmpfs') return context.skip(`no tmpfs: ${choice.why}`);
        const folder = nearlyFullDisk(format === 'csv' ? 8192 : 4096);
        const { finished } = await runExport(core, {
          request: { table: 'transfers', withHistory: true },
          format,
          destination: join(folder, `transfers.${format}`),
        });
        expect(finished.outcome).toBe('failed');
        expectDiskFull(finished.error, folder);
        expect(finished.path).toBeNull();
        expect(exportFilesIn(folder)).toEqual([]);
        expect(ledgerFacts()).toEqual(before);
      },
    );
  }
});

describe('floatdesk export onto a full disk', () => {
  for (const format of ['csv', 'xlsx'] as const) {
    it.runIf(process.platform === 'linux')(
      `${format}: exit 1 with the sentence, no file left, the ledger intact`,
      (context) => {
        if (choice.kind !== 'tmpfs') return context.skip(`no tmpfs: ${choice.why}`);
        const folder = nearlyFullDisk(format === 'csv' ? 8192 : 4096);
        const out = join(folder, `transfers.${format}`);
        const result = runCli([
          'export',
          'transfers',
          '--with-history',
          '--format',
          format,
          '--out',
          out,
          '--workspace',
          workspace,
        ]);
        expect(result.stdout).toBe('');
        expect(result.stderr).toContain(
          `floatdesk: the export of transfers was not written: The export could not be written: the disk holding ${folder} is full. Free some space on it and try again. [disk_full]`,
        );
        expect(result.stderr).not.toMatch(/internal|Exported/);
        expect(result.status).toBe(1);
        expect(exportFilesIn(folder)).toEqual([]);
        expect(ledgerFacts()).toEqual(before);
      },
    );
  }
});

describe('an export whose writer runs out of space (no tmpfs needed)', () => {
  it('fails with disk_full after a short write and removes its partial file', async () => {
    const out = join(temp.dir, 'injected');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(out);
    const db = openLedger(join(workspace, 'ledger.sqlite'));
    const events: ExportFinished[] = [];
    let budget = 10_000;
    const runner = new ExportRunner({
      writer: db,
      ledgerPath: join(workspace, 'ledger.sqlite'),
      workspaceId: 1,
      workspaceDir: workspace,
      clock: systemClock,
      emit: (name, payload) => name === 'export:finished' && events.push(payload as ExportFinished),
      partialFile: {
        // Takes a little less than asked while the budget lasts, then nothing: a disk filling up.
        writerOf: (handle) => ({
          async write(buffer, offset, length) {
            const take = Math.min(budget, Math.max(1, length - 100));
            budget -= take;
            return take === 0 ? { bytesWritten: 0 } : handle.write(buffer, offset, take);
          },
        }),
      },
    });
    try {
      runner.start({ request: { table: 'transfers' }, format: 'csv', destination: join(out, 'all.csv') });
      await expect.poll(() => events.length, { timeout: 20_000 }).toBe(1);
    } finally {
      db.close();
    }
    expect(events[0]?.outcome).toBe('failed');
    expectDiskFull(events[0]!.error, out);
    expect(readdirSync(out)).toEqual([]);
    expect(ledgerFacts()).toEqual(before);
  });
});
