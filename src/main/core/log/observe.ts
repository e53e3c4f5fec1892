import type { EventChannel } from '../../../shared/ipc/channels';
import type { ErrorShape } from '../../../shared/ipc/errors';
import type { CallObserver } from '../registry';
import type { Logger, LogFields } from './logger';

/** Successful calls worth a line at info level, and the event each is logged as. */
const NOTABLE_CALLS: Readonly<Record<string, string>> = {
  'recon:import': 'import.done',
  'recon:signoff': 'signoff.done',
  'recon:unlock': 'signoff.unlocked',
  'recon:rollforward': 'rollforward.done',
  'recon:opening.set': 'opening_balance.entered',
  'recon:demo-statement.load': 'import.demo_statement',
  'export:start': 'export.started',
  'export:cancel': 'export.cancel',
  'transfers:submit': 'transfer.submitted',
  'connection:set': 'connection.changed',
  'settings:update': 'settings.changed',
  'settings:bank-details.set': 'settings.changed',
  'journals:mapping.save': 'settings.changed',
  'journals:mapping.import': 'settings.changed',
  'sync:cancel': 'sync.cancel',
};

/** Failures that come from the platform or the network: their details (HTTP status, platform code) help. */
const PLATFORM_CODES = new Set([
  'platform_rejected',
  'auth_failed',
  'clock_skew',
  'rate_limited',
  'offline',
  'timeout',
  'malformed_response',
]);

/** Strings kept in a summary of an answer; every other string is left out (it could be personal). */
const SUMMARY_STRINGS = new Set(['outcome', 'format', 'asOf', 'signedAt', 'exportId', 'state', 'status']);

/**
 * Logs every call's failure (channel and error code and message, never the input) and the
 * notable successes (imports, exports, sign-offs, submissions) with the counts of their answers.
 */
export function callLogger(logger: Logger): CallObserver {
  return (channel, answer, elapsedMs) => {
    const ms = Math.round(elapsedMs);
    if (!answer.ok) {
      logFailure(logger, channel, answer.error, ms);
      return;
    }
    const event = NOTABLE_CALLS[channel];
    if (event !== undefined) logger.info(event, { channel, ms, ...summarise(answer.value) });
    else logger.debug('call.done', { channel, ms });
  };
}

function logFailure(logger: Logger, channel: string, error: ErrorShape, ms: number): void {
  const fields: LogFields = { channel, code: error.code, message: error.message, ms };
  if (PLATFORM_CODES.has(error.code)) {
    logger.warn('platform.error', { ...fields, details: error.details });
  } else if (error.code === 'internal') {
    logger.error('handler.failed', { ...fields, details: error.details });
  } else if (error.code === 'invalid_input' || error.code === 'not_found' || error.code === 'locked') {
    // A person's mistake the UI shows at once: worth a line, not a warning.
    logger.info('handler.refused', fields);
  } else {
    logger.warn('handler.failed', fields);
  }
}

/** Numbers, booleans, a few known strings and the length of lists: never names, notes or addresses. */
export function summarise(value: unknown, depth = 0): LogFields {
  const out: LogFields = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'number' || typeof item === 'boolean') out[key] = item;
    else if (typeof item === 'string' && SUMMARY_STRINGS.has(key)) out[key] = item;
    else if (Array.isArray(item)) out[`${key}Count`] = item.length;
    else if (typeof item === 'object' && item !== null && depth === 0) {
      for (const [inner, innerValue] of Object.entries(summarise(item, 1)))
        out[`${key}.${inner}`] = innerValue;
    }
  }
  return out;
}

/** The core's pushed events that deserve a line: a sync run's end and an export's end. */
export function logEvent(logger: Logger, name: EventChannel, payload: unknown): void {
  if (name === 'export:finished') {
    const finished = payload as { outcome?: string; error?: { code: string; message: string } | null };
    const fields = { ...summarise(payload), error: finished.error ?? undefined };
    if (finished.outcome === 'failed') logger.error('export.failed', fields);
    else logger.info('export.finished', fields);
  }
}
