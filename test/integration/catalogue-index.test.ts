// The catalogue index is brought up to date lazily (repositories/catalogue-index.ts): a sync only
// marks the brands it wrote; the next search indexes them first. Search must never answer from a
// stale index, and marks left by a crash must heal. Also: search results (prefix cache, ranked
// page read lazily from FTS5, typed-array facet counts) agree with a brute-force reading.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogueIndexCache } from '../../src/main/core/catalogue/facet-index';
import { FACETS } from '../../src/main/core/catalogue/facet-index';
import { ftsQuery } from '../../src/main/core/catalogue/fts-query';
import { searchCatalogue, type CatalogueSearchInput } from '../../src/main/core/catalogue/search';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { BrandsRepository } from '../../src/main/core/ledger/repositories/brands';
import { CatalogueSearchRepository } from '../../src/main/core/ledger/repositories/catalogue-search';
import { createPlatformClient } from '../../src/main/core/platform/client';
import { brandSync } from '../../src/main/core/sync/brands';
import type { BrandWrite } from '../../src/main/core/sync/brand-diff';
import { startSimulator } from '../../src/simulator/server';
import { openSyncLedger, type SyncLedger } from '../helpers/sync-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let ledger: SyncLedger;
const others: Ledger[] = [];
beforeEach(() => {
  temp = makeTempDir();
  ledger = openSyncLedger(temp.dir);
});
afterEach(() => {
  for (const db of others.splice(0)) if (db.open) db.close();
  ledger.close();
  temp.cleanup();
});

const stamp = (day: number) => ({ observedAt: `2026-11-0${day}T09:00:00.000Z`, syncRunId: null });

function brand(slug: string, name: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    slug,
    name,
    type: 'gift-card',
    currency: 'GBP',
    status: { code: 'ENABLED' },
    discount: '2.50',
    categories: ['toys'],
    countries_served: ['GB'],
    detail: { description: `All about ${name}.`, terms_and_conditions_copy: 'Terms apply.' },
    ...extra,
  });
}

function write(slug: string, name: string, id: number | null, extra?: Record<string, unknown>): BrandWrite {
  return {
    slug,
    id,
    name,
    currency: 'GBP',
    statusCode: 'ENABLED',
    data: brand(slug, name, extra),
    dataChanged: true,
    returned: false,
    changes: [],
  };
}

const pending = (db: Ledger) => db.prepare('SELECT count(*) FROM catalogue_pending').pluck().get();
const ftsRows = (db: Ledger) => db.prepare('SELECT count(*) FROM brand_fts').pluck().get();
const slugs = (db: Ledger, cache: CatalogueIndexCache, input: CatalogueSearchInput) =>
  searchCatalogue(new CatalogueSearchRepository(db), cache, input).brands.map((b) => b.slug);

describe('lazy catalogue index', () => {
  it('a sync only marks brands; the next search indexes them and never answers stale', () => {
    const brands = new BrandsRepository(ledger.db);
    brands.saveChunk(ledger.workspaceId, [write('zebra-shop', 'Zebra Shop', null)], stamp(2), {
      vanished: [],
    });
    expect(pending(ledger.db)).toBe(1);
    expect(ftsRows(ledger.db)).toBe(0);
    const cache = new CatalogueIndexCache(new CatalogueSearchRepository(ledger.db), ledger.workspaceId);
    expect(slugs(ledger.db, cache, { text: 'zeb' })).toEqual(['zebra-shop']);
    expect(pending(ledger.db)).toBe(0);

    // The brand's data changes: its old words stop matching at once, the new ones match.
    const id = brands.loadForDiff(ledger.workspaceId).get('zebra-shop')!.id;
    brands.saveChunk(ledger.workspaceId, [write('zebra-shop', 'Yak Store', id)], stamp(3), {
      vanished: [],
    });
    expect(slugs(ledger.db, cache, { text: 'zebra' })).toEqual(['zebra-shop']); // the slug still holds it
    expect(slugs(ledger.db, cache, { text: 'shop' })).toEqual(['zebra-shop']);
    expect(slugs(ledger.db, cache, { text: 'yak' })).toEqual(['zebra-shop']);
    expect(slugs(ledger.db, cache, { text: 'z' })).toEqual(['zebra-shop']);
    expect(slugs(ledger.db, cache, { text: 'st' })).toEqual(['zebra-shop']);
    const result = searchCatalogue(new CatalogueSearchRepository(ledger.db), cache, { text: 'y' });
    expect(result.brands[0]?.name).toBe('Yak Store');
    // One full-text row per brand (the old one was deleted, not left beside the new).
    expect(ftsRows(ledger.db)).toBe(1);
    expect(
      ledger.db.prepare('SELECT count(*) FROM brand_fts WHERE brand_fts MATCH \'"all"*\'').pluck().get(),
    ).toBe(1);

    // Vanished: the in-memory index reloads (the generation moved) without reindexing.
    brands.saveChunk(ledger.workspaceId, [], stamp(4), { vanished: [{ id }] });
    expect(pending(ledger.db)).toBe(0);
    expect(slugs(ledger.db, cache, { text: 'yak' })).toEqual([]);
    expect(slugs(ledger.db, cache, { text: 'yak', includeVanished: true })).toEqual(['zebra-shop']);
  });

  it('heals marks left by a crash after the brand commit, or by a failed indexing', () => {
    const brands = new BrandsRepository(ledger.db);
    brands.saveChunk(
      ledger.workspaceId,
      [write('alpha', 'Alpha Cards', null), write('beta', 'Beta Cards', null)],
      stamp(2),
      { vanished: [] },
    );
    // "Crash": the process goes away before any search; the marks were committed with the brands.
    const path = join(temp.dir, 'ledger.sqlite');
    const reopened = openLedger(path);
    others.push(reopened);
    expect(pending(reopened)).toBe(2);
    // The indexing itself fails half-way (rolled back as a whole): marks stay, nothing half-written.
    reopened.exec(
      `CREATE TEMP TRIGGER boom BEFORE INSERT ON brand_catalogue BEGIN SELECT RAISE(ABORT, 'disk says no'); END`,
    );
    const cache = new CatalogueIndexCache(new CatalogueSearchRepository(reopened), ledger.workspaceId);
    expect(() => slugs(reopened, cache, { text: 'cards' })).toThrow(/disk says no/);
    expect(pending(reopened)).toBe(2);
    expect(ftsRows(reopened)).toBe(0);
    reopened.exec('DROP TRIGGER temp.boom');
    expect(slugs(reopened, cache, { text: 'cards', sort: 'name' })).toEqual(['alpha', 'beta']);
    expect(pending(reopened)).toBe(0);
  });

  it('sees brands another connection wrote after its index was loaded', () => {
    const brands = new BrandsRepository(ledger.db);
    brands.saveChunk(ledger.workspaceId, [write('alpha', 'Alpha Cards', null)], stamp(2), { vanished: [] });
    const reader = openLedger(join(temp.dir, 'ledger.sqlite'));
    others.push(reader);
    const cache = new CatalogueIndexCache(new CatalogueSearchRepository(reader), ledger.workspaceId);
    expect(slugs(reader, cache, { text: 'c' })).toEqual(['alpha']);
    brands.saveChunk(ledger.workspaceId, [write('gamma', 'Gamma Cards', null)], stamp(3), { vanished: [] });
    // The one-letter result was cached with the old index; the new generation drops it.
    expect(slugs(reader, cache, { text: 'c', sort: 'name' })).toEqual(['alpha', 'gamma']);
  });

  it('a read-only ledger searches what is indexed and does not try to write', () => {
    const brands = new BrandsRepository(ledger.db);
    brands.saveChunk(ledger.workspaceId, [write('alpha', 'Alpha Cards', null)], stamp(2), { vanished: [] });
    const reader = openLedger(join(temp.dir, 'ledger.sqlite'), { readonly: true });
    others.push(reader);
    const cache = new CatalogueIndexCache(new CatalogueSearchRepository(reader), ledger.workspaceId);
    expect(slugs(reader, cache, { text: 'alpha' })).toEqual([]);
    expect(pending(ledger.db)).toBe(1);
  });

  it('a brand sync leaves the index to the first search, which finds the whole catalogue', async () => {
    const simulator = await startSimulator({ port: 0, seed: 5, brands: 120, transfers: 0 });
    const client = createPlatformClient(simulator, { requestsPerMinute: 100_000 });
    try {
      await ledger.run(brandSync({ assets: false }), client);
    } finally {
      await client.close();
      await simulator.close();
    }
    expect(pending(ledger.db)).toBe(120);
    const cache = new CatalogueIndexCache(new CatalogueSearchRepository(ledger.db), ledger.workspaceId);
    expect(searchCatalogue(new CatalogueSearchRepository(ledger.db), cache, {}).total).toBe(120);
    expect(pending(ledger.db)).toBe(0);
    expect(ftsRows(ledger.db)).toBe(120);
  });
});

describe('search agrees with a brute-force reading of the index', () => {
  it('pages by (rank, name) and counts facets exactly, cached prefixes or not', async () => {
    const simulator = await startSimulator({
      port: 0,
      seed: 8,
      brands: 600,
      transfers: 0,
      adversarial: true,
    });
    const client = createPlatformClient(simulator, { requestsPerMinute: 100_000 });
    try {
      await ledger.run(brandSync({ assets: false }), client);
    } finally {
      await client.close();
      await simulator.close();
    }
    const repository = new CatalogueSearchRepository(ledger.db);
    const cache = new CatalogueIndexCache(repository, ledger.workspaceId);
    const index = cache.current();
    const words = [...new Set(index.rows.flatMap((r) => r.name.toLowerCase().match(/\p{L}{4,}/gu) ?? []))];
    const inputs: CatalogueSearchInput[] = [];
    for (let i = 0; i < 40; i++) {
      const text = words[(i * 37) % words.length]!.slice(0, 1 + (i % 4));
      inputs.push({ text, limit: 7 + (i % 3) * 10, offset: i % 5 === 0 ? 5 : 0 });
      if (i % 4 === 0) inputs.push({ text, direction: 'asc', limit: 10 });
      if (i % 3 === 0) inputs.push({ text, filters: { currency: ['GBP', 'EUR'], stocked: ['true'] } });
      if (i % 5 === 1) inputs.push({ text, includeVanished: true, filters: { category: ['toys'] } });
    }
    for (const input of [...inputs, ...inputs]) {
      const got = searchCatalogue(repository, cache, input);
      // Brute force: every match, ranked by FTS5; the filters and counts from the rows' JSON.
      const ranked = repository.match(ftsQuery(input.text!).expression!);
      const rankOf = new Map(ranked);
      const values = (row: (typeof index.rows)[number]) => ({
        category: JSON.parse(row.categories) as string[],
        currency: [row.currency],
        country: JSON.parse(row.countries) as string[],
        type: [row.type],
        status: [row.status],
        delivery: JSON.parse(row.deliveryMethods) as string[],
        transaction: JSON.parse(row.transactionTypes) as string[],
        redemption: JSON.parse(row.redemptionMethods) as string[],
        stocked: row.gcPool === null ? [] : [row.gcPool === 1 ? 'true' : 'false'],
        async: row.asyncOnly === null ? [] : [row.asyncOnly === 1 ? 'true' : 'false'],
      });
      const candidates = index.rows
        .map((row, position) => ({ row, position, values: values(row) }))
        .filter((c) => rankOf.has(c.row.id) && (input.includeVanished === true || c.row.vanished === 0));
      const fails = (c: (typeof candidates)[number], facet: (typeof FACETS)[number]) => {
        const chosen = input.filters?.[facet];
        return chosen !== undefined && chosen.length > 0 && !c.values[facet].some((v) => chosen.includes(v));
      };
      const passing = candidates.filter((c) => FACETS.every((f) => !fails(c, f)));
      const sign = input.direction === 'asc' ? -1 : 1;
      passing.sort(
        (a, b) =>
          sign * (rankOf.get(a.row.id)! - rankOf.get(b.row.id)!) ||
          index.nameRank[a.position]! - index.nameRank[b.position]!,
      );
      const offset = input.offset ?? 0;
      expect(got.total).toBe(passing.length);
      expect(got.brands.map((b) => b.slug)).toEqual(
        passing.slice(offset, offset + (input.limit ?? 50)).map((c) => c.row.slug),
      );
      for (const facet of got.facets) {
        const expected = new Map<string, number>();
        for (const c of candidates)
          if (FACETS.every((f) => f === facet.facet || !fails(c, f)))
            for (const v of new Set(c.values[facet.facet])) expected.set(v, (expected.get(v) ?? 0) + 1);
        const counted = new Map(facet.values.filter((v) => v.count > 0).map((v) => [v.value, v.count]));
        expect(counted).toEqual(expected);
      }
    }
    expect(index.prefixCache.size).toBeGreaterThan(0);
  });
});
