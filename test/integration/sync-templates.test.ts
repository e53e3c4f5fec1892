import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TemplatesRepository, type TemplateRecord } from '../../src/main/core/ledger/repositories/templates';
import { createPlatformClient, type PlatformClient } from '../../src/main/core/platform/client';
import { templateSync } from '../../src/main/core/sync/templates';
import { checkZip } from '../../src/main/core/sync/zip-check';
import { generateWorld } from '../../src/simulator/data';
import type { SimTemplate, World } from '../../src/simulator/model';
import { DEFAULT_START_TIME } from '../../src/simulator/options';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { admin } from '../helpers/sim-http';
import { openSyncLedger, type SyncLedger } from '../helpers/sync-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let world: World;
let simulator: RunningSimulator;
let client: PlatformClient;
let ledger: SyncLedger;
let templates: TemplatesRepository;
const sync = templateSync();

beforeEach(async () => {
  temp = makeTempDir();
  world = generateWorld({
    seed: 4,
    floats: 1,
    transfers: 0,
    brands: 30,
    startTime: DEFAULT_START_TIME,
    adversarial: false,
  });
  // Every brand enabled, so every template may be downloaded (a PAUSED brand answers 717; tested below).
  for (const brand of world.brands) brand.status = { code: 'ENABLED' };
  simulator = await startSimulator({ port: 0, world, admin: true });
  client = createPlatformClient(simulator, { requestsPerMinute: 100_000, now: simulator.now });
  ledger = openSyncLedger(temp.dir);
  templates = new TemplatesRepository(ledger.db);
});
afterEach(async () => {
  ledger.close();
  await client.close();
  await simulator.close();
  temp.cleanup();
});

const rowOf = (template: SimTemplate): TemplateRecord | undefined =>
  templates
    .list(ledger.workspaceId)
    .find((row) => row.brandSlug === template.brand && row.name === template.name);
const folderOf = (template: SimTemplate) => join(temp.dir, 'templates', template.brand, template.name);
const later = (hours: number) => new Date(Date.UTC(2026, 10, 2, 9 + hours));

async function publish(template: SimTemplate, version: string): Promise<void> {
  const answer = await admin(simulator, 'POST', `/templates/${template.brand}/${template.name}/publish`, {
    version,
  });
  expect(answer.status).toBe(200);
}

/** The real client, except that downloads arrive with one byte of the compressed data flipped. */
function corruptingClient(): PlatformClient {
  return {
    ...client,
    downloadTemplate: async (download, saveTo, signal) => {
      const file = await client.downloadTemplate(download, saveTo, signal);
      const bytes = readFileSync(saveTo);
      bytes[40] = (bytes[40] as number) ^ 0xff;
      writeFileSync(saveTo, bytes);
      return file;
    },
  };
}

describe('templateSync', () => {
  it('downloads every template, verified, into templates/<brand>/<name>/<version>.zip', async () => {
    expect(world.templates.length).toBeGreaterThan(5);
    const outcome = await ledger.run(sync, client);
    expect(outcome).toEqual({
      itemsRead: world.templates.length,
      itemsChanged: world.templates.length,
      requestsMade: 1 + world.templates.length,
      runId: outcome.runId,
    });
    for (const template of world.templates) {
      const path = `templates/${template.brand}/${template.name}/${template.version}.zip`;
      expect(rowOf(template)).toMatchObject({
        platformVersion: template.version,
        localVersion: template.version,
        filePath: path,
        previousVersion: null,
        previousFilePath: null,
        downloadedAt: '2026-11-02T09:00:00.000Z',
      });
      const check = checkZip(readFileSync(join(temp.dir, path)));
      expect(check).toEqual({ ok: true, entries: ['index.html', 'assets/style.css', 'assets/logo.png'] });
    }
    expect(ledger.progress.at(-1)).toEqual({
      phase: 'downloading',
      done: world.templates.length,
      total: world.templates.length,
    });

    const again = await ledger.run(sync, client, { at: later(1) });
    expect(again).toMatchObject({ itemsRead: world.templates.length, itemsChanged: 0, requestsMade: 1 });
    expect(rowOf(world.templates[0] as SimTemplate)?.checkedAt).toBe(later(1).toISOString());
  });

  it('a published version is downloaded and verified; the previous copy is kept, older ones deleted', async () => {
    const template = world.templates[0] as SimTemplate;
    const first = template.version;
    await ledger.run(sync, client);

    await publish(template, '2099-01-01');
    const outcome = await ledger.run(sync, client, { at: later(1) });
    expect(outcome).toMatchObject({ itemsChanged: 1, requestsMade: 2 });
    expect(rowOf(template)).toMatchObject({
      localVersion: '2099-01-01',
      filePath: `templates/${template.brand}/${template.name}/2099-01-01.zip`,
      previousVersion: first,
      previousFilePath: `templates/${template.brand}/${template.name}/${first}.zip`,
    });
    expect(readdirSync(folderOf(template)).sort()).toEqual([`${first}.zip`, '2099-01-01.zip']);

    await publish(template, '2099-02-01');
    await ledger.run(sync, client, { at: later(2) });
    expect(rowOf(template)).toMatchObject({ localVersion: '2099-02-01', previousVersion: '2099-01-01' });
    expect(readdirSync(folderOf(template)).sort()).toEqual(['2099-01-01.zip', '2099-02-01.zip']);
  });

  it('an invalid download keeps the previous copy and row, reports it, and does not stop the others', async () => {
    const [broken, fine] = world.templates as [SimTemplate, SimTemplate];
    const first = broken.version;
    await ledger.run(sync, client);
    const before = rowOf(broken);
    await publish(broken, '2099-01-01');
    await publish(fine, '2099-01-01');

    const outcome = await ledger.run(sync, corruptingClient(), { at: later(1) });
    expect(outcome).toMatchObject({ itemsChanged: 0, requestsMade: 3 });
    expect(outcome.incomplete).toMatch(
      /^2 of 2 templates could not be updated; the previous copies are kept/,
    );
    expect(outcome.incomplete).toContain(
      `${broken.brand}/${broken.name} 2099-01-01: the download is not a valid template archive`,
    );
    expect(rowOf(broken)).toEqual({
      ...before,
      platformVersion: '2099-01-01',
      checkedAt: later(1).toISOString(),
    });
    expect(readdirSync(folderOf(broken))).toEqual([`${first}.zip`]);

    const repaired = await ledger.run(sync, client, { at: later(2) });
    expect(repaired).toMatchObject({ itemsChanged: 2 });
    expect(repaired.incomplete).toBeUndefined();
    expect(rowOf(broken)).toMatchObject({ localVersion: '2099-01-01', previousVersion: first });
    expect(rowOf(fine)).toMatchObject({ localVersion: '2099-01-01' });
  });

  it('a copy whose file went missing is downloaded again; a template without access is skipped, not a failure', async () => {
    const lost = world.templates[0] as SimTemplate;
    const locked = world.templates.find((template) => template.brand !== lost.brand) as SimTemplate;
    const lockedVersion = locked.version;
    await ledger.run(sync, client);
    const path = rowOf(lost)?.filePath as string;
    rmSync(join(temp.dir, path));
    const lockedBrand = world.brands.find((brand) => brand.slug === locked.brand);
    if (lockedBrand === undefined) throw new Error('fixture: the brand of a template is missing');
    lockedBrand.status = { code: 'PAUSED' };
    await publish(locked, '2099-01-01');

    const outcome = await ledger.run(sync, client, { at: later(1) });
    expect(outcome).toMatchObject({ itemsChanged: 1, requestsMade: 3 });
    expect(existsSync(join(temp.dir, path))).toBe(true);
    expect(rowOf(lost)).toMatchObject({ filePath: path, previousVersion: null });
    // 717 is the platform's answer for this account, not a failed sync: nothing incomplete.
    expect(outcome.incomplete).toBeUndefined();
    expect(rowOf(locked)).toMatchObject({ platformVersion: '2099-01-01', localVersion: lockedVersion });
  });
});
