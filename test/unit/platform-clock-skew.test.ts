import { describe, expect, it } from 'vitest';
import {
  clockSkewError,
  describeDuration,
  isTimestampRefusal,
  measureClockOffset,
} from '../../src/main/core/platform/clock-skew';
import { AppError } from '../../src/shared/ipc/errors';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('isTimestampRefusal', () => {
  it.each([
    ['434', 'Authentication failed: Timestamp is outside the allowed window', true],
    ['434', 'Timestamp expired', true],
    ['434', 'The request timestamp is too old', true],
    ['434', 'time-stamp out of range', true],
    // The same code for a key or a signature: the credentials, not the clock.
    ['434', 'Authentication failed: the Signature does not match the request', false],
    ['434', 'Authentication failed: unknown API key', false],
    // A missing or malformed header is FloatDesk's own fault, not the clock's.
    ['434', 'Authentication failed: the Timestamp header is missing', false],
    ['434', 'Authentication failed: Timestamp must be Unix epoch milliseconds', false],
    // Another code that happens to talk about a window.
    ['211', 'Timestamp window rate limited', false],
  ])('code %s "%s" → %s', (code, message, expected) => {
    expect(isTimestampRefusal(code, message)).toBe(expected);
  });

  it('needs a message', () => {
    expect(isTimestampRefusal('434', undefined)).toBe(false);
    expect(isTimestampRefusal(undefined, 'Timestamp is outside the allowed window')).toBe(false);
  });
});

describe('measureClockOffset', () => {
  const platform = Date.UTC(2026, 10, 27, 13, 0, 0);
  const header = new Date(platform).toUTCString();

  it('is the platform clock minus this one: positive when this computer is behind', () => {
    const behind = platform - 7 * MINUTE - 12 * SECOND;
    const offset = measureClockOffset(header, behind, behind + 200) as number;
    expect(Math.round(offset / SECOND)).toBe(7 * 60 + 12);
    // Half a second into the header's second, by the platform's clock.
    const ahead = platform + 500 + 3 * MINUTE;
    expect(measureClockOffset(header, ahead, ahead)).toBe(-3 * MINUTE);
  });

  it('takes the middle of the exchange and the middle of the header second', () => {
    expect(measureClockOffset(header, platform - 1000, platform + 1000)).toBe(500);
  });

  it('is unknown without a readable Date header', () => {
    expect(measureClockOffset(undefined, platform, platform)).toBeUndefined();
    expect(measureClockOffset('', platform, platform)).toBeUndefined();
    expect(measureClockOffset('yesterday-ish', platform, platform)).toBeUndefined();
  });
});

describe('describeDuration', () => {
  it.each([
    [0, '0 seconds'],
    [400, '0 seconds'],
    [SECOND, '1 second'],
    [45 * SECOND, '45 seconds'],
    [MINUTE, '1 minute'],
    [7 * MINUTE + 12 * SECOND, '7 minutes 12 seconds'],
    [-(7 * MINUTE + 12 * SECOND), '7 minutes 12 seconds'],
    [2 * 60 * MINUTE + 5 * SECOND, '2 hours'],
    [60 * MINUTE + 30 * MINUTE, '1 hour 30 minutes'],
    [30 * 24 * 60 * MINUTE + 2 * 60 * MINUTE, '30 days 2 hours'],
    [24 * 60 * MINUTE + 59 * SECOND, '1 day'],
  ])('%i ms → %s', (ms, text) => {
    expect(describeDuration(ms)).toBe(text);
  });
});

describe('clockSkewError', () => {
  const refusal = new AppError('auth_failed', 'check the API key', {
    endpoint: 'check-floats',
    httpStatus: 401,
    platformCode: '434',
  });

  it('says how far and which way, keeping the details of the refusal', () => {
    const behind = clockSkewError(refusal, 7 * MINUTE + 12 * SECOND + 300);
    expect(behind.code).toBe('clock_skew');
    expect(behind.message).toBe(
      "This computer's clock is 7 minutes 12 seconds behind the platform's. Set the clock right (automatic time) and try again.",
    );
    expect(behind.details).toMatchObject({
      endpoint: 'check-floats',
      platformCode: '434',
      clockOffsetMs: 432_300,
    });
    expect(clockSkewError(refusal, -(30 * 24 * 60 * MINUTE)).message).toMatch(
      /^This computer's clock is 30 days ahead of the platform's\./,
    );
  });

  it("without a measured offset (or one within the header's second) it still says the clock, never the secret", () => {
    for (const offset of [undefined, 400, -1_999]) {
      const error = clockSkewError(refusal, offset);
      expect(error.code).toBe('clock_skew');
      expect(error.message).toMatch(/this computer's clock does not match its own\. Set the clock right/);
      expect(error.message).not.toMatch(/secret|API key/);
    }
    expect(clockSkewError(refusal, undefined).details).toMatchObject({ clockOffsetMs: null });
  });
});
