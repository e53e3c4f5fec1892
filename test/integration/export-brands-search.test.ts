/**
 * The brands export lists what the Brands screen lists (catalogue:search: FTS5 with prefixes and
 * accents folded) for the same text and filters, in the screen's default order.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core/services';
import { generateWorld } from '../../src/simulator/data';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { readCsv } from '../helpers/csv-read';
import { runExport, syncedCore } from '../helpers/export-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let simulator: RunningSimulator;
let core: Core;
const NAMES = ['Crème Brûlée Café', 'Cafe Noir', 'Cafétéria Lumière', 'Caffè Nero', 'Bistro du Café'];

beforeAll(async () => {
  temp = makeTempDir();
  const world = generateWorld({
    seed: 11,
    floats: 1,
    transfers: 0,
    brands: 80,
    startTime: Math.floor(Date.now() / 1000) * 1000,
    adversarial: true,
  });
  NAMES.forEach((name, i) => (world.brands[i * 3]!.name = name));
  simulator = await startSimulator({ port: 0, world, floatsCacheMs: 0 });
  core = await syncedCore(simulator, join(temp.dir, 'ws'));
  mkdirSync(join(temp.dir, 'out'));
}, 60_000);
afterAll(async () => {
  await core?.close();
  await simulator?.close();
  temp?.cleanup();
});

async function screen(input: Record<string, unknown>): Promise<string[]> {
  const answer = await core.dispatch('catalogue:search', { ...input, limit: 500 });
  if (!answer.ok) throw new Error(answer.error.message);
  return (answer.value as { brands: Array<{ slug: string }> }).brands.map((brand) => brand.slug);
}

async function exported(filters: Record<string, unknown>, name: string): Promise<string[]> {
  const destination = join(temp.dir, 'out', name);
  const { finished } = await runExport(core, {
    request: { table: 'brands', filters },
    format: 'csv',
    destination,
  });
  expect(finished.outcome).toBe('done');
  const [header, ...rows] = readCsv(readFileSync(destination, 'utf8'));
  expect(header?.[0]).toBe('Slug');
  return rows.map((row) => row[0]!);
}

describe('the brands export as the Brands screen searches', () => {
  it.each([
    ['an accented name', 'crème'],
    ['the same word without its accent', 'creme'],
    ['a prefix query', 'caf'],
    ['two words', 'cafe noir'],
  ])('%s (%s): same brands, same order', async (_, text) => {
    const expected = await screen({ text });
    expect(expected.length).toBeGreaterThan(0);
    expect(await exported({ text }, `${text}.csv`)).toEqual(expected);
  });

  it('prefix "caf" finds every café-like name, accents folded', async () => {
    const slugs = await exported({ text: 'caf' }, 'caf-all.csv');
    expect(slugs.length).toBeGreaterThanOrEqual(NAMES.length);
  });

  it('with a filter and without text: the screen default (by name)', async () => {
    const all = await screen({});
    expect(await exported({}, 'all.csv')).toEqual(all);
    const currency = (await core.dispatch('catalogue:search', { limit: 1 })) as {
      ok: true;
      value: { brands: Array<{ currency: string }> };
    };
    const code = currency.value.brands[0]!.currency;
    expect(await exported({ currency: code, text: 'caf' }, 'eur.csv')).toEqual(
      await screen({ text: 'caf', filters: { currency: [code] } }),
    );
  });
});
