import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_START_TIME, type SimulatorOptions } from '../../src/simulator/options';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { writeJson } from '../../src/simulator/json';
import { brandWire, isoTime } from '../../src/simulator/wire';
import { admin, call, type CallOptions } from '../helpers/sim-http';
import { makeTempDir } from '../helpers/temp-dir';

const running: RunningSimulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sim) => sim.close()));
});
/** A fixed start: these tests name the days of the seeded history. */
async function start(options: Partial<SimulatorOptions> = {}): Promise<RunningSimulator> {
  const sim = await startSimulator({ startTime: DEFAULT_START_TIME, ...options });
  running.push(sim);
  return sim;
}

type Brand = {
  slug: string;
  status: { code: string };
  currency: string;
  transaction_types: string[];
  digital_face_value_limits?: { lower: number };
  denominations?: string[];
};

/** A fixed script of requests; the answers' bodies, concatenated. */
async function script(sim: RunningSimulator): Promise<Buffer[]> {
  const bodies: Buffer[] = [];
  const get = async (path: string, options?: CallOptions) => {
    const result = await call(sim, 'GET', path, options);
    bodies.push(result.bytes);
    return result;
  };
  await get('/check-floats');
  await get('/float/transfer-requests');
  await get('/float/transfer-requests', { query: { status: 'approved_edited' } });
  const catalogue = await get('/brands', { query: { detail: 'true' } });
  await get('/templates');
  const brands = Object.values((catalogue.json().data as { brands: Record<string, Brand> }).brands);
  const template = await get('/templates');
  const firstBrand = Object.keys(
    (template.json().data as { templates: Record<string, object> }).templates,
  )[0];
  if (firstBrand !== undefined) await get('/template', { query: { brand: firstBrand } });
  const floats = (await call(sim, 'GET', '/check-floats')).json().data as {
    floats: Record<string, Record<string, unknown>>;
  };
  const [currency, named] = Object.entries(floats.floats)[0]!;
  const transfer = await call(sim, 'POST', '/float/request-payment-transfer', {
    body: `{"float":${JSON.stringify(Object.keys(named)[0])},"currency":"${currency}","amount":250}`,
  });
  bodies.push(transfer.bytes);
  const issuable = brands.find(
    (b) =>
      b.status.code === 'ENABLED' &&
      b.transaction_types.includes('digital_issuance') &&
      b.denominations?.length,
  );
  if (issuable) {
    const issue = await call(sim, 'POST', '/digital/issue', {
      body: `{"client_request_id":"det-1","brand":${JSON.stringify(issuable.slug)},"face_value":{"amount":${issuable.denominations![0]},"currency":"${issuable.currency}"}}`,
      signed: { client_request_id: 'det-1', brand: issuable.slug },
    });
    bodies.push(issue.bytes);
  }
  await admin(sim, 'POST', '/clock/advance', { days: 45 });
  await get('/check-floats');
  await get('/float/transfer-requests');
  await get('/brands');
  return bodies;
}

describe('simulator with a generated world', () => {
  it('answers byte-identical bodies for the same seed and requests, different ones for another seed', async () => {
    const options = { seed: 7, transfers: 300, brands: 60, admin: true };
    const [a, b, c] = await Promise.all([start(options), start(options), start({ ...options, seed: 8 })]);
    const [first, second, other] = await Promise.all([script(a!), script(b!), script(c!)]);
    expect(first.length).toBe(second.length);
    first.forEach((body, i) => expect(body.equals(second[i]!), `answer ${i}`).toBe(true));
    expect(Buffer.concat(first).equals(Buffer.concat(other))).toBe(false);
  });

  it('serves every brand and template of an adversarial world as valid JSON and valid ZIPs', async () => {
    const sim = await start({ seed: 3, brands: 150, transfers: 200, adversarial: true });
    const catalogue = await call(sim, 'GET', '/brands', { query: { detail: 'true' } });
    const brands = (catalogue.json().data as { brands: Record<string, Brand> }).brands;
    expect(Object.keys(brands)).toHaveLength(150);
    for (const slug of Object.keys(brands).slice(0, 40)) {
      const one = await call(sim, 'GET', '/brands', { query: { brand: slug, detail: 'true' } });
      expect(one.status, slug).toBe(200);
      expect(Object.keys((one.json().data as { brands: object }).brands)).toEqual([slug]);
    }
    const templates = (await call(sim, 'GET', '/templates')).json().data as {
      templates: Record<string, Record<string, string>>;
    };
    const temp = makeTempDir('floatdesk-sim-adv-');
    try {
      for (const [brand, names] of Object.entries(templates.templates).slice(0, 10)) {
        for (const name of Object.keys(names)) {
          const zip = await call(sim, 'GET', '/template', { query: { brand, template: name } });
          if (brands[brand]?.status.code === 'PAUSED') {
            expect(zip.json()).toMatchObject({ code: '717' });
            continue;
          }
          expect(zip.headers.get('content-type'), `${brand}/${name}`).toBe('application/zip');
          const path = join(temp.dir, 't.zip');
          writeFileSync(path, zip.bytes);
          expect(spawnSync('unzip', ['-tq', path]).status).toBe(0);
        }
      }
    } finally {
      temp.cleanup();
    }
    const transfers = await call(sim, 'GET', '/float/transfer-requests');
    expect(Array.isArray(transfers.json().data)).toBe(true);
  });

  it('never answers stale cached brand bytes after the background activity changes brands', async () => {
    const sim = await start({ seed: 5, brands: 400, transfers: 50, admin: true });
    const before = (await call(sim, 'GET', '/brands', { query: { detail: 'true' } })).text;
    await admin(sim, 'POST', '/clock/advance', { days: 120 });
    const after = await call(sim, 'GET', '/brands', { query: { detail: 'true' } });
    expect(after.text).not.toBe(before);
    const expected = sim.world.brands.map(
      (brand) =>
        `${JSON.stringify(brand.slug)}:${writeJson(brandWire(brand, true, sim.options.platformTimeZone))}`,
    );
    expect(after.text).toContain(`{"brands":{${expected.join(',')}},`);
  });

  it('holds a group no filter can split under the cap with overfullGroup (the client must report it)', async () => {
    const sim = await start({ seed: 2, overfullGroup: true });
    const main = sim.world.floats[0]!;
    const query = {
      start_date: '2026-10-03',
      end_date: '2026-10-03',
      float: main.name,
      currency: main.currency,
      status: 'approved',
    };
    const result = await call(sim, 'GET', '/float/transfer-requests', { query });
    const items = result.json().data as Array<{ created_at: string }>;
    expect(items).toHaveLength(50);
    expect(items.every((item) => item.created_at.startsWith('2026-10-03T'))).toBe(true);
    const inWorld = sim.world.transfers.filter(
      (t) => t.float === main.name && t.currency === main.currency && t.status === 'approved',
    );
    expect(
      inWorld.filter((t) => isoTime(t.createdAt, 'Europe/London').startsWith('2026-10-03')).length,
    ).toBeGreaterThan(50);
    // The default world: some single day holds more than the cap.
    const plain = await start({ seed: 2 });
    const perDay = new Map<string, number>();
    for (const t of plain.world.transfers) {
      const day = isoTime(t.createdAt, 'Europe/London').slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const [busiest, size] = [...perDay.entries()].sort((a, b) => b[1] - a[1])[0]!;
    expect(size).toBeGreaterThan(50);
    const day = await call(plain, 'GET', '/float/transfer-requests', {
      query: { start_date: busiest, end_date: busiest },
    });
    expect(day.json().data).toHaveLength(50);
  });

  it('answers the full catalogue of 10,000 brands with detail quickly, from cached bytes', async () => {
    const sim = await start({ seed: 11, brands: 10_000, transfers: 10 });
    const first = await call(sim, 'GET', '/brands', { query: { detail: 'true' } });
    expect(first.status).toBe(200);
    expect(Object.keys((first.json().data as { brands: object }).brands)).toHaveLength(10_000);
    const started = performance.now();
    const second = await call(sim, 'GET', '/brands', { query: { detail: 'true' } });
    const elapsed = performance.now() - started;
    expect(second.bytes.equals(first.bytes)).toBe(true);
    // Generous: a guard against accidental re-serialisation, not a benchmark (bench/ measures it).
    expect(elapsed).toBeLessThan(2000);
  });
});
