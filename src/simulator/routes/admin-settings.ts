/**
 * GET  /__admin/settings     the runtime settings
 * POST /__admin/settings     change some of them: {list_cap?, end_date_inclusive?, legacy_floats_shape?,
 *                            timestamp_skew_ms?, floats_cache_ms?, error_data_shape?}
 * A change is checked as a whole (400 code 433 and nothing changed when any value is wrong) and empties
 * the check-floats cache, so the next answer already follows it.
 */
import { isObject, type Parsed } from '../body';
import { reject, success } from '../http';
import { JsonNumber } from '../json';
import { applySettings, pickSettings, type RuntimeSettings } from '../options';
import type { RequestContext, Router } from '../router';
import type { ErrorShapeSetting } from '../error-shapes';
import { PLATFORM_CODES } from '../../shared/domain/platform';

const KEYS: Record<string, keyof RuntimeSettings> = {
  list_cap: 'listCap',
  end_date_inclusive: 'endDateInclusive',
  legacy_floats_shape: 'legacyFloatsShape',
  timestamp_skew_ms: 'timestampSkewMs',
  floats_cache_ms: 'floatsCacheMs',
  error_data_shape: 'errorDataShape',
};

function bad(message: string): never {
  return reject(400, PLATFORM_CODES.validation, message);
}

function settingsAnswer(context: RequestContext) {
  const settings = pickSettings(context.sim.options);
  return success({
    list_cap: settings.listCap,
    end_date_inclusive: settings.endDateInclusive,
    legacy_floats_shape: settings.legacyFloatsShape,
    timestamp_skew_ms: settings.timestampSkewMs,
    floats_cache_ms: settings.floatsCacheMs,
    error_data_shape: settings.errorDataShape,
  });
}

function plain(value: Parsed): number | boolean | string | undefined {
  if (value instanceof JsonNumber) return Number(value.text);
  return typeof value === 'boolean' || typeof value === 'string' ? value : undefined;
}

function change(context: RequestContext) {
  const body = context.body;
  if (!isObject(body)) return bad(context.bodyError ?? 'The body must be a JSON object of settings');
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const setting = KEYS[key];
    if (setting === undefined) return bad(`Unknown setting "${key}"; known: ${Object.keys(KEYS).join(', ')}`);
    patch[setting] = plain(value);
  }
  try {
    applySettings(
      context.sim.options,
      patch as Partial<RuntimeSettings> & { errorDataShape?: ErrorShapeSetting },
    );
  } catch (error) {
    return bad(error instanceof Error ? error.message : String(error));
  }
  context.sim.floatsCache.clear();
  return settingsAnswer(context);
}

export function registerAdminSettings(router: Router): void {
  router.add('GET', '/__admin/settings', settingsAnswer).add('POST', '/__admin/settings', change);
}
