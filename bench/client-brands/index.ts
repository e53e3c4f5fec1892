// The platform client fetching and fully validating a 5,000-brand catalogue with detail from the
// simulator, against its anchor: undici.request + JSON.parse of the same answer, no validation.
import { request } from 'undici';
import { createPlatformClient } from '../../src/main/core/platform/client';
import { startSimulator } from '../../src/simulator/server';
import { medianMsAsync, report } from '../harness';
import { signedGetHeaders } from '../signed-headers';

const BRANDS = 5_000;
const TARGET_RATIO = 3;
const RUNS = 15;

const simulator = await startSimulator({ port: 0, seed: 11, brands: BRANDS, transfers: 0 });
const client = createPlatformClient(simulator, { requestsPerMinute: 100_000 });
const url = `${simulator.baseUrl}/brands?detail=true`;

async function anchorFetch(): Promise<unknown> {
  const response = await request(url, {
    headers: signedGetHeaders(simulator.apiKey, simulator.apiSecret, 'brands'),
  });
  return JSON.parse(await response.body.text());
}

const check = await client.listBrands({ detail: true });
if (check.brands.length !== BRANDS)
  throw new Error(`the client read ${check.brands.length} brands, expected ${BRANDS}`);
const anchorCheck = (await anchorFetch()) as { data: { brands: Record<string, unknown> } };
if (Object.keys(anchorCheck.data.brands).length !== BRANDS)
  throw new Error('the anchor read a different catalogue');

const value = await medianMsAsync(() => client.listBrands({ detail: true }), RUNS);
const anchor = await medianMsAsync(anchorFetch, RUNS);
await client.close();
await simulator.close();

console.log(
  `client: fetch + lossless parse + validation of ${BRANDS} brands with detail: ${value.toFixed(1)} ms (median of ${RUNS})`,
);
console.log(
  `anchor: undici.request + JSON.parse of the same answer:             ${anchor.toFixed(1)} ms (median of ${RUNS})`,
);
console.log(`ratio: ${(value / anchor).toFixed(2)} (target <= ${TARGET_RATIO})`);
report({ bench: 'client-brands', value, anchor, target: TARGET_RATIO, brands: BRANDS });
