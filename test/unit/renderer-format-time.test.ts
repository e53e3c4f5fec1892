import { describe, expect, it } from 'vitest';
import { formatExactTime, formatRelativeTime } from '../../src/renderer/src/lib/format-time';

const now = Date.parse('2025-03-12T14:00:00Z');

describe('formatRelativeTime', () => {
  it('describes the distance from now', () => {
    expect(formatRelativeTime('2025-03-12T13:59:50Z', now, 'en-GB')).toBe('just now');
    expect(formatRelativeTime('2025-03-12T13:55:00+00:00', now, 'en-GB')).toBe('5 minutes ago');
    expect(formatRelativeTime('2025-03-12T15:00:00+01:00', now, 'en-GB')).toBe('just now');
    expect(formatRelativeTime('2025-03-12T11:00:00Z', now, 'en-GB')).toBe('3 hours ago');
    expect(formatRelativeTime('2025-03-11T14:00:00Z', now, 'en-GB')).toBe('yesterday');
    expect(formatRelativeTime('2025-03-12T16:00:00Z', now, 'en-GB')).toBe('in 2 hours');
  });

  it('returns the string as sent when it cannot be read', () => {
    expect(formatRelativeTime('not a time', now, 'en-GB')).toBe('not a time');
  });
});

describe('formatExactTime', () => {
  it('shows the moment in the given zone, naming the zone', () => {
    expect(formatExactTime('2025-03-12T14:03:22+00:00', 'en-GB', 'UTC')).toBe('12 Mar 2025, 14:03:22 UTC');
    expect(formatExactTime('2025-03-12T14:03:22+01:00', 'en-GB', 'UTC')).toBe('12 Mar 2025, 13:03:22 UTC');
  });
});
