/**
 * A Timestamp the platform refused, said as what it is: this computer's clock is too far from the
 * platform's. The platform answers code 434 for every authentication failure — key, signature or
 * timestamp (platform-notes.md) — so only its message tells a stale Timestamp apart ("Authentication
 * failed: Timestamp is outside the allowed window"). How far off the clock is comes from the answer's
 * `Date` header, measured, never guessed; without one the sentence says so without a number.
 */
import { AppError } from '../../../shared/ipc/errors';
import { PLATFORM_CODES } from '../../../shared/domain/platform';

const NAMES_TIMESTAMP = /time\s*-?stamp/i;
/** Words of a time out of range; "missing" or "must be epoch milliseconds" are not the clock's fault. */
const OUT_OF_WINDOW =
  /window|outside|expired|skew|stale|too (?:old|new|early|late|far)|out of range|in the future/i;

/** True when a platform error answer says the request's Timestamp is out of its allowed window. */
export function isTimestampRefusal(platformCode: string | undefined, message: string | undefined): boolean {
  if (platformCode !== PLATFORM_CODES.authentication || message === undefined) return false;
  return NAMES_TIMESTAMP.test(message) && OUT_OF_WINDOW.test(message);
}

/**
 * The platform's clock minus this computer's, in ms (positive: this computer is behind), from the
 * answer's Date header and this computer's clock when the request was signed and when the answer
 * came. The header has whole seconds (cut, not rounded): its instant is on average half a second on.
 */
export function measureClockOffset(
  dateHeader: string | undefined,
  signedAt: number,
  answeredAt: number,
): number | undefined {
  if (dateHeader === undefined || dateHeader.trim() === '') return undefined;
  const platform = Date.parse(dateHeader);
  if (Number.isNaN(platform)) return undefined;
  return platform + 500 - (signedAt + answeredAt) / 2;
}

const UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
] as const;

const count = (value: number, unit: string): string => `${value} ${unit}${value === 1 ? '' : 's'}`;

/** "7 minutes 12 seconds", "30 days 2 hours", "1 hour": the two largest units, a zero second one left out. */
export function describeDuration(ms: number): string {
  let seconds = Math.round(Math.abs(ms) / 1000);
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    if (parts.length === 2) break;
    const value = Math.floor(seconds / size);
    seconds -= value * size;
    if (parts.length === 0 && value === 0) continue;
    parts.push(value === 0 ? '' : count(value, unit));
  }
  return parts.filter((part) => part !== '').join(' ') || '0 seconds';
}

const FIX = 'Set the clock right (automatic time) and try again.';
/** The Date header has whole seconds: an offset below this is within what it can tell. */
const MEASURABLE_MS = 2_000;

/**
 * The clock_skew error for a refused Timestamp; `refusal` is the error the platform's answer mapped
 * to. An offset too small to measure (or none) still says the clock, never the credentials.
 */
export function clockSkewError(refusal: AppError, offsetMs: number | undefined): AppError {
  const measured = offsetMs !== undefined && Math.abs(offsetMs) >= MEASURABLE_MS;
  const message = measured
    ? `This computer's clock is ${describeDuration(offsetMs)} ${offsetMs > 0 ? 'behind' : 'ahead of'} the platform's. ${FIX}`
    : `The platform refused the request because this computer's clock does not match its own. ${FIX}`;
  return new AppError('clock_skew', message, {
    ...refusal.details,
    clockOffsetMs: offsetMs === undefined ? null : Math.round(offsetMs),
  });
}
