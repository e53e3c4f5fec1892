import { describe, expect, it } from 'vitest';
import {
  SIGNOFF_STATE_KEYS,
  cursorText,
  parseCursor,
  planSignedOffReads,
  signOffPass,
  startedByPerson,
  type LockedDay,
} from '../../src/main/core/sync/transfer-signoff-plan';

const HOUR = 3_600_000;
const DAY_AGE = 24 * HOUR;
const now = new Date('2026-11-30T12:00:00.000Z');
const ago = (ms: number): string => new Date(now.getTime() - ms).toISOString();
const pass = (trigger: string | undefined, state: Record<string, string>, generation = '1:0') =>
  signOffPass({ trigger, state, generation, now, maxAgeMs: DAY_AGE });

describe('when the signed-off requests are re-read', () => {
  it('on every sync a person starts, whatever the last pass', () => {
    expect(startedByPerson('manual')).toBe(true);
    expect(startedByPerson('cli')).toBe(true);
    for (const trigger of ['auto', 'startup', 'demo', undefined])
      expect(startedByPerson(trigger)).toBe(false);
    const fresh = { [SIGNOFF_STATE_KEYS.doneAt]: ago(HOUR) };
    expect(pass('manual', fresh)).toEqual({
      due: true,
      startedAt: now.toISOString(),
      after: Number.NEGATIVE_INFINITY,
    });
    expect(pass('cli', fresh)).toMatchObject({ due: true });
  });

  it('on automatic syncs only once the last complete pass is 24 h old, or unknown', () => {
    expect(pass('auto', { [SIGNOFF_STATE_KEYS.doneAt]: ago(DAY_AGE - 1) })).toEqual({ due: false });
    expect(pass('auto', { [SIGNOFF_STATE_KEYS.doneAt]: ago(DAY_AGE) })).toMatchObject({ due: true });
    expect(pass('startup', {})).toMatchObject({ due: true });
    expect(pass(undefined, { [SIGNOFF_STATE_KEYS.doneAt]: 'garbage' })).toMatchObject({ due: true });
  });

  it('a pass under way resumes after its cursor, on the same locks and within 24 h', () => {
    const cursor = (generation: string, startedAt: string) =>
      cursorText({ generation, startedAt, through: 20_000 });
    const fresh = { [SIGNOFF_STATE_KEYS.doneAt]: ago(HOUR) };
    expect(pass('auto', { ...fresh, [SIGNOFF_STATE_KEYS.cursor]: cursor('1:0', ago(HOUR)) })).toEqual({
      due: true,
      startedAt: ago(HOUR),
      after: 20_000,
    });
    // Other locks (a new sign-off or an unlock since): start again.
    expect(pass('manual', { [SIGNOFF_STATE_KEYS.cursor]: cursor('2:0', ago(HOUR)) })).toMatchObject({
      after: Number.NEGATIVE_INFINITY,
      startedAt: now.toISOString(),
    });
    // Too old to resume: a new pass when one is due, none otherwise.
    expect(pass('auto', { ...fresh, [SIGNOFF_STATE_KEYS.cursor]: cursor('1:0', ago(DAY_AGE)) })).toEqual({
      due: false,
    });
    expect(parseCursor('')).toBeUndefined();
    expect(parseCursor('{"generation":"1:0","startedAt":"x","through":1.5}')).toBeUndefined();
    expect(parseCursor('not json')).toBeUndefined();
  });
});

describe('planSignedOffReads', () => {
  const row = (day: number, reference: string, status = 'approved'): LockedDay => ({
    day,
    reference,
    status,
  });
  const all = { after: Number.NEGATIVE_INFINITY, before: Number.POSITIVE_INFINITY };

  it('reads consecutive days in one window while the ledger says they hold fewer than the cap', () => {
    const counts = new Map([
      [100, 10],
      [101, 12],
      [102, 5],
      [103, 30],
      [104, 3],
    ]);
    const reads = planSignedOffReads([row(100, 'A'), row(102, 'B'), row(104, 'C')], all, counts, 50);
    expect(reads).toEqual([
      { kind: 'window', from: 100, to: 102, through: 102 },
      { kind: 'window', from: 104, to: 104, through: 104 },
    ]);
  });

  it('looks a request up by reference on a full day; many on one full day: the day, split by the walker', () => {
    const many = Array.from({ length: 7 }, (_, i) => row(201, `M${i}`));
    const reads = planSignedOffReads(
      [row(200, 'A'), row(200, 'B'), ...many],
      all,
      new Map([
        [200, 80],
        [201, 120],
      ]),
      50,
    );
    expect(reads).toEqual([
      { kind: 'reference', reference: 'A' },
      { kind: 'reference', reference: 'B', through: 200 },
      { kind: 'window', from: 201, to: 201, through: 201 },
    ]);
  });

  it('skips the days read anyway (recent days, open requests) and those a cancelled pass read', () => {
    const locked = [row(10, 'A'), row(11, 'B'), row(12, 'C', 'pending'), row(13, 'D'), row(20, 'E')];
    const counts = new Map([...Array(11).keys()].map((i) => [10 + i, 1]));
    expect(planSignedOffReads(locked, { after: 10, before: 20 }, counts, 50)).toEqual([
      { kind: 'window', from: 11, to: 13, through: 13 },
    ]);
    expect(planSignedOffReads([], all, new Map(), 50)).toEqual([]);
  });
});
