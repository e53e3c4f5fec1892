/**
 * Team change ids are UUIDs of version 7: the text form every side expects, unique, and in the
 * order they were made (so indexes of change ids are written at their end, not all over).
 */
import { describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../src/main/core/ledger/time-ordered-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('time-ordered change ids', () => {
  it('are UUIDs of version 7 carrying the time they were made', () => {
    const at = Date.UTC(2026, 10, 29, 1, 45, 0, 123);
    const id = timeOrderedId(at);
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    expect(timeOrderedId(0).slice(0, 13)).toBe('00000000-0000');
    expect(timeOrderedId(2 ** 48 - 1).slice(0, 13)).toBe('ffffffff-ffff');
  });

  it('are unique, and later ones sort after earlier ones', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => timeOrderedId(1_700_000_000_000 + i));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    const same = Array.from({ length: 2000 }, () => timeOrderedId(1_700_000_000_000));
    expect(new Set(same).size).toBe(same.length);
    for (const id of same) expect(id).toMatch(UUID_V7);
  });
});
