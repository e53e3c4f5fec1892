import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ASSET_BYTES } from '../../src/main/core/catalogue/assets';
import { registerCatalogueHandlers } from '../../src/main/core/handlers/catalogue';
import { createPlatformClient, type PlatformClient } from '../../src/main/core/platform/client';
import { HandlerRegistry } from '../../src/main/core/registry';
import { brandSync } from '../../src/main/core/sync/brands';
import { generateWorld } from '../../src/simulator/data';
import type { SimBrand, World } from '../../src/simulator/model';
import { DEFAULT_START_TIME } from '../../src/simulator/options';
import { tinyPng } from '../../src/simulator/routes/templates';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { invalidateBrand } from '../../src/simulator/wire';
import { openSyncLedger, type SyncLedger } from '../helpers/sync-fixture';
import { makeTempDir } from '../helpers/temp-dir';

// Brand images end to end: the simulator lists brands whose asset URLs point at a loopback image
// server, a brand sync downloads them (the test-only allowLoopbackHttp option), and the renderer's
// channel catalogue:asset reads them back from the workspace's cache through the real handler.
const PNG = tinyPng([20, 120, 220]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(80, 3)]);

function startImageServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const send = (type: string, body: Buffer) => {
      res.writeHead(200, { 'content-type': type, 'content-length': String(body.length) });
      res.end(body);
    };
    if (req.url === '/logo.png') return send('image/png', PNG);
    if (req.url === '/card.jpg') return send('image/jpeg', JPEG);
    if (req.url === '/big.png') return send('image/png', Buffer.concat([PNG, Buffer.alloc(MAX_ASSET_BYTES)]));
    if (req.url === '/page.html') return send('text/html; charset=utf-8', Buffer.from('<p>hi</p>'));
    if (req.url === '/logo.svg')
      return send('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    res.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

let temp: ReturnType<typeof makeTempDir>;
let images: Awaited<ReturnType<typeof startImageServer>>;
let world: World;
let simulator: RunningSimulator;
let client: PlatformClient;
let ledger: SyncLedger;
const registry = new HandlerRegistry();
const slugOf = (index: number) => (world.brands[index] as SimBrand).slug;
const asset = (index: number, kind: 'logo' | 'gift_card') =>
  registry.dispatch('catalogue:asset', { slug: slugOf(index), kind });

beforeAll(async () => {
  temp = makeTempDir();
  images = await startImageServer();
  world = generateWorld({
    seed: 21,
    floats: 1,
    transfers: 0,
    brands: 12,
    startTime: DEFAULT_START_TIME,
    adversarial: false,
  });
  const at = (path: string) => `${images.origin}${path}`;
  const urls: Array<[string, string]> = [
    [at('/logo.png'), at('/card.jpg')],
    [at('/big.png'), at('/page.html')],
    [at('/logo.svg'), at('/missing.png')],
  ];
  urls.forEach(([logo, card], index) => {
    const brand = world.brands[index] as SimBrand;
    brand.detail.assets = { logo_url: logo, gift_card_url: card };
    invalidateBrand(brand);
  });
  simulator = await startSimulator({ port: 0, world });
  client = createPlatformClient(simulator, { requestsPerMinute: 100_000, now: simulator.now });
  ledger = openSyncLedger(temp.dir);
  const outcome = await ledger.run(
    brandSync({ assetOptions: { fetch: { allowLoopbackHttp: true } } }),
    client,
  );
  expect(outcome.incomplete).toBeUndefined();
  registerCatalogueHandlers(registry, {
    db: ledger.db,
    workspaceId: ledger.workspaceId,
    workspaceDir: temp.dir,
    clock: () => new Date('2026-11-02T10:00:00.000Z'),
    client: () => Promise.resolve(client),
    syncing: () => false,
  });
});

afterAll(async () => {
  ledger?.close();
  await client?.close();
  await simulator?.close();
  await new Promise((resolve) => images?.server.close(resolve));
  temp?.cleanup();
});

describe('catalogue:asset after a sync', () => {
  it('answers the cached logo byte for byte with its content type', async () => {
    const logo = await asset(0, 'logo');
    expect(logo).toMatchObject({ ok: true, value: { contentType: 'image/png', bytes: PNG.length } });
    if (logo.ok) expect(Buffer.from((logo.value as { base64: string }).base64, 'base64')).toEqual(PNG);
    const card = await asset(0, 'gift_card');
    expect(card).toMatchObject({ ok: true, value: { contentType: 'image/jpeg', bytes: JPEG.length } });
    if (card.ok) expect(Buffer.from((card.value as { base64: string }).base64, 'base64')).toEqual(JPEG);
  });

  it('the brand page lists both images for the renderer to ask for', async () => {
    const brand = await registry.dispatch('catalogue:brand', { slug: slugOf(0) });
    expect(brand.ok).toBe(true);
    const kinds = (brand.ok ? (brand.value as { images: Array<{ kind: string }> }).images : []).map(
      (image) => image.kind,
    );
    expect(kinds.sort()).toEqual(['gift_card', 'logo']);
  });

  it('refuses an image over the size cap and a type that is not a raster image, with the reason', async () => {
    const big = await asset(1, 'logo');
    expect(big).toMatchObject({ ok: false, error: { code: 'not_found' } });
    if (!big.ok) expect(big.error.message).toMatch(/2 MB/);
    const html = await asset(1, 'gift_card');
    expect(html).toMatchObject({ ok: false, error: { code: 'not_found' } });
    if (!html.ok) expect(html.error.message).toMatch(/text\/html|type|image/i);
    const svg = await asset(2, 'logo');
    expect(svg).toMatchObject({ ok: false, error: { code: 'not_found' } });
    if (!svg.ok) expect(svg.error.message).toMatch(/svg|type|image/i);
    const missing = await asset(2, 'gift_card');
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const never = await asset(5, 'logo');
    expect(never).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('refuses a cached file that grew past the cap on disk since it was downloaded', async () => {
    const logo = await asset(0, 'logo');
    expect(logo.ok).toBe(true);
    writeFileSync(join(temp.dir, 'assets', `${slugOf(0)}-logo.png`), Buffer.alloc(MAX_ASSET_BYTES + 1));
    const grown = await asset(0, 'logo');
    expect(grown).toMatchObject({ ok: false, error: { code: 'not_found' } });
    if (!grown.ok) expect(grown.error.message).toMatch(/larger than 2 MB/);
  });
});
