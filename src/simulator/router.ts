/** One handler map: each (method, path pattern) is registered once; unknown path → 404, wrong method → 405. */
import type { Parsed, ParsedObject } from './body';
import type { ErrorDataShape } from './error-shapes';
import type { FaultController } from './faults';
import type { SimResponse } from './http';
import type { World } from './model';
import type { SimulatorOptions } from './options';

/** Per-simulator state that is not part of the world: idempotent answers, faults, the clock anchor. */
export interface SimContext {
  world: World;
  options: SimulatorOptions;
  faults: FaultController;
  /** Transaction answers by client_request_id, so a repeat gets the same bytes and no second charge. */
  idempotent: Map<string, { route: string; answer: SimResponse }>;
  /**
   * The platform's one clock, epoch ms (context.ts): what it stamps and what signatures are checked
   * against. Reading it does not move the world; the server advances the world to it per request.
   */
  now: () => number;
  /** Move the clock forward (admin API); keeps timeScale's anchor in step. */
  advanceClock: (ms: number) => void;
  /** GET /check-floats answers by query, with the simulated time they were computed at. */
  floatsCache: Map<string, { at: number; answer: SimResponse }>;
}

export interface RequestContext {
  sim: SimContext;
  method: string;
  /** The full path, e.g. "/api/v2/brands". */
  path: string;
  query: URLSearchParams;
  rawBody: string;
  /**
   * The parsed JSON body; undefined when the body is empty, was not sent as JSON (Content-Type other
   * than application/json: the platform does not read it) or is not valid JSON (see bodyError).
   */
  body: Parsed | undefined;
  bodyError: string | undefined;
  /** The shape validation details are written in on this request (error-shapes.ts). */
  errorShape: ErrorDataShape;
  /** Values of ":name" segments of the route pattern. */
  params: Record<string, string>;
}

export type Handler = (context: RequestContext) => SimResponse;

export type RouteMatch =
  | { kind: 'found'; handler: Handler; params: Record<string, string> }
  | { kind: 'not-found' }
  | { kind: 'method-not-allowed'; allowed: string[] };

interface Route {
  method: string;
  segments: string[];
  handler: Handler;
}

function split(path: string): string[] {
  return path.replace(/\/+$/, '').split('/').slice(1);
}

export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    const segments = split(pattern);
    const key = `${method} ${segments.join('/')}`;
    if (this.routes.some((route) => `${route.method} ${route.segments.join('/')}` === key))
      throw new Error(`Route registered twice: ${key}`);
    this.routes.push({ method, segments, handler });
    return this;
  }

  match(method: string, path: string): RouteMatch {
    const parts = split(path);
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (params === undefined) continue;
      if (route.method === method) return { kind: 'found', handler: route.handler, params };
      if (!allowed.includes(route.method)) allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
  }
}

function matchSegments(
  pattern: readonly string[],
  parts: readonly string[],
): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i] as string;
    const got = parts[i] as string;
    if (want.startsWith(':')) {
      if (got === '') return undefined;
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        return undefined;
      }
    } else if (want !== got) return undefined;
  }
  return params;
}

/**
 * The body as the endpoints read it: no JSON body at all (none sent, or not sent as JSON) reads as an
 * empty object, so the endpoint answers its usual missing-field errors; a body that is not valid JSON
 * stays undefined.
 */
export function jsonBody(context: RequestContext): Parsed | undefined {
  if (context.body === undefined && context.bodyError === undefined)
    return Object.create(null) as ParsedObject;
  return context.body;
}

/** A query parameter: the first value, or undefined when absent. */
export function queryParam(context: RequestContext, name: string): string | undefined {
  return context.query.get(name) ?? undefined;
}
