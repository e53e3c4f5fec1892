/**
 * The platform's local time. The platform writes its timestamps (created_at, last_refreshed_at,
 * last_updated, ...) with the UTC offset of its own time zone (Europe/London by default: +00:00 in
 * winter, +01:00 in British summer time) and reads `start_date`/`end_date` as calendar days of that
 * zone. Deterministic: the zone's rules come from Intl (ICU data), never from the machine's zone.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Offsets are cached per quarter hour: no zone changes its offset more often than that. */
const BUCKET = 15 * MINUTE;
const MAX_CACHED = 50_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Map<number, number>>();

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, format);
  }
  return format;
}

/** Throws a RangeError naming the zone when Intl does not know it. */
export function checkTimeZone(zone: string): void {
  try {
    formatter(zone);
  } catch {
    throw new RangeError(`Unknown time zone "${zone}"`);
  }
}

function computeOffset(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const local = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return local - Math.floor(ms / SECOND) * SECOND;
}

/** The zone's offset from UTC at the instant `ms`, in ms (3_600_000 for +01:00). */
export function offsetAt(ms: number, zone: string): number {
  if (zone === 'UTC') return 0;
  let cache = offsets.get(zone);
  if (cache === undefined) {
    cache = new Map();
    offsets.set(zone, cache);
  }
  const bucket = Math.floor(ms / BUCKET);
  let offset = cache.get(bucket);
  if (offset === undefined) {
    offset = computeOffset(bucket * BUCKET, zone);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(bucket, offset);
  }
  return offset;
}

/** Epoch ms → ISO 8601 in the zone, whole seconds, with its offset: "2026-07-01T00:30:00+01:00". */
export function isoTime(ms: number, zone: string): string {
  const offset = offsetAt(ms, zone);
  const local = new Date(Math.floor(ms / SECOND) * SECOND + offset).toISOString().slice(0, 19);
  const minutes = Math.abs(offset) / MINUTE;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${local}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** The local calendar day of an instant, as the epoch ms of that date's UTC midnight (a day key). */
export function localDayKey(ms: number, zone: string): number {
  return Math.floor((ms + offsetAt(ms, zone)) / DAY) * DAY;
}

/**
 * The first instant of the zone's calendar day `dayKey` (a date's UTC midnight, as parseDay gives it):
 * the smallest instant whose local date is that day or later. Found by bisection, so days that start
 * at 01:00 because of a daylight-saving jump at midnight are handled too.
 */
export function localDayStart(dayKey: number, zone: string): number {
  if (zone === 'UTC') return dayKey;
  let low = dayKey - 18 * HOUR; // local date still earlier in every zone (offsets are within ±14 h)
  let high = dayKey + 18 * HOUR; // local date already reached in every zone
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (localDayKey(mid, zone) >= dayKey) high = mid;
    else low = mid;
  }
  return high;
}
