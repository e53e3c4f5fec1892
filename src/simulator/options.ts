import type { World } from './model';
import type { FaultSpec } from './faults';
import { ERROR_SHAPE_SETTINGS, type ErrorShapeSetting } from './error-shapes';
import { checkTimeZone } from './time';

/** Everything the simulator can be started with. `startSimulator` takes a Partial and fills in the defaults. */
export interface SimulatorOptions {
  /** Seed of the generated world (ignored when `world` is given). */
  seed: number;
  floats: number;
  transfers: number;
  brands: number;
  /** Add hostile strings to the generated data. */
  adversarial: boolean;
  /** Serve the simulator-only admin API under /__admin (loopback only). */
  admin: boolean;
  apiKey: string;
  apiSecret: string;
  /**
   * The platform clock's reading at start, epoch ms; the seeded history ends there (ignored when
   * `world` is given: its own now). Default: the wall clock's now, so the simulator's clock agrees
   * with a client whose clock is right.
   */
  startTime: number;
  /**
   * How fast the platform clock runs: N times the wall clock (1: like the real platform); 0: it
   * stands still, and only the admin API moves it. One clock either way (context.ts).
   */
  timeScale: number;
  /** GET /float/transfer-requests answers at most this many items (the real platform: 50). */
  listCap: number;
  /** Whether `end_date` includes its own day (true) or ends at its first instant (false). */
  endDateInclusive: boolean;
  /** Answer GET /check-floats in the older shape: currencies directly under `data`, no `floats` key. */
  legacyFloatsShape: boolean;
  /** Largest accepted difference between the Timestamp header and the platform clock. */
  timestampSkewMs: number;
  /**
   * GET /check-floats answers are computed once per currency filter and served unchanged (with their
   * last_refreshed_at) until they are this old in simulated time; 0 computes every answer afresh.
   * The real platform caches about 15 minutes.
   */
  floatsCacheMs: number;
  /** IANA zone of the platform: the offset of every timestamp it writes and the days of date filters. */
  platformTimeZone: string;
  /** 'mixed': each endpoint its own shape of error details (error-shapes.ts); otherwise that shape everywhere. */
  errorDataShape: ErrorShapeSetting;
  /** Seed one (day, float, currency, status) group of transfer requests with more than listCap items. */
  overfullGroup: boolean;
  /**
   * Store a buyer's payment reference upper-cased without spaces ("inv 42" → "INV42") and match the
   * payment_reference filter the same way, as some platforms do. Read at each request.
   */
  normaliseReferences: boolean;
  /** Requests allowed per 60-second window (announced in X-RateLimit-* headers). */
  rateLimit: number;
  /** Client addresses allowed to call /api/v2; others get 401 code 210. */
  allowedIps: string[];
  /** Faults active from the start (the admin API can change them later). */
  faults: FaultSpec[];
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  port: number;
  /**
   * The real clock: it drives the platform clock when timeScale > 0, gives the default startTime, and
   * times the rate-limit window. Nothing the platform writes or checks reads it directly. Inject a
   * fake in tests.
   */
  wallClock: () => number;
  /** A prebuilt world; when absent one is generated from seed and sizes. */
  world?: World;
}

/** 2026-11-02T09:00:00Z: a fixed startTime for tests and benchmarks that need the same dates on every run. */
export const DEFAULT_START_TIME = Date.UTC(2026, 10, 2, 9, 0, 0);

export const LOOPBACK_ADDRESSES: readonly string[] = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/** The defaults; startTime's is the wall clock's now at start (resolveOptions). */
export const DEFAULT_OPTIONS: Readonly<Omit<SimulatorOptions, 'startTime'>> = {
  seed: 1,
  floats: 6,
  transfers: 400,
  brands: 120,
  adversarial: false,
  admin: false,
  apiKey: 'demo-key',
  apiSecret: 'demo-secret',
  timeScale: 0,
  listCap: 50,
  endDateInclusive: true,
  legacyFloatsShape: false,
  timestampSkewMs: 300_000,
  floatsCacheMs: 15 * 60_000,
  platformTimeZone: 'Europe/London',
  errorDataShape: 'mixed',
  overfullGroup: false,
  normaliseReferences: false,
  rateLimit: 10_000,
  allowedIps: [...LOOPBACK_ADDRESSES],
  faults: [],
  port: 0,
  wallClock: () => Date.now(),
};

export function resolveOptions(partial: Partial<SimulatorOptions>): SimulatorOptions {
  const defined = Object.fromEntries(Object.entries(partial).filter(([, value]) => value !== undefined));
  const withClock = { ...DEFAULT_OPTIONS, ...defined };
  const options: SimulatorOptions = { startTime: withClock.wallClock(), ...withClock };
  const integers: Array<keyof SimulatorOptions> = ['floats', 'transfers', 'brands', 'listCap', 'port'];
  for (const key of integers) {
    const value = options[key];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
      throw new RangeError(`Simulator option ${key} must be a whole number ≥ 0, got ${String(value)}`);
  }
  if (!(options.timeScale >= 0)) throw new RangeError('Simulator option timeScale must be ≥ 0');
  checkSettings(options);
  checkTimeZone(options.platformTimeZone);
  if (!(options.rateLimit >= 1)) throw new RangeError('Simulator option rateLimit must be at least 1');
  if (options.apiKey === '' || options.apiSecret === '')
    throw new RangeError('Simulator options apiKey and apiSecret must not be empty');
  return options;
}

/** The options POST /__admin/settings can change while the simulator runs. */
export const RUNTIME_SETTINGS = [
  'listCap',
  'endDateInclusive',
  'legacyFloatsShape',
  'timestampSkewMs',
  'floatsCacheMs',
  'errorDataShape',
] as const satisfies ReadonlyArray<keyof SimulatorOptions>;
export type RuntimeSettings = Pick<SimulatorOptions, (typeof RUNTIME_SETTINGS)[number]>;

function checkSettings(settings: RuntimeSettings): void {
  if (!(Number.isInteger(settings.listCap) && settings.listCap >= 1))
    throw new RangeError('Simulator option listCap must be a whole number ≥ 1');
  for (const key of ['endDateInclusive', 'legacyFloatsShape'] as const) {
    if (typeof settings[key] !== 'boolean')
      throw new RangeError(`Simulator option ${key} must be true or false`);
  }
  for (const key of ['timestampSkewMs', 'floatsCacheMs'] as const) {
    const value = settings[key];
    if (!(typeof value === 'number' && Number.isFinite(value) && value >= 0))
      throw new RangeError(`Simulator option ${key} must be a number ≥ 0`);
  }
  if (!ERROR_SHAPE_SETTINGS.includes(settings.errorDataShape))
    throw new RangeError(`Simulator option errorDataShape must be one of ${ERROR_SHAPE_SETTINGS.join(', ')}`);
}

/** Checks a change of runtime settings as a whole, then applies it to `options` (nothing on error). */
export function applySettings(options: SimulatorOptions, patch: Partial<RuntimeSettings>): void {
  const next: RuntimeSettings = { ...pickSettings(options), ...patch };
  checkSettings(next);
  Object.assign(options, next);
}

export function pickSettings(options: SimulatorOptions): RuntimeSettings {
  return {
    listCap: options.listCap,
    endDateInclusive: options.endDateInclusive,
    legacyFloatsShape: options.legacyFloatsShape,
    timestampSkewMs: options.timestampSkewMs,
    floatsCacheMs: options.floatsCacheMs,
    errorDataShape: options.errorDataShape,
  };
}
