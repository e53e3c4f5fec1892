/**
 * A full disk while saving downloads is a local error, said as such, and never retried as a network
 * failure (it used to be: 1,148 templates tried five times each, then "check the internet
 * connection"). The simulator counts the requests it received: one per download, and the template
 * sync stops at the first such error. With root, the workspace lives on a real tmpfs filled to the
 * last byte; everywhere, /dev/full stands in for the disk through the `.part` file's name.
 */
import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/ipc/errors';
import { createPlatformClient, type PlatformClient } from '../../src/main/core/platform/client';
import { createCore } from '../../src/main/core/services';
import { templateSync } from '../../src/main/core/sync/templates';
import { safeSegment } from '../../src/main/core/sync/file-names';
import { generateWorld } from '../../src/simulator/data';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { mountSmallDisk, sayHowTheDiskIsFull, type DiskChoice } from '../helpers/full-disk';
import { openSyncLedger } from '../helpers/sync-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let simulator: RunningSimulator;
/** Paths of the API requests the simulator received, in order. */
let received: string[];
const downloads = (): number => received.filter((path) => path.endsWith('/template')).length;

beforeEach(async () => {
  temp = makeTempDir();
  const world = generateWorld({
    seed: 4,
    floats: 2,
    transfers: 20,
    brands: 30,
    // One clock: the platform's starts now, as the core's client signs with this computer's clock.
    startTime: Math.floor(Date.now() / 1000) * 1000,
    adversarial: false,
  });
  for (const brand of world.brands) brand.status = { code: 'ENABLED' };
  simulator = await startSimulator({ port: 0, world });
  received = [];
  const take = simulator.faults.take.bind(simulator.faults);
  simulator.faults.take = (path) => {
    received.push(path);
    return take(path);
  };
});
afterEach(async () => {
  await simulator.close();
  temp.cleanup();
});

/** Files left under templates/ that are not verified copies (nor a planted link). */
function leftovers(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(folder, entry.name));
      else if (!entry.name.endsWith('.zip') && !entry.isSymbolicLink()) found.push(join(folder, entry.name));
    }
  };
  walk(join(dir, 'templates'));
  return found;
}

describe('a download saved onto a full disk (/dev/full)', () => {
  let client: PlatformClient;
  beforeEach(() => {
    // Fast backoff: were the error taken for a network failure, the retries would show at once.
    client = createPlatformClient(simulator, {
      requestsPerMinute: 100_000,
      now: simulator.now,
      baseBackoffMs: 1,
      maxBackoffMs: 5,
    });
  });
  afterEach(() => client.close());

  it('is disk_full, said as a local problem, asked for once', async () => {
    const template = simulator.world.templates[0]!;
    const saveTo = join(temp.dir, 'a.zip');
    symlinkSync('/dev/full', `${saveTo}.part`);
    const error = await client
      .downloadTemplate({ brand: template.brand, template: template.name, version: template.version }, saveTo)
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('disk_full');
    expect((error as AppError).message).toBe(
      `A downloaded file could not be written: the disk holding ${temp.dir} is full. Free some space on it and try again.`,
    );
    expect((error as AppError).message).not.toMatch(/internet|connection|platform/i);
    expect(downloads()).toBe(1);
    expect(existsSync(saveTo)).toBe(false);
  });

  it('stops the template sync at the first one instead of trying every other template', async () => {
    const ledger = openSyncLedger(temp.dir);
    try {
      // Every template would be saved onto the full disk.
      for (const template of simulator.world.templates) {
        const folder = join(temp.dir, 'templates', safeSegment(template.brand), safeSegment(template.name));
        mkdirSync(folder, { recursive: true });
        symlinkSync('/dev/full', join(folder, `${safeSegment(template.version)}.zip.download.part`));
      }
      expect(simulator.world.templates.length).toBeGreaterThan(10);
      const failure = await ledger.run(templateSync(), client).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(failure).toBeInstanceOf(AppError);
      expect((failure as AppError).code).toBe('disk_full');
      // The listing, then the (at most two) downloads under way when the disk was found full.
      expect(received.filter((path) => path.endsWith('/templates'))).toHaveLength(1);
      expect(downloads()).toBeGreaterThanOrEqual(1);
      expect(downloads()).toBeLessThanOrEqual(2);
    } finally {
      ledger.close();
    }
  });
});

describe('template sync into a workspace on a full tmpfs', () => {
  let choice: DiskChoice;
  beforeAll(() => {
    choice = mountSmallDisk(16 * 1024);
    sayHowTheDiskIsFull('full-disk-downloads', choice);
  });
  afterAll(() => {
    if (choice?.kind === 'tmpfs') choice.disk.unmount();
  });

  it('ends in one clear disk_full error, with no retries, and the ledger intact', async (context) => {
    if (choice.kind !== 'tmpfs') return context.skip(`no tmpfs: ${choice.why}`);
    const workspace = join(choice.disk.dir, 'books');
    const core = createCore({
      workspaceDir: workspace,
      workspaceName: 'Books',
      workspaceKind: 'platform',
      workspaceBaseUrl: simulator.baseUrl,
      shell: 'cli',
      appVersion: 'test',
      changePollMs: 0,
      credentials: { apiKey: simulator.apiKey, apiSecret: simulator.apiSecret },
    });
    const ledgerPath = join(workspace, 'ledger.sqlite');
    const facts = () => {
      const db = new Database(ledgerPath, { readonly: true });
      try {
        return {
          integrity: db.pragma('integrity_check', { simple: true }),
          floats: db.prepare('SELECT count(*) FROM floats').pluck().get(),
          transfers: db.prepare('SELECT count(*) FROM transfer_requests').pluck().get(),
        };
      } finally {
        db.close();
      }
    };
    try {
      const first = await core.dispatch('sync:run', { datasets: ['floats', 'transfers', 'brands'] });
      expect(first.ok && first.value).toMatchObject({ outcome: 'succeeded' });
      const before = facts();
      // The ledger's write-ahead log keeps the space it has, so the ledger can still record the run
      // (its own full-disk errors are another matter); then not one byte is left for files.
      const side = new Database(ledgerPath);
      side.pragma('wal_checkpoint(RESTART)');
      side.close();
      choice.disk.fill(0);
      received.length = 0;
      const started = Date.now();
      const answer = await core.dispatch('sync:run', { datasets: ['templates'] });
      const took = Date.now() - started;
      expect(answer.ok).toBe(true);
      const summary = answer.ok ? (answer.value as { datasets: Array<Record<string, unknown>> }) : undefined;
      const templates = summary?.datasets.find((dataset) => dataset.dataset === 'templates');
      expect(templates).toMatchObject({ outcome: 'failed', errorCode: 'disk_full' });
      expect(templates?.errorMessage).toMatch(
        new RegExp(
          `^A downloaded (file|template) could not be written: the disk holding ${workspace}/templates\\S* is full\\. Free some space on it and try again\\.$`,
        ),
      );
      // One listing; each of the (at most two) downloads under way asked for once; no retry.
      expect(received.filter((path) => path.endsWith('/templates'))).toHaveLength(1);
      expect(downloads()).toBeGreaterThanOrEqual(1);
      expect(downloads()).toBeLessThanOrEqual(2);
      expect(took).toBeLessThan(10_000);
      expect(leftovers(workspace)).toEqual([]);
      expect(facts()).toEqual(before);
      expect(before.integrity).toBe('ok');
    } finally {
      await core.close();
    }
  });
});
