/**
 * Transport edge cases the simulator does not produce, against a tiny scripted node:http server:
 * chunked bodies over the cap, empty and non-JSON 200s, redirects, long Retry-After, a refused
 * connection, what goes on the wire, and secrets echoed back by a hostile server.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformClient } from '../../src/main/core/platform/client';
import { createTransport } from '../../src/main/core/platform/http';
import { sign, stringToSign } from '../../src/main/core/platform/signer';
import type { PlatformRequest, TransportOptions } from '../../src/main/core/platform/types';
import { RawJsonNumber } from '../../src/main/core/platform/wire';
import { AppError } from '../../src/shared/ipc/errors';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const SECRET = 'edge-secret-9f8e7d6c';

async function serve(handler: Handler) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handler(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${port}/api/v2`;
}

function transport(baseUrl: string, options: Partial<TransportOptions> = {}) {
  const waits: number[] = [];
  const client = createTransport(
    { baseUrl, apiKey: 'edge-key', apiSecret: SECRET },
    {
      random: () => 0.5,
      baseBackoffMs: 10,
      sleep: async (ms) => {
        waits.push(ms);
      },
      ...options,
    },
  );
  cleanups.push(() => client.close());
  return { client, waits };
}

const get: PlatformRequest = {
  method: 'GET',
  path: 'check-floats',
  signedParams: [],
  retry: 'safe',
  expect: 'json',
};

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const json = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(body);
};

describe('platform transport edge cases', () => {
  it('puts the signed request on the wire exactly', async () => {
    let seen: { url?: string; headers: IncomingMessage['headers']; body: string } | undefined;
    const baseUrl = await serve((req, res, body) => {
      seen = { url: req.url, headers: req.headers, body };
      json(res, 200, '{"code":"000","status":"success","data":{}}');
    });
    const { client } = transport(baseUrl, { now: () => 1533025425488 });
    await client.send({
      method: 'POST',
      path: 'digital/issue',
      query: { 'a b': 'x&y=ü', skip: undefined },
      body: { client_request_id: 'cr-1', brand: 'tesco', amount: new RawJsonNumber('12345678.91') },
      signedParams: ['cr-1', 'tesco'],
      retry: 'never',
      expect: 'json',
    });
    expect(seen?.url).toBe('/api/v2/digital/issue?a%20b=x%26y%3D%C3%BC');
    expect(seen?.body).toBe('{"client_request_id":"cr-1","brand":"tesco","amount":12345678.91}');
    expect(seen?.headers).toMatchObject({
      'api-key': 'edge-key',
      timestamp: '1533025425488',
      signature: sign(
        SECRET,
        stringToSign('edge-key', 'POST', 'digital/issue', ['cr-1', 'tesco'], 1533025425488),
      ),
      accept: 'application/json',
      'content-type': 'application/json',
    });
  });

  it('stops reading a chunked body at the size cap', async () => {
    const baseUrl = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write(`{"data":"${'x'.repeat(4000)}`);
      res.write(`${'y'.repeat(4000)}"}`);
      res.end();
    });
    const error = await failure(transport(baseUrl, { maxResponseBytes: 5000 }).client.send(get));
    expect(error.code).toBe('malformed_response');
    expect(error.details).toMatchObject({ reason: 'too large: over 5000 bytes', endpoint: 'check-floats' });
  });

  it('refuses an empty 200 and a 200 that is not JSON', async () => {
    const bodies = ['', '   ', 'OK', '\u00ff'];
    const baseUrl = await serve((_req, res) => json(res, 200, bodies.shift() ?? ''));
    const { client } = transport(baseUrl);
    for (const reason of ['empty answer', 'empty answer', 'not a JSON document', 'not a JSON document'])
      expect((await failure(client.send(get))).details).toMatchObject({ reason, httpStatus: 200 });
  });

  it('maps a redirect and a bare 404 to "check the base URL"', async () => {
    const statuses = [302, 404];
    const baseUrl = await serve((_req, res) => {
      res.writeHead(statuses.shift() ?? 500, { Location: 'https://elsewhere.example/' });
      res.end();
    });
    const { client } = transport(baseUrl);
    expect((await failure(client.send(get))).message).toMatch(/redirected \(HTTP 302\): check the base URL/);
    expect((await failure(client.send(get))).message).toMatch(/HTTP 404\): check the base URL/);
  });

  it('honours a Retry-After date, and gives up at once when asked to wait too long', async () => {
    const answers = [new Date(Date.now() + 3000).toUTCString()];
    const baseUrl = await serve((_req, res) => {
      const retryAfter = answers.shift();
      if (retryAfter === undefined) return json(res, 200, '{"code":"000"}');
      json(res, 429, '{"code":"211","status":"error","message":"Too many requests"}', {
        'Retry-After': retryAfter,
      });
    });
    const { client, waits } = transport(baseUrl);
    expect((await client.send(get)).status).toBe(200);
    expect(waits[0]).toBeGreaterThan(1000);
    expect(waits[0]).toBeLessThanOrEqual(3000);
    answers.push('600');
    const error = await failure(client.send(get));
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(/wait 600 seconds/);
    expect(waits).toHaveLength(1);
  });

  it('reports a refused connection as offline after retrying a GET', async () => {
    const baseUrl = await serve(() => undefined);
    await cleanups.pop()?.();
    const { client, waits } = transport(baseUrl, { maxRetries: 2 });
    const error = await failure(client.send(get));
    expect(error.code).toBe('offline');
    expect(error.details).toMatchObject({ reason: 'refused', cause: 'ECONNREFUSED', attempts: 3 });
    expect(waits).toEqual([5, 10]);
  });

  it('gives up on an answer that trickles in past requestTimeoutMs, although no pause trips bodyTimeoutMs', async () => {
    const timers: Array<ReturnType<typeof setInterval>> = [];
    const baseUrl = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"code":"000","status":"success","data":"');
      timers.push(setInterval(() => res.write('x'), 20));
    });
    cleanups.push(async () => timers.forEach((timer) => clearInterval(timer)));
    const { client, waits } = transport(baseUrl, {
      bodyTimeoutMs: 1_000,
      requestTimeoutMs: 250,
      maxRetries: 1,
    });
    const started = performance.now();
    const error = await failure(client.send(get));
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(/before its answer was complete/);
    expect(error.details).toMatchObject({ phase: 'request', timeoutMs: 250, sent: true, attempts: 2 });
    expect(waits).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('tells a request that never left (connection refused) from one that did (no answer in time)', async () => {
    const refused = await serve(() => undefined);
    await cleanups.pop()?.();
    const sentHooks: string[] = [];
    const post: PlatformRequest = {
      method: 'POST',
      path: 'float/request-payment-transfer',
      body: { amount: new RawJsonNumber('1.00') },
      signedParams: [],
      retry: 'never',
      expect: 'json',
      onSent: () => sentHooks.push('sent'),
    };
    const notSent = await failure(transport(refused).client.send(post));
    expect(notSent.details).toMatchObject({ reason: 'refused', sent: false });
    expect(sentHooks).toEqual([]);

    const silent = await serve(() => undefined);
    const lost = await failure(transport(silent, { headersTimeoutMs: 100 }).client.send(post));
    expect(lost.details).toMatchObject({ phase: 'headers', timeoutMs: 100, sent: true });
    expect(sentHooks).toEqual(['sent']);
  });

  it('rate-limits on a monotonic clock: the signing clock set back an hour does not stall requests', async () => {
    const baseUrl = await serve((_req, res) => json(res, 200, '{"code":"000","status":"success","data":{}}'));
    let wall = 1_900_000_000_000;
    let monotonic = 5_000;
    const waits: number[] = [];
    const client = createTransport(
      { baseUrl, apiKey: 'edge-key', apiSecret: SECRET },
      {
        requestsPerMinute: 1,
        now: () => wall,
        monotonicNow: () => monotonic,
        sleep: async (ms) => {
          waits.push(ms);
          monotonic += ms;
          wall += ms;
        },
      },
    );
    cleanups.push(() => client.close());
    await client.send(get);
    wall -= 3_600_000;
    monotonic += 1_000;
    await client.send(get);
    expect(waits).toEqual([59_000]);
  });

  it('keeps a card code sent in the body out of errors, however the platform formats it back', async () => {
    const answers = [
      [
        422,
        '{"code":"433","status":"error","message":"Card 4000-1234 5678 9012 is not valid","data":{"card_code":["4000123456789012 unknown"]}}',
      ],
      [200, '{"code":"100","status":"error","message":"card 4000 1234 5678 9012 already checked"}'],
    ] as const;
    const baseUrl = await serve((_req, res) => {
      const [status, body] = answers[0]!;
      json(res, status, body);
    });
    const client = createPlatformClient(
      { baseUrl, apiKey: 'edge-key', apiSecret: SECRET },
      { maxRetries: 0 },
    );
    cleanups.push(() => client.close());
    const check = () =>
      client.transactions.checkPhysicalBalance({
        clientRequestId: 'cr-1',
        brand: 'tesco',
        cardCode: '4000123456789012',
      });
    for (const expected of ['invalid_input', 'platform_rejected']) {
      const error = await failure(check());
      expect(error.code).toBe(expected);
      const text = JSON.stringify([error.message, error.details]);
      expect(text).not.toMatch(/4000|9012|5678/);
      expect(text).toContain('[redacted]');
      (answers as unknown as unknown[]).shift();
    }
  });

  it('never lets a secret or signature echoed by the server into an error', async () => {
    const baseUrl = await serve((req, res) =>
      json(
        res,
        400,
        JSON.stringify({ code: '812', message: `bad ${String(req.headers.signature)} ${SECRET}` }),
      ),
    );
    const error = await failure(transport(baseUrl).client.send(get));
    const text = JSON.stringify([error.message, error.details]);
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(/[0-9a-f]{64}/);
    expect(text).toContain('[redacted]');
  });
});
