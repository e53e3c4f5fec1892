// The simulator's full catalogue with detail (10,000 brands) against its anchor: the very same
// bytes, pre-serialised, served by a bare node:http server. Both are read by the same client.
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSimulator } from '../../src/simulator/server';
import { medianMsAsync, report } from '../harness';
import { signedGetHeaders } from '../signed-headers';

const BRANDS = 10_000;
const TARGET_RATIO = 2;
const RUNS = 20;

function get(
  url: URL,
  headers: Record<string, string> = {},
): Promise<{ body: Buffer; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        response.statusCode === 200
          ? resolve({ body: Buffer.concat(chunks), headers: response.headers })
          : reject(
              new Error(`HTTP ${response.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 200)}`),
            ),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const started = process.hrtime.bigint();
const simulator = await startSimulator({ seed: 7, brands: BRANDS, transfers: 0 });
console.log(
  `simulator with ${BRANDS} brands ready in ${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(0)} ms`,
);
const url = new URL(`${simulator.baseUrl}/brands?detail=true`);

const first = await get(url, signedGetHeaders(simulator.apiKey, simulator.apiSecret, 'brands'));
const bytes = first.body;
const parsed = JSON.parse(bytes.toString('utf8')) as { data: { brands: Record<string, unknown> } };
const count = Object.keys(parsed.data.brands).length;
if (count !== BRANDS) throw new Error(`the catalogue holds ${count} brands, expected ${BRANDS}`);
console.log(`catalogue with detail: ${(bytes.length / 1024 / 1024).toFixed(1)} MiB`);

const anchorServer = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length });
  res.end(bytes);
});
await new Promise<void>((resolve) => anchorServer.listen(0, '127.0.0.1', resolve));
const anchorUrl = new URL(`http://127.0.0.1:${(anchorServer.address() as AddressInfo).port}/brands`);

const value = await medianMsAsync(async () => {
  const { body } = await get(url, signedGetHeaders(simulator.apiKey, simulator.apiSecret, 'brands'));
  if (body.length !== bytes.length) throw new Error('the catalogue changed between requests');
}, RUNS);
const anchor = await medianMsAsync(() => get(anchorUrl), RUNS);

anchorServer.close();
await simulator.close();

console.log(`simulator, full catalogue with detail: ${value.toFixed(1)} ms (median of ${RUNS})`);
console.log(`anchor, same bytes from node:http:     ${anchor.toFixed(1)} ms (median of ${RUNS})`);
console.log(`ratio: ${(value / anchor).toFixed(2)} (target <= ${TARGET_RATIO})`);
report({
  bench: 'simulator-brands',
  value,
  anchor,
  target: TARGET_RATIO,
  brands: BRANDS,
  bytes: bytes.length,
});
