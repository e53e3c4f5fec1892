import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDetail } from '../../src/main/core/catalogue/brand-detail';
import { listChanges } from '../../src/main/core/catalogue/changes';
import { CatalogueIndexCache } from '../../src/main/core/catalogue/facet-index';
import { searchCatalogue, type CatalogueSearchInput } from '../../src/main/core/catalogue/search';
import { listTemplates, previewTemplate, updateOneTemplate } from '../../src/main/core/catalogue/templates';
import { CatalogueChangesRepository } from '../../src/main/core/ledger/repositories/catalogue-changes';
import { CatalogueSearchRepository } from '../../src/main/core/ledger/repositories/catalogue-search';
import { TemplatesRepository } from '../../src/main/core/ledger/repositories/templates';
import { createPlatformClient, type PlatformClient } from '../../src/main/core/platform/client';
import { brandSync } from '../../src/main/core/sync/brands';
import { templateSync } from '../../src/main/core/sync/templates';
import { generateWorld } from '../../src/simulator/data';
import { HOSTILE_TEXTS } from '../../src/simulator/data/adversarial';
import type { World } from '../../src/simulator/model';
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
let repository: CatalogueSearchRepository;
let cache: CatalogueIndexCache;

beforeAll(async () => {
  temp = makeTempDir();
  world = generateWorld({
    seed: 9,
    floats: 1,
    transfers: 0,
    brands: 400,
    startTime: DEFAULT_START_TIME,
    adversarial: true,
  });
  simulator = await startSimulator({ port: 0, world, admin: true });
  client = createPlatformClient(simulator, { requestsPerMinute: 100_000, now: simulator.now });
  ledger = openSyncLedger(temp.dir);
  await ledger.run(brandSync({ assets: false }), client);
  repository = new CatalogueSearchRepository(ledger.db);
  cache = new CatalogueIndexCache(repository, ledger.workspaceId);
});
afterAll(async () => {
  ledger.close();
  await client.close();
  await simulator.close();
  temp.cleanup();
});

const search = (input: CatalogueSearchInput) => searchCatalogue(repository, cache, input);

describe('catalogue search after a sync from the simulator', () => {
  it('lists every listed brand by name without text', () => {
    const all = search({ limit: 500 });
    expect(all.total).toBe(world.brands.length);
    expect(all.sort).toBe('name');
  });

  it('matches prefixes and ranks a name hit above a description hit', () => {
    const brand = world.brands.find(
      (b) => /^[A-Za-z]+ [A-Za-z]+/.test(b.name) && !HOSTILE_TEXTS.some((t) => b.name.includes(t)),
    )!;
    const word = brand.name.split(' ')[1]!.toLowerCase();
    const result = search({ text: word.slice(0, 3), limit: 500 });
    expect(result.brands.map((b) => b.slug)).toContain(brand.slug);
    // A word that only descriptions hold ranks below brands that have it in their name.
    const ranked = search({ text: word, limit: 500 }).brands;
    const nameHits = ranked.filter((b) => b.name.toLowerCase().includes(word));
    expect(ranked.slice(0, nameHits.length).every((b) => b.name.toLowerCase().includes(word))).toBe(true);
  });

  it('never raises an FTS5 syntax error on text a person types', () => {
    const texts = [
      '"',
      '*',
      '"unbalanced',
      'NEAR(a b)',
      'a AND',
      'OR',
      'NOT x',
      '-',
      'x:y',
      '^a',
      '(',
      '🎁',
      'متجر',
      '\u202E',
      ...HOSTILE_TEXTS,
    ];
    for (const text of texts) expect(() => search({ text })).not.toThrow();
    const arabic = search({ text: 'متجر' });
    expect(arabic.brands.some((b) => b.name.includes('متجر'))).toBe(true);
  });

  it('counts facets, other facets filtered and its own not; unknown enum values kept and counted', () => {
    const all = search({});
    const status = all.facets.find((f) => f.facet === 'status')!;
    expect(status.values.reduce((sum, v) => sum + v.count, 0)).toBe(all.total);
    const archived = status.values.find((v) => v.value === 'ARCHIVED');
    if (archived !== undefined) expect(archived.known).toBe(false);
    const types = all.facets.find((f) => f.facet === 'type')!;
    expect(types.unknownCount).toBe(types.values.filter((v) => !v.known).reduce((s, v) => s + v.count, 0));

    const gbp = search({ filters: { currency: ['GBP'] } });
    const currency = gbp.facets.find((f) => f.facet === 'currency')!;
    // Its own facet ignores its filter: every currency is still counted as in the unfiltered search.
    expect(currency.values.map((v) => [v.value, v.count])).toEqual(
      all.facets.find((f) => f.facet === 'currency')!.values.map((v) => [v.value, v.count]),
    );
    expect(currency.values.find((v) => v.value === 'GBP')).toMatchObject({
      selected: true,
      count: gbp.total,
    });
    // Another facet obeys it.
    const statusGbp = gbp.facets.find((f) => f.facet === 'status')!;
    expect(statusGbp.values.reduce((sum, v) => sum + v.count, 0)).toBe(gbp.total);
    expect(gbp.brands.every((b) => b.currency === 'GBP')).toBe(true);
  });

  it('filters by several facets and sorts by discount exactly', () => {
    const result = search({
      filters: { stocked: ['true'], delivery: ['url'] },
      sort: 'discount',
      direction: 'desc',
      limit: 500,
    });
    expect(result.brands.every((b) => b.gcPool === true)).toBe(true);
    const discounts = result.brands.map((b) => Number(b.discount));
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
  });
});

describe('brand page and change log', () => {
  it('shows every attribute in words with vetted links', () => {
    const slug = world.brands.find((b) => b.currency === 'GBP' && b.detail.website_url !== undefined)!.slug;
    const stored = repository.brandBySlug(ledger.workspaceId, slug)!;
    const detail = brandDetail(stored, repository.assetsOf(stored.id));
    expect(detail.vat).not.toBeNull();
    expect(detail.operations.length).toBeGreaterThan(0);
    expect(detail.links.find((l) => l.key === 'website_url')).toBeDefined();
    const unsafe = world.brands.find((b) => b.detail.faq_url?.startsWith('javascript:'));
    if (unsafe) {
      const page = brandDetail(repository.brandBySlug(ledger.workspaceId, unsafe.slug)!, []);
      // Only the https link (sent with spaces around it) opens; javascript:, data:, http: are text.
      expect(page.links.filter((l) => l.link.openable).map((l) => l.key)).toEqual([
        'redemption_instructions_url',
      ]);
      expect(page.links.find((l) => l.key === 'faq_url')?.link).toMatchObject({ openable: false });
    }
  });

  it('records a status and discount change the simulator makes, and search sees it', async () => {
    const target = world.brands.find((b) => b.status.code === 'ENABLED')!;
    const answer = await admin(simulator, 'POST', `/brands/${target.slug}`, {
      status: { code: 'DISABLED', reason: 'Brand paused by supplier' },
      discount: '7.25',
    });
    expect(answer.status).toBe(200);
    await ledger.run(brandSync({ assets: false }), client, { at: new Date('2026-11-03T09:00:00.000Z') });
    const changes = listChanges(new CatalogueChangesRepository(ledger.db), ledger.workspaceId, {
      from: '2026-11-03',
      kinds: ['changed'],
      attributes: ['status', 'discount'],
    });
    expect(
      changes.changes
        .filter((c) => c.slug === target.slug)
        .map((c) => c.attribute)
        .sort(),
    ).toEqual(['discount', 'status']);
    expect(changes.changes[0]?.summary).toMatch(/ → /);
    expect(changes.changes[0]?.summary).not.toMatch(/[{}"]/);
    const found = search({ text: target.slug, filters: { status: ['DISABLED'] }, limit: 500 });
    expect(found.brands.find((b) => b.slug === target.slug)).toMatchObject({
      status: 'DISABLED',
      discount: '7.25',
    });
    expect(
      listChanges(new CatalogueChangesRepository(ledger.db), ledger.workspaceId, { to: '2026-11-02' }).total,
    ).toBe(0);
  });
});

describe('templates', () => {
  it('shows stale templates, updates one, and previews it safely', async () => {
    await ledger.run(templateSync(), client);
    const templates = new TemplatesRepository(ledger.db);
    const first = listTemplates(templates, ledger.workspaceId)[0]!;
    expect(first.stale).toBe(false);
    const published = await admin(simulator, 'POST', `/templates/${first.brand}/${first.name}/publish`, {
      version: '2099-01-01',
    });
    expect(published.status).toBe(200);
    // The platform's new version is seen by a listing (the sync's first step), not downloaded yet.
    const listing = await client.listTemplates({}, new AbortController().signal);
    templates.recordListed(ledger.workspaceId, listing.templates, '2026-11-04T09:00:00.000Z');
    expect(
      listTemplates(templates, ledger.workspaceId, first.brand).find((t) => t.name === first.name),
    ).toMatchObject({
      stale: true,
      platformVersion: '2099-01-01',
    });
    const context = {
      client,
      workspaceId: ledger.workspaceId,
      workspaceDir: temp.dir,
      clock: () => new Date('2026-11-04T10:00:00.000Z'),
      signal: new AbortController().signal,
    };
    const updated = await updateOneTemplate(templates, context, first.brand, first.name);
    expect(updated).toMatchObject({ updated: true, template: { stale: false, localVersion: '2099-01-01' } });
    const preview = await previewTemplate(templates, ledger.workspaceId, temp.dir, first.brand, first.name);
    expect(preview.version).toBe('2099-01-01');
    expect(preview.html).not.toMatch(/<script|\son\w+=|https?:\/\//i);
    expect(preview.html).toContain('<style>');
    expect(preview.html).toContain('data:image/png;base64,');
    expect(preview.html).toContain('{{code}}');
  });
});
