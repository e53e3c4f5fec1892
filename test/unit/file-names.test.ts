import { describe, expect, it } from 'vitest';
import { safeSegment } from '../../src/main/core/sync/file-names';

describe('safeSegment', () => {
  it('keeps plain lower-case slugs, names and versions as they are', () => {
    for (const value of ['acme', 'marks-and-spencer', 'standard', '2026-10-01', '2026-10-01.2', 'v3'])
      expect(safeSegment(value)).toBe(value);
  });

  it('turns anything else into one safe segment that cannot collide with another value', () => {
    const hostile = [
      '..',
      '.',
      '../etc/passwd',
      'a/b',
      'a\\b',
      'Acme',
      'ACME',
      'con',
      'nul.txt',
      'abc.',
      '',
      '\u0000x',
      'x'.repeat(300),
    ];
    const results = hostile.map(safeSegment);
    for (const result of results) {
      expect(result).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
      expect(result.length).toBeLessThanOrEqual(80);
      expect(result.endsWith('.')).toBe(false);
    }
    expect(new Set(results).size).toBe(hostile.length);
    expect(safeSegment('a/b')).not.toBe(safeSegment('a_b'));
  });
});
