import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BrandAssetsRepository } from '../../src/main/core/ledger/repositories/brand-assets';
import { createAssetFetcher } from '../../src/main/core/platform/asset-fetch';
import { createPlatformClient, type PlatformClient } from '../../src/main/core/platform/client';
import { brandSync } from '../../src/main/core/sync/brands';
import { generateWorld } from '../../src/simulator/data';
import type { SimBrand, World } from '../../src/simulator/model';
import { DEFAULT_START_TIME } from '../../src/simulator/options';
import { tinyPng } from '../../src/simulator/routes/templates';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { invalidateBrand } from '../../src/simulator/wire';
import { openSyncLedger, type SyncLedger } from '../helpers/sync-fixture';
import { makeTempDir } from '../helpers/temp-dir';

const PNG = tinyPng([200, 30, 30]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7)]);
const BIG = 3 * 1024 * 1024;

/** A plain-http image server on 127.0.0.1: the explicit test option lets the fetcher use it. */
function startImageServer(): Promise<{ server: Server; origin: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.push(path);
    const send = (type: string, body: Buffer, headers: Record<string, string> = {}) => {
      res.writeHead(200, { 'content-type': type, 'content-length': String(body.length), ...headers });
      res.end(body);
    };
    const redirect = (to: string) => res.writeHead(302, { location: to }).end();
    if (path === '/logo.png') return send('image/png', PNG);
    if (path === '/card.jpg') return send('image/jpeg; charset=binary', JPEG);
    if (path === '/huge.png') return send('image/png', Buffer.concat([PNG, Buffer.alloc(BIG)]));
    if (path === '/endless.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG);
      for (let i = 0; i < 48; i++) res.write(Buffer.alloc(64 * 1024));
      return res.end();
    }
    if (path === '/page.html') return send('text/html', Buffer.from('<html></html>'));
    if (path === '/fake.png') return send('image/png', Buffer.from('<html><script></script></html>'));
    if (path === '/logo.svg')
      return send('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    if (path === '/redirect') return redirect('/logo.png');
    if (path === '/hop3') return redirect('/hop2');
    if (path === '/hop2') return redirect('/hop1');
    if (path === '/hop1') return redirect('/logo.png');
    if (path === '/away') return redirect('http://images.invalid/logo.png');
    res.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits }),
    ),
  );
}

let temp: ReturnType<typeof makeTempDir>;
let world: World;
let simulator: RunningSimulator;
let images: Awaited<ReturnType<typeof startImageServer>>;
let client: PlatformClient;
let ledger: SyncLedger;
const sync = brandSync({ assetOptions: { fetch: { allowLoopbackHttp: true } } });

/** Asset URLs per brand index; every other brand keeps the seeded https://assets.example/ ones. */
function setAssets(brand: SimBrand, logo: string, card?: string): void {
  brand.detail.assets = card === undefined ? { logo_url: logo } : { logo_url: logo, gift_card_url: card };
  invalidateBrand(brand);
}

beforeEach(async () => {
  temp = makeTempDir();
  images = await startImageServer();
  world = generateWorld({
    seed: 8,
    floats: 1,
    transfers: 0,
    brands: 30,
    startTime: DEFAULT_START_TIME,
    adversarial: false,
  });
  const at = (path: string) => `${images.origin}${path}`;
  const cases: Array<[string, string?]> = [
    [at('/logo.png'), at('/card.jpg')],
    [at('/huge.png'), at('/endless.png')],
    [at('/page.html'), at('/fake.png')],
    [at('/logo.svg'), at('/redirect')],
    [at('/hop3'), at('/away')],
    [at('/missing.png'), 'ftp://127.0.0.1/logo.png'],
  ];
  cases.forEach(([logo, card], index) => setAssets(world.brands[index] as SimBrand, logo, card));
  simulator = await startSimulator({ port: 0, world });
  client = createPlatformClient(simulator, { requestsPerMinute: 100_000, now: simulator.now });
  ledger = openSyncLedger(temp.dir);
});
afterEach(async () => {
  ledger.close();
  await client.close();
  await simulator.close();
  await new Promise((resolve) => images.server.close(resolve));
  temp.cleanup();
});

const assetsOf = () => new BrandAssetsRepository(ledger.db).list(ledger.workspaceId);
const assetOf = (index: number, kind: 'logo' | 'gift_card') =>
  assetsOf().find((asset) => asset.slug === world.brands[index]?.slug && asset.kind === kind);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('brand assets', () => {
  it('downloads accepted images, refuses the rest with a reason, and never fails the sync', async () => {
    const started = Date.now();
    const outcome = await ledger.run(sync, client);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(outcome.incomplete).toBeUndefined();
    const slug = world.brands[0]?.slug as string;
    expect(assetOf(0, 'logo')).toMatchObject({
      filePath: `assets/${slug}-logo.png`,
      contentType: 'image/png',
      bytes: PNG.length,
      sha256: sha256(PNG),
      error: null,
    });
    expect(readFileSync(join(temp.dir, 'assets', `${slug}-logo.png`))).toEqual(PNG);
    expect(assetOf(0, 'gift_card')).toMatchObject({
      filePath: `assets/${slug}-gift_card.jpg`,
      contentType: 'image/jpeg',
    });
    expect(assetOf(3, 'gift_card')).toMatchObject({
      contentType: 'image/png',
      sha256: sha256(PNG),
      error: null,
    });

    const refused: Array<[number, 'logo' | 'gift_card', RegExp]> = [
      [1, 'logo', /larger than the 2 MB limit/],
      [1, 'gift_card', /larger than the 2 MB limit/],
      [2, 'logo', /text\/html is not an accepted image type/],
      [2, 'gift_card', /does not match its declared type image\/png/],
      [3, 'logo', /SVG is refused/],
      [4, 'logo', /more than 2 redirects/],
      [4, 'gift_card', /redirected to a refused address: only https:/],
      [5, 'logo', /HTTP 404/],
      [5, 'gift_card', /only https: addresses/],
    ];
    for (const [index, kind, reason] of refused) {
      expect(assetOf(index, kind)?.error, `${index} ${kind}`).toMatch(reason);
      expect(assetOf(index, kind)?.filePath).toBeNull();
    }
    // The seeded https://assets.example/ URLs do not resolve here: recorded, quickly, one lookup.
    const seeded = assetsOf().filter((asset) => asset.url.startsWith('https://assets.example/'));
    expect(seeded.length).toBeGreaterThan(20);
    for (const asset of seeded) expect(asset.error).toMatch(/assets\.example could not be reached/);
    expect(readdirSync(join(temp.dir, 'assets')).filter((name) => name.endsWith('.part'))).toEqual([]);
    expect(ledger.progress.filter((update) => update.phase === 'assets').at(-1)).toMatchObject({
      done: assetsOf().length,
      total: assetsOf().length,
    });
  });

  it('fetches again only what changed, what failed a day ago, or what went missing', async () => {
    await ledger.run(sync, client);
    images.hits.length = 0;
    await ledger.run(sync, client, { at: new Date('2026-11-02T12:00:00.000Z') });
    expect(images.hits).toEqual([]);

    const brand = world.brands[0] as SimBrand;
    setAssets(brand, `${images.origin}/card.jpg`, `${images.origin}/card.jpg`);
    brand.lastUpdated += 1;
    await ledger.run(sync, client, { at: new Date('2026-11-02T13:00:00.000Z') });
    expect(images.hits).toEqual(['/card.jpg']);
    expect(assetOf(0, 'logo')).toMatchObject({ filePath: `assets/${brand.slug}-logo.jpg`, error: null });
    expect(existsSync(join(temp.dir, 'assets', `${brand.slug}-logo.png`))).toBe(false);

    images.hits.length = 0;
    rmSync(join(temp.dir, 'assets', `${brand.slug}-gift_card.jpg`));
    await ledger.run(sync, client, { at: new Date('2026-11-02T14:00:00.000Z') });
    expect(images.hits).toEqual(['/card.jpg']);
    expect(existsSync(join(temp.dir, 'assets', `${brand.slug}-gift_card.jpg`))).toBe(true);

    images.hits.length = 0;
    await ledger.run(sync, client, { at: new Date('2026-11-03T14:00:00.000Z') });
    expect(images.hits).toContain('/huge.png');
    expect(images.hits).not.toContain('/card.jpg');
  });

  it('a failed new URL keeps the last good file', async () => {
    await ledger.run(sync, client);
    const brand = world.brands[0] as SimBrand;
    setAssets(brand, `${images.origin}/page.html`, `${images.origin}/card.jpg`);
    brand.lastUpdated += 1;
    await ledger.run(sync, client, { at: new Date('2026-11-02T13:00:00.000Z') });
    expect(assetOf(0, 'logo')).toMatchObject({
      url: `${images.origin}/page.html`,
      filePath: `assets/${brand.slug}-logo.png`,
      sha256: sha256(PNG),
    });
    expect(assetOf(0, 'logo')?.error).toMatch(/text\/html/);
  });

  it('without the test option, plain http to loopback is refused', async () => {
    const fetcher = createAssetFetcher();
    const result = await fetcher.fetch(`${images.origin}/logo.png`, join(temp.dir, 'x-logo'));
    await fetcher.close();
    expect(result).toEqual({
      ok: false,
      error: 'Not downloaded: only https: addresses are fetched (this one is http:).',
    });
    expect(images.hits).toEqual([]);
  });

  it.runIf(process.platform !== 'win32')(
    'saves the images owner-only (0600 files in a 0700 folder)',
    async () => {
      await ledger.run(sync, client);
      const folder = join(temp.dir, 'assets');
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      const files = readdirSync(folder);
      expect(files.length).toBeGreaterThan(2);
      for (const name of files) expect(statSync(join(folder, name)).mode & 0o777, name).toBe(0o600);
    },
  );

  it('a full disk stops the image downloads with one disk_full sentence, the catalogue kept', async () => {
    for (const brand of world.brands) setAssets(brand, `${images.origin}/logo.png`);
    const folder = join(temp.dir, 'assets');
    mkdirSync(folder);
    for (const brand of world.brands) symlinkSync('/dev/full', join(folder, `${brand.slug}-logo.png.part`));
    const outcome = await ledger.run(sync, client);
    expect(outcome.incomplete).toBe(
      `Brand images could not be updated (A brand image could not be written: the disk holding ${folder} is full. Free some space on it and try again.).`,
    );
    expect(outcome.itemsRead).toBe(world.brands.length);
    // The downloads under way (four at a time) when the disk was found full; not one per brand.
    expect(images.hits.length).toBeGreaterThan(0);
    expect(images.hits.length).toBeLessThanOrEqual(4);
    expect(readdirSync(folder).filter((name) => !name.endsWith('.part'))).toEqual([]);
  });
});
