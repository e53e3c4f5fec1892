import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BrandsRepository } from '../../src/main/core/ledger/repositories/brands';
import { createPlatformClient, type PlatformClient } from '../../src/main/core/platform/client';
import { parseLossless } from '../../src/main/core/platform/wire';
import { canonicalJson } from '../../src/shared/domain/canonical-json';
import { brandSync } from '../../src/main/core/sync/brands';
import { generateWorld } from '../../src/simulator/data';
import type { SimBrand, World } from '../../src/simulator/model';
import { DEFAULT_START_TIME } from '../../src/simulator/options';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { admin, call } from '../helpers/sim-http';
import { openSyncLedger, type SyncLedger } from '../helpers/sync-fixture';
import { makeTempDir } from '../helpers/temp-dir';

const BRANDS = 60;
let temp: ReturnType<typeof makeTempDir>;
let world: World;
let simulator: RunningSimulator;
let client: PlatformClient;
let ledger: SyncLedger;
let brands: BrandsRepository;
const sync = brandSync({ assets: false });

beforeEach(async () => {
  temp = makeTempDir();
  world = generateWorld({
    seed: 5,
    floats: 2,
    transfers: 0,
    brands: BRANDS,
    startTime: DEFAULT_START_TIME,
    adversarial: false,
  });
  simulator = await startSimulator({ port: 0, world, admin: true });
  client = createPlatformClient(simulator, { requestsPerMinute: 100_000, now: simulator.now });
  ledger = openSyncLedger(temp.dir);
  brands = new BrandsRepository(ledger.db);
});
afterEach(async () => {
  ledger.close();
  await client.close();
  await simulator.close();
  temp.cleanup();
});

const stored = (slug: string) => brands.list(ledger.workspaceId).find((brand) => brand.slug === slug);
const changesOf = (runId: number) =>
  brands
    .listChanges(ledger.workspaceId, { syncRunId: runId })
    .map(({ slug, kind, attribute, oldValue, newValue }) => ({ slug, kind, attribute, oldValue, newValue }));

describe('brandSync', () => {
  it('first sync of an empty ledger stores every brand exactly, with no change rows', async () => {
    const outcome = await ledger.run(sync, client);
    expect(outcome).toMatchObject({ itemsRead: BRANDS, itemsChanged: BRANDS, requestsMade: 1 });
    expect(outcome.incomplete).toBeUndefined();
    expect(changesOf(outcome.runId)).toEqual([]);

    const raw = await call(simulator, 'GET', '/brands', { query: { detail: 'true' } });
    const wire = (parseLossless(raw.text) as { data: { brands: Record<string, Record<string, unknown>> } })
      .data.brands;
    const rows = brands.list(ledger.workspaceId);
    expect(rows.map((row) => row.slug).sort()).toEqual(Object.keys(wire).sort());
    for (const row of rows) {
      const sent = wire[row.slug] as Record<string, unknown>;
      // Stored as the very text the platform sent for this brand: every number digit for digit.
      expect(raw.text).toContain(`${JSON.stringify(row.slug)}:${row.data}`);
      expect(parseLossless(row.data)).toEqual(sent);
      expect(row).toMatchObject({
        name: sent.name,
        currency: sent.currency,
        statusCode: (sent.status as { code: string }).code,
        firstSeenAt: '2026-11-02T09:00:00.000Z',
        vanishedAt: null,
      });
    }
    expect(ledger.progress.map((update) => update.phase)).toEqual(['reading', 'saving', 'saving']);
    expect(ledger.progress.at(-1)).toEqual({ phase: 'saving', done: BRANDS, total: BRANDS });
  });

  it('an unchanged catalogue changes nothing but last_seen_at', async () => {
    await ledger.run(sync, client);
    const before = brands.list(ledger.workspaceId);
    const outcome = await ledger.run(sync, client, { at: new Date('2026-11-03T09:00:00.000Z') });
    expect(outcome).toMatchObject({ itemsRead: BRANDS, itemsChanged: 0 });
    expect(changesOf(outcome.runId)).toEqual([]);
    const after = brands.list(ledger.workspaceId);
    expect(after.map((row) => ({ ...row, lastSeenAt: '' }))).toEqual(
      before.map((row) => ({ ...row, lastSeenAt: '' })),
    );
    expect(new Set(after.map((row) => row.lastSeenAt))).toEqual(new Set(['2026-11-03T09:00:00.000Z']));
  });

  it('an admin change of status, discount and denominations gives exactly those change rows', async () => {
    const target = world.brands.find(
      (brand) => brand.status.code === 'ENABLED' && (brand.denominationsMinor?.length ?? 0) > 0,
    ) as SimBrand;
    await ledger.run(sync, client);
    const old = parseLossless(stored(target.slug)?.data ?? '{}') as Record<string, unknown>;
    const answer = await admin(simulator, 'POST', `/brands/${target.slug}`, {
      status: { code: 'PAUSED', reason: 'Out of stock' },
      discount: '7.25',
      denominations: ['15', '30'],
    });
    expect(answer.status).toBe(200);

    const outcome = await ledger.run(sync, client, { at: new Date('2026-11-03T09:00:00.000Z') });
    expect(outcome).toMatchObject({ itemsRead: BRANDS, itemsChanged: 1 });
    const json = (value: unknown) => canonicalJson(value);
    const text = (units: string) => (target.exponent > 0 ? `${units}.${'0'.repeat(target.exponent)}` : units);
    expect(changesOf(outcome.runId)).toEqual([
      {
        slug: target.slug,
        kind: 'changed',
        attribute: 'denominations',
        oldValue: json(old.denominations),
        newValue: json([text('15'), text('30')]),
      },
      {
        slug: target.slug,
        kind: 'changed',
        attribute: 'digital_denominations',
        oldValue: json(old.digital_denominations),
        newValue: json(
          (parseLossless(stored(target.slug)?.data ?? '{}') as Record<string, unknown>).digital_denominations,
        ),
      },
      {
        slug: target.slug,
        kind: 'changed',
        attribute: 'discount',
        oldValue: json(old.discount),
        newValue: '"7.25"',
      },
      {
        slug: target.slug,
        kind: 'changed',
        attribute: 'status',
        oldValue: json(old.status),
        newValue: '{"code":"PAUSED","reason":"Out of stock"}',
      },
    ]);
    expect(stored(target.slug)).toMatchObject({ statusCode: 'PAUSED', vanishedAt: null });
  });

  it('a brand removed from the platform vanishes (never deleted), then returns', async () => {
    await ledger.run(sync, client);
    const index = 7;
    const [removed] = world.brands.splice(index, 1) as [SimBrand];
    const gone = await ledger.run(sync, client, { at: new Date('2026-11-03T09:00:00.000Z') });
    expect(gone).toMatchObject({ itemsRead: BRANDS - 1, itemsChanged: 1 });
    expect(changesOf(gone.runId)).toEqual([
      { slug: removed.slug, kind: 'vanished', attribute: null, oldValue: null, newValue: null },
    ]);
    expect(stored(removed.slug)).toMatchObject({ vanishedAt: '2026-11-03T09:00:00.000Z' });
    expect(brands.list(ledger.workspaceId)).toHaveLength(BRANDS);

    const still = await ledger.run(sync, client, { at: new Date('2026-11-04T09:00:00.000Z') });
    expect(still.itemsChanged).toBe(0);
    expect(changesOf(still.runId)).toEqual([]);

    world.brands.splice(index, 0, removed);
    const back = await ledger.run(sync, client, { at: new Date('2026-11-05T09:00:00.000Z') });
    expect(back.itemsChanged).toBe(1);
    expect(changesOf(back.runId)).toEqual([
      { slug: removed.slug, kind: 'returned', attribute: null, oldValue: null, newValue: null },
    ]);
    expect(stored(removed.slug)).toMatchObject({ vanishedAt: null, lastSeenAt: '2026-11-05T09:00:00.000Z' });
  });

  it('an empty catalogue where there was one marks nothing as vanished and says so', async () => {
    await ledger.run(sync, client);
    const all = world.brands.splice(0);
    const outcome = await ledger.run(sync, client, { at: new Date('2026-11-03T09:00:00.000Z') });
    world.brands.push(...all);
    expect(outcome).toMatchObject({ itemsRead: 0, itemsChanged: 0 });
    expect(outcome.incomplete).toBe('The platform listed no brands at all, so none was marked as vanished.');
    expect(changesOf(outcome.runId)).toEqual([]);
    expect(brands.list(ledger.workspaceId).every((row) => row.vanishedAt === null)).toBe(true);
  });

  it("a damaged stored brand is replaced by the platform's copy with a warning, never a failed sync", async () => {
    await ledger.run(sync, client);
    const [cut, notObject, changed] = world.brands.map((brand) => brand.slug) as [string, string, string];
    const good = stored(cut)?.data;
    // Damage as a disk would: past the table's json_valid check.
    ledger.db.pragma('ignore_check_constraints = ON');
    const damage = ledger.db.prepare('UPDATE brands SET data = ? WHERE workspace_id = ? AND slug = ?');
    damage.run(good?.slice(0, 40), ledger.workspaceId, cut);
    damage.run('[]', ledger.workspaceId, notObject);
    ledger.db.pragma('ignore_check_constraints = OFF');
    expect(() => parseLossless(stored(cut)?.data ?? '')).toThrow();
    await admin(simulator, 'POST', `/brands/${changed}`, { discount: '9.5' });

    const outcome = await ledger.run(sync, client, { at: new Date('2026-11-03T09:00:00.000Z') });
    expect(outcome.incomplete).toBe(
      `The ledger's copies of 2 brands ("${cut}", "${notObject}") were damaged and have been replaced with the platform's copies (what changed in them since the last sync could not be recorded).`,
    );
    expect(outcome).toMatchObject({ itemsRead: BRANDS, itemsChanged: 3 });
    // The platform's text, exactly as it sent it; the change elsewhere is still recorded.
    const raw = await call(simulator, 'GET', '/brands', { query: { detail: 'true' } });
    for (const slug of [cut, notObject])
      expect(raw.text).toContain(`${JSON.stringify(slug)}:${stored(slug)?.data}`);
    expect(stored(cut)?.data).toBe(good);
    expect(changesOf(outcome.runId)).toEqual([
      expect.objectContaining({ slug: changed, kind: 'changed', attribute: 'discount', newValue: '"9.5"' }),
    ]);

    const next = await ledger.run(sync, client, { at: new Date('2026-11-04T09:00:00.000Z') });
    expect(next).toMatchObject({ itemsChanged: 0 });
    expect(next.incomplete).toBeUndefined();
  });

  it("a brand first seen after the first full catalogue is logged as 'new'", async () => {
    await ledger.run(sync, client);
    world.brands.push({
      ...structuredClone(world.brands[0] as SimBrand),
      slug: 'fresh-brand',
      name: 'Fresh',
    });
    const outcome = await ledger.run(sync, client, { at: new Date('2026-11-03T09:00:00.000Z') });
    expect(outcome.itemsChanged).toBe(1);
    expect(changesOf(outcome.runId)).toEqual([
      { slug: 'fresh-brand', kind: 'new', attribute: null, oldValue: null, newValue: null },
    ]);
  });

  it('a first sync cancelled between chunks keeps its chunks, and the next sync finishes without logging them as new', async () => {
    const controller = new AbortController();
    const chunked = brandSync({ assets: false, chunkSize: 25 });
    const run = ledger.run(chunked, client, {
      signal: controller.signal,
      onProgress: (update) => {
        if (update.phase === 'saving' && update.done === 25) controller.abort();
      },
    });
    await expect(run).rejects.toThrow();
    expect(brands.list(ledger.workspaceId)).toHaveLength(25);
    expect(brands.hasCompleteCatalogue(ledger.workspaceId)).toBe(false);

    const resumed = await ledger.run(chunked, client, { at: new Date('2026-11-02T10:00:00.000Z') });
    expect(resumed).toMatchObject({ itemsRead: BRANDS, itemsChanged: BRANDS - 25 });
    expect(changesOf(resumed.runId)).toEqual([]);
    expect(brands.list(ledger.workspaceId)).toHaveLength(BRANDS);
    expect(brands.hasCompleteCatalogue(ledger.workspaceId)).toBe(true);
  });
});
