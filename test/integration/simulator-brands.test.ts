import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { call } from '../helpers/sim-http';
import { makeSimWorld } from '../helpers/sim-world';
import { makeTempDir } from '../helpers/temp-dir';

let sim: RunningSimulator;
const temp = makeTempDir('floatdesk-sim-zip-');
beforeAll(async () => {
  sim = await startSimulator({ world: makeSimWorld() });
});
afterAll(async () => {
  await sim.close();
  temp.cleanup();
});

const brands = async (query: Record<string, string> = {}) => {
  const result = await call(sim, 'GET', '/brands', { query });
  expect(result.status).toBe(200);
  return result.json().data as {
    brands: Record<string, Record<string, unknown>> | [];
    last_refreshed_at: string;
  };
};

describe('GET /brands', () => {
  it('answers every brand keyed by slug, without detail unless asked', async () => {
    const data = await brands();
    expect(Object.keys(data.brands)).toEqual([
      'open-gbp',
      'fixed-eur',
      'whole-jpy',
      'choice-gbp',
      'disabled-gbp',
      'paused-gbp',
      'future-type',
    ]);
    expect(data.last_refreshed_at).toBe('2026-11-02T09:00:00+00:00');
    expect((data.brands as Record<string, object>)['open-gbp']).not.toHaveProperty('detail');
    const detailed = await brands({ detail: 'true' });
    expect((detailed.brands as Record<string, { detail: object }>)['open-gbp']?.detail).toMatchObject({
      barcode: 'C128',
    });
    expect((await brands({ detail: 'false' })).brands).toEqual(data.brands);
  });

  it('writes amounts and rates with the wire types of the notes', async () => {
    const result = await call(sim, 'GET', '/brands', { query: { brand: 'open-gbp' } });
    expect(result.text).toContain('"discount":4.5,');
    expect(result.text).toContain('"vat":{"exempt":false,"type":"MPV","rate":"5.00"}');
    expect(result.text).toContain('"digital_face_value_limits":{"lower":5,"upper":500,"minor_unit":0.01}');
    const fixed = await call(sim, 'GET', '/brands', { query: { brand: 'fixed-eur' } });
    expect(fixed.text).toContain(
      '"denominations":["10.00","25.00","50.50"],"digital_denominations":[10,25,50.5]',
    );
  });

  it('filters by brand, country, currency and category, combined', async () => {
    expect(Object.keys((await brands({ brand: 'whole-jpy' })).brands)).toEqual(['whole-jpy']);
    expect(Object.keys((await brands({ country: 'FR' })).brands)).toEqual(['fixed-eur']);
    expect(Object.keys((await brands({ currency: 'JPY' })).brands)).toEqual(['whole-jpy']);
    expect(Object.keys((await brands({ category: 'gaming' })).brands)).toEqual(['fixed-eur']);
    expect(
      Object.keys((await brands({ currency: 'EUR', category: 'gaming', country: 'DE' })).brands),
    ).toEqual(['fixed-eur']);
  });

  it('answers [] when nothing matches', async () => {
    const result = await call(sim, 'GET', '/brands', { query: { country: 'ZZ' } });
    expect(result.text).toBe(
      '{"code":"000","status":"success","data":{"brands":[],"last_refreshed_at":"2026-11-02T09:00:00+00:00"}}',
    );
  });

  it('answers 400 code 072 for an unknown brand and 422 code 433 for a bad detail flag', async () => {
    const unknown = await call(sim, 'GET', '/brands', { query: { brand: 'no-such-brand' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json()).toMatchObject({ code: '072', status: 'error' });
    const bad = await call(sim, 'GET', '/brands', { query: { detail: 'yes' } });
    expect(bad.status).toBe(422);
    // A GET filter's details come as an array of strings (error-shapes.ts).
    expect(bad.json()).toMatchObject({ code: '433', data: [expect.stringMatching(/detail/)] });
  });
});

describe('GET /templates and GET /template', () => {
  it('lists template versions by brand, filtered by brand and template', async () => {
    const all = (await call(sim, 'GET', '/templates')).json().data;
    expect(all).toEqual({
      templates: {
        'open-gbp': { standard: '2026-10-01', christmas: '2026-11-01' },
        'paused-gbp': { standard: '2026-09-01' },
      },
    });
    const one = (
      await call(sim, 'GET', '/templates', { query: { brand: 'open-gbp', template: 'christmas' } })
    ).json().data;
    expect(one).toEqual({ templates: { 'open-gbp': { christmas: '2026-11-01' } } });
    expect((await call(sim, 'GET', '/templates', { query: { brand: 'fixed-eur' } })).json().data).toEqual({
      templates: [],
    });
    expect((await call(sim, 'GET', '/templates', { query: { brand: 'nope' } })).json()).toMatchObject({
      code: '072',
    });
  });

  it('answers a real ZIP with index.html and assets', async () => {
    const result = await call(sim, 'GET', '/template', { query: { brand: 'open-gbp' } });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('application/zip');
    const path = join(temp.dir, 'template.zip');
    writeFileSync(path, result.bytes);
    expect(spawnSync('unzip', ['-t', path], { encoding: 'utf8' }).status).toBe(0);
    const script =
      'import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint("\\n".join(z.namelist()))\nprint(z.read("index.html").decode())';
    const listing = spawnSync('python3', ['-c', script, path], { encoding: 'utf8' });
    expect(listing.status).toBe(0);
    expect(listing.stdout).toMatch(/^index\.html\nassets\/style\.css\nassets\/logo\.png\n/);
    expect(listing.stdout).toContain('{{code}}');
    expect(listing.stdout).toContain('content="2026-10-01"');
    const again = await call(sim, 'GET', '/template', {
      query: { brand: 'open-gbp', template: 'standard', version: '2026-10-01' },
    });
    expect(again.bytes.equals(result.bytes)).toBe(true);
  });

  it.each([
    [{}, 400, '070'],
    [{ brand: 'nope' }, 400, '072'],
    [{ brand: 'fixed-eur' }, 400, '716'],
    [{ brand: 'open-gbp', template: 'easter' }, 400, '716'],
    [{ brand: 'open-gbp', version: '2020-01-01' }, 400, '716'],
    [{ brand: 'paused-gbp' }, 401, '717'],
  ])('answers %o with %i code %s as JSON', async (query, status, code) => {
    const result = await call(sim, 'GET', '/template', { query: query as Record<string, string> });
    expect(result.status).toBe(status);
    expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(result.json()).toMatchObject({ code, status: 'error' });
  });
});
