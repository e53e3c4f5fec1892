import { ERROR_SHAPE_SETTINGS } from '../simulator/error-shapes';
import { startSimulator } from '../simulator/server';
import { checkTimeZone } from '../simulator/time';
import {
  UsageError,
  choiceOption,
  flagOption,
  integerOption,
  numberOption,
  portOption,
  stringOption,
  type CommandValues,
} from './arguments';

const YEAR_MS = 365 * 86_400_000;

function timeZoneOption(values: CommandValues): string | undefined {
  const zone = stringOption(values, 'time-zone');
  if (zone === undefined) return undefined;
  try {
    checkTimeZone(zone);
  } catch {
    throw new UsageError(`--time-zone must be an IANA time zone such as Europe/London, not "${zone}".`);
  }
  return zone;
}

/** "2026-11-27T13:20:05Z, runs at real time" / "..., stands still (only the admin API moves it)". */
function clockLine(now: number, timeScale: number): string {
  const at = `${new Date(now).toISOString().slice(0, 19)}Z`;
  if (timeScale === 0) return `${at}, stands still (only the admin API moves it)`;
  return timeScale === 1 ? `${at}, runs at real time` : `${at}, runs at ${timeScale}× real time`;
}

/** `floatdesk simulator`: the platform simulator on 127.0.0.1 until the process is stopped. */
export async function simulatorCommand(values: CommandValues, print: (text: string) => void): Promise<void> {
  const seed = integerOption(values, 'seed', 1, 0, 2 ** 32 - 1);
  const admin = flagOption(values, 'admin');
  const text = (name: string): string | undefined => stringOption(values, name) || undefined;
  const integer = (name: string, min: number, max: number): number | undefined =>
    text(name) === undefined ? undefined : integerOption(values, name, 0, min, max);
  const simulator = await startSimulator({
    port: portOption(values),
    seed,
    floats: integerOption(values, 'floats', 6, 1, 500),
    transfers: integerOption(values, 'transfers', 400, 0, 1_000_000),
    brands: integerOption(values, 'brands', 120, 0, 100_000),
    adversarial: flagOption(values, 'adversarial'),
    admin,
    ...(text('api-key') ? { apiKey: text('api-key') } : {}),
    ...(text('api-secret') ? { apiSecret: text('api-secret') } : {}),
    // Its clock starts at the real time and, unless told otherwise, runs like the platform's: a client
    // whose clock is right stays inside the signature window however long the simulator runs.
    timeScale: numberOption(values, 'time-scale', 1, 0, 1_000_000),
    // Left undefined when the flag is absent: the simulator's defaults apply.
    listCap: integer('list-cap', 1, 100_000),
    endDateInclusive: flagOption(values, 'end-date-exclusive') ? false : undefined,
    legacyFloatsShape: flagOption(values, 'legacy-floats-shape') || undefined,
    timestampSkewMs: integer('timestamp-skew-ms', 0, YEAR_MS),
    floatsCacheMs: integer('floats-cache-ms', 0, YEAR_MS),
    platformTimeZone: timeZoneOption(values),
    errorDataShape: choiceOption(values, 'error-data-shape', ERROR_SHAPE_SETTINGS),
    overfullGroup: flagOption(values, 'overfull-group') || undefined,
  });
  const world = simulator.world;
  print(
    `FloatDesk platform simulator, seed ${seed}: ${world.floats.length} floats, ${world.transfers.length} transfer requests, ${world.brands.length} brands`,
  );
  print(`Base URL:   ${simulator.baseUrl}`);
  print(`API key:    ${simulator.apiKey}`);
  print(`API secret: ${simulator.apiSecret}`);
  print(`Clock:      ${clockLine(simulator.now(), simulator.options.timeScale)}`);
  if (admin) print(`Admin API:  ${new URL(simulator.baseUrl).origin}/__admin`);
  const stop = (): void => void simulator.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
