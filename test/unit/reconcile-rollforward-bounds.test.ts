import { describe, expect, it } from 'vitest';
import {
  BOUND_TOLERANCE_DAYS,
  BOUND_TOLERANCE_MS,
  snapshotAtBound,
} from '../../src/main/core/recon/rollforward/bounds';
import { rollForward } from '../../src/main/core/recon/rollforward/rollforward';
import type { SnapshotInput } from '../../src/main/core/recon/rollforward/types';

const HOUR = 3_600_000;
const BOUND = Date.UTC(2026, 10, 1);
const points = (...offsetsMs: number[]) => offsetsMs.map((offset) => ({ atMs: BOUND + offset }));

describe('the balance at a bound', () => {
  it('takes a snapshot exactly at the bound', () => {
    expect(snapshotAtBound(points(-5 * HOUR, 0, 5 * HOUR), BOUND)).toBe(1);
  });

  it('takes the last one before the bound, else the first after it, within the tolerance', () => {
    expect(snapshotAtBound(points(-50 * HOUR, -2 * HOUR, 1 * HOUR), BOUND)).toBe(1);
    expect(snapshotAtBound(points(-100 * HOUR, 30 * HOUR, 40 * HOUR), BOUND)).toBe(1);
    expect(snapshotAtBound(points(-BOUND_TOLERANCE_MS), BOUND)).toBe(0);
    expect(snapshotAtBound(points(BOUND_TOLERANCE_MS), BOUND)).toBe(0);
  });

  it('takes none further away than the tolerance, nor from an empty list', () => {
    expect(BOUND_TOLERANCE_DAYS).toBe(3);
    expect(snapshotAtBound(points(-BOUND_TOLERANCE_MS - 1, BOUND_TOLERANCE_MS + 1), BOUND)).toBeUndefined();
    expect(snapshotAtBound([], BOUND)).toBeUndefined();
  });
});

const snap = (id: number, recordedAt: string, available: string): SnapshotInput => ({
  snapshotId: id,
  recordedAt,
  platformRefreshedAt: null,
  available,
  syncRunId: id,
});
const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };

describe('roll-forward bounds', () => {
  it('uses the nearest snapshots within the tolerance and says how far each lies from its bound', () => {
    const report = rollForward({
      period: NOVEMBER,
      floats: [
        {
          currency: 'GBP',
          name: 'Main',
          snapshots: [
            snap(1, '2026-10-20T06:00:00.000Z', '900.00'),
            snap(2, '2026-10-29T06:00:00.000Z', '1000.00'),
            snap(3, '2026-11-15T06:00:00.000Z', '800.00'),
            snap(4, '2026-12-02T06:00:00.000Z', '700.00'),
          ],
        },
      ],
      approvals: [],
    });
    const [float] = report.floats;
    expect(float!.opening).toMatchObject({
      available: { amount: '1000.00' },
      basis: { kind: 'snapshot', recordedAt: '2026-10-29T06:00:00.000Z', offsetMs: -(2 * 24 + 18) * HOUR },
    });
    // No snapshot at or before Dec 1 within 3 days: the first one after it.
    expect(float!.closing).toMatchObject({
      available: { amount: '700.00' },
      basis: { kind: 'snapshot', offsetMs: 30 * HOUR },
    });
    expect(float!.spend!.amount.amount).toBe('300.00');
    expect(report.flags).toEqual([]);
  });

  it('prefers an entered opening balance to any snapshot, at either bound, and labels it', () => {
    const entered = (asOf: string, amount: string, entryId: number) => ({
      currency: 'GBP',
      float: 'Main',
      entryId,
      asOf,
      amount,
      note: 'platform statement',
      enteredAt: '2026-11-27T10:00:00.000Z',
    });
    const report = rollForward({
      period: NOVEMBER,
      floats: [{ currency: 'GBP', name: 'Main', snapshots: [snap(1, '2026-11-01T00:00:00.000Z', '1.00')] }],
      approvals: [],
      entered: [
        entered('2026-11-01', '5000.00', 7),
        entered('2026-12-01', '4200.00', 8),
        entered('2026-11-15', '1.00', 9),
      ],
    });
    const [float] = report.floats;
    expect(float!.opening).toEqual({
      snapshot: null,
      basis: {
        kind: 'entered',
        entryId: 7,
        asOf: '2026-11-01',
        note: 'platform statement',
        enteredAt: '2026-11-27T10:00:00.000Z',
      },
      available: { amount: '5000.00', currency: 'GBP' },
    });
    expect(float!.closing).toMatchObject({ snapshot: null, basis: { kind: 'entered', entryId: 8 } });
    expect(float!.spend!.amount.amount).toBe('800.00');
    expect(float!.difference!.amount).toBe('0.00');
  });

  it('shows a float with only an entered opening balance and says its closing one is missing', () => {
    const report = rollForward({
      period: NOVEMBER,
      floats: [],
      approvals: [],
      entered: [
        {
          currency: 'EUR',
          float: 'Euro',
          entryId: 1,
          asOf: '2026-11-01',
          amount: '10.00',
          note: '',
          enteredAt: '2026-11-27T10:00:00.000Z',
        },
      ],
    });
    expect(report.floats[0]).toMatchObject({
      float: 'Euro',
      opening: { available: { amount: '10.00' } },
      closing: null,
    });
    expect(report.flags).toEqual([
      expect.objectContaining({
        kind: 'no_closing_snapshot',
        toleranceDays: 3,
        periodEndsAt: '2026-12-01T00:00:00.000Z',
      }),
    ]);
  });
});
