/**
 * The platform simulator: node:http on 127.0.0.1. Each API request goes through, in order: the
 * fault controller (latency, injected gateway faults) and the rate limiter, the body size limit, the
 * route table (404/405), authentication (210/434), then the endpoint; body faults corrupt what the
 * endpoint answered. The world is advanced to the simulated "now" before every request.
 *
 * A request body is read as JSON only when its Content-Type says JSON (application/json or
 * application/*+json); any other body is not read at all, as on the platform, so its fields are
 * neither signed nor seen by the endpoint (the usual missing-field answers; a client that signed them
 * gets 434). The admin API reads its bodies as JSON whatever the Content-Type (curl -d friendly).
 *
 * A body over 1 MiB answers 413 with code 433. The notes list no answer for it; this is the
 * simulator's choice (a client never needs such a body, so it only has to survive the answer).
 *
 * One clock (context.ts): the world is advanced to `sim.now()` before each request, and that same
 * instant is what the request's Timestamp is checked against and what every answer's `Date` header
 * says, so a client can measure how far its own clock is from the platform's.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authenticate } from './auth';
import { isJsonContentType, JsonSyntaxError, parseJson, type Parsed } from './body';
import { createSimContext } from './context';
import { shapeFor } from './error-shapes';
import { SimError } from './errors';
import { deliver, gatewayAnswer, type FaultController } from './faults';
import { failure, fromThrown, methodNotAllowed, notFound, send, type SimResponse } from './http';
import { JsonNumber } from './json';
import type { World } from './model';
import { LOOPBACK_ADDRESSES, resolveOptions, type SimulatorOptions } from './options';
import { Router, type Handler, type RequestContext, type SimContext } from './router';
import { registerAdmin } from './routes/admin';
import { registerBrands } from './routes/brands';
import { registerCheckFloats } from './routes/check-floats';
import { registerFloatTransfers } from './routes/float-transfers';
import { registerTemplates } from './routes/templates';
import { registerTransactions } from './routes/transactions';
import { advanceTo } from './state';
import { PLATFORM_CODES } from '../shared/domain/platform';

export interface RunningSimulator {
  /** e.g. "http://127.0.0.1:41234/api/v2" */
  baseUrl: string;
  port: number;
  apiKey: string;
  apiSecret: string;
  world: World;
  faults: FaultController;
  options: SimulatorOptions;
  /** The platform's clock, epoch ms: what a client whose clock is right signs with. */
  now: () => number;
  /** Move the platform's clock forward (plans settle, daily activity runs), as the admin API does. */
  advanceClock: (ms: number) => void;
  close: () => Promise<void>;
}

const MAX_BODY_BYTES = 1 << 20;

function readBody(req: IncomingMessage): Promise<{ text: string; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () =>
      resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge: size > MAX_BODY_BYTES }),
    );
    req.on('error', reject);
  });
}

function parseBody(
  text: string,
  asJson: boolean,
): { body: Parsed | undefined; bodyError: string | undefined } {
  if (!asJson || text.trim() === '') return { body: undefined, bodyError: undefined };
  try {
    return { body: parseJson(text), bodyError: undefined };
  } catch (error) {
    if (error instanceof JsonSyntaxError)
      return { body: undefined, bodyError: `The body is not valid JSON: ${error.message}` };
    throw error;
  }
}

/** A signed body parameter as text: strings as they are, numbers as written. */
function bodyText(body: Parsed | undefined, key: string): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || body instanceof JsonNumber)
    return undefined;
  const value = body[key];
  if (typeof value === 'string') return value;
  return value instanceof JsonNumber ? value.text : undefined;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What the `exception` fault makes an endpoint throw: an unexpected error, not a SimError. */
class InjectedException extends Error {}
const explode: Handler = () => {
  throw new InjectedException('Injected exception');
};

export function createSimulatorHandler(sim: SimContext) {
  const api = new Router();
  registerCheckFloats(api);
  registerFloatTransfers(api);
  registerBrands(api);
  registerTemplates(api);
  registerTransactions(api);
  const admin = new Router();
  registerAdmin(admin);

  const run = (context: RequestContext, handler: Handler): SimResponse => {
    try {
      return handler(context);
    } catch (error) {
      if (!(error instanceof SimError) && !(error instanceof InjectedException))
        console.error('simulator: unexpected error', error);
      return fromThrown(error, context.errorShape);
    }
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const { world, options, faults } = sim;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const method = (req.method ?? 'GET').toUpperCase();
    const remote = req.socket.remoteAddress;
    const { text, tooLarge } = await readBody(req);
    advanceTo(world, sim.now());
    // The platform's clock for this whole request: stamps, the signature window and the Date header.
    const now = world.now;
    const dated = (answer: SimResponse): SimResponse => ({
      ...answer,
      headers: { ...answer.headers, Date: new Date(world.now).toUTCString() },
    });
    const isAdmin = path === '/__admin' || path.startsWith('/__admin/');
    const contentType = req.headers['content-type'];
    const { body, bodyError } = parseBody(text, isAdmin || isJsonContentType(contentType));
    const context = (params: Record<string, string>): RequestContext => ({
      sim,
      method,
      path,
      query: url.searchParams,
      rawBody: text,
      body,
      bodyError,
      errorShape: shapeFor(options.errorDataShape, method, path),
      params,
    });

    if (isAdmin) {
      if (!options.admin) return send(res, dated(notFound()));
      if (remote === undefined || !LOOPBACK_ADDRESSES.includes(remote))
        return send(
          res,
          dated(failure(403, PLATFORM_CODES.endpointNotFound, 'The admin API answers loopback clients only')),
        );
      const match = admin.match(method, path);
      if (match.kind === 'not-found') return send(res, dated(notFound()));
      if (match.kind === 'method-not-allowed') return send(res, dated(methodNotAllowed(match.allowed)));
      return send(res, dated(run(context(match.params), match.handler)));
    }

    const decision = faults.take(path);
    if (decision.latencyMs > 0) await sleep(decision.latencyMs);
    /** Deliver an answer; `gatewayOnly`: it replaced the endpoint, so no body fault applies to it. */
    const finish = (answer: SimResponse, gatewayOnly = false): void => {
      const bodyFault = gatewayOnly ? undefined : decision.fault;
      const headers = { ...answer.headers, ...decision.rateHeaders };
      deliver(res, dated({ ...answer, headers }), bodyFault);
    };
    const gateway = decision.fault && gatewayAnswer(decision.fault);
    if (gateway !== undefined) return finish(gateway, true);
    if (decision.overLimit)
      return finish(failure(429, PLATFORM_CODES.rateLimited, 'Too many requests'), true);
    if (tooLarge) return finish(failure(413, PLATFORM_CODES.validation, 'The request body is too large'));

    const match = path.startsWith('/api/v2/') ? api.match(method, path) : { kind: 'not-found' as const };
    if (match.kind === 'not-found') return finish(notFound());
    if (match.kind === 'method-not-allowed') return finish(methodNotAllowed(match.allowed));

    const signed =
      method === 'GET'
        ? { brand: url.searchParams.get('brand') ?? undefined }
        : { clientRequestId: bodyText(body, 'client_request_id'), brand: bodyText(body, 'brand') };
    const auth = authenticate(
      { headers: req.headers, method, path, params: signed, remoteAddress: remote },
      { ...options, clock: () => now, forceSkew: decision.fault?.kind === 'timestamp-skew' },
    );
    if (!auth.ok) return finish(failure(auth.httpStatus, auth.code, auth.message));
    finish(run(context(match.params), decision.fault?.kind === 'exception' ? explode : match.handler));
  };
}

export async function startSimulator(partial: Partial<SimulatorOptions> = {}): Promise<RunningSimulator> {
  const options = resolveOptions(partial);
  const { sim } = createSimContext(options);
  const { world, faults } = sim;
  const handler = createSimulatorHandler(sim);

  const server: Server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      console.error('simulator: request failed', error);
      if (!res.headersSent) send(res, failure(500, PLATFORM_CODES.endpointNotFound, 'Internal error'));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v2`,
    port,
    apiKey: options.apiKey,
    apiSecret: options.apiSecret,
    world,
    faults,
    options,
    now: () => sim.now(),
    advanceClock: (ms) => sim.advanceClock(ms),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
