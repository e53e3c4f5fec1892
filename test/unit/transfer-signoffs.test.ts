import { describe, expect, it } from 'vitest';
import type { LockedRequestRead } from '../../src/main/core/ledger/repositories/recon-signoffs';
import { SIGNOFF_STATE_KEYS, parseCursor } from '../../src/main/core/sync/transfer-signoff-plan';
import { rereadSignedOff, type SignedOffDeps } from '../../src/main/core/sync/transfer-signoffs';
import { TransferWalker } from '../../src/main/core/sync/transfer-walker';
import { dayNumber, dayText, type Lane } from '../../src/main/core/sync/transfer-windows';

interface Item {
  day: number;
  reference: string;
  status: string;
}

const CAP = 50;
const DAY = dayNumber('2026-10-01');
const now = new Date('2026-11-30T12:00:00.000Z');

/** A platform of `perDay` requests on each listed day, and the deps of a pass over `locked` days. */
function setup(perDay: ReadonlyMap<number, number>, locked: readonly number[], stopAtRead?: number) {
  const platform: Item[] = [...perDay].flatMap(([day, n]) =>
    Array.from({ length: n }, (_, i) => ({
      day,
      reference: `R${day}-${i}`,
      status: i % 2 ? 'approved' : 'removed',
    })),
  );
  const state: Record<string, string> = {};
  const calls: string[] = [];
  const committed: Item[][] = [];
  const fetch = async (from: number, to: number, lane: Lane): Promise<Item[]> => {
    calls.push(`${dayText(from)}..${dayText(to)}${lane.status ? ` ${lane.status}` : ''}`);
    return platform
      .filter((item) => item.day >= from && item.day <= to && (!lane.status || item.status === lane.status))
      .slice(0, CAP);
  };
  let reads = 0;
  const rows: LockedRequestRead[] = locked.map((day, i) => ({
    paymentReference: `R${day}-${i}`,
    createdAt: `${dayText(day)}T10:00:00+00:00`,
    createdUtc: `${dayText(day)}T10:00:00.000Z`,
    status: 'approved',
  }));
  const deps: SignedOffDeps<Item> = {
    cap: CAP,
    trigger: 'manual',
    maxAgeMs: 86_400_000,
    now: () => now,
    locked: () => rows,
    generation: () => '1:0',
    dayOf: (createdAt) => dayNumber(createdAt.slice(0, 10)),
    readState: () => ({ ...state }),
    writeState: (entries) => Object.assign(state, entries),
    walker: () =>
      new TransferWalker<Item>(
        {
          cap: CAP,
          describe: (item) => ({ day: item.day, status: item.status, float: 'F', currency: 'GBP' }),
          fetch,
          commit: (items) => void committed.push([...items]),
          checkpoint: () => {},
          incomplete: () => {},
        },
        { statuses: ['approved', 'removed'], floats: ['F'], currencies: ['GBP'] },
      ),
    ledgerCounts: (from, to) => new Map([...perDay].filter(([day]) => day >= from && day <= to)),
    fetch,
    lookup: async (reference) => {
      calls.push(`ref ${reference}`);
      return platform.filter((item) => item.reference === reference);
    },
    commit: (items, entries) => {
      committed.push([...items]);
      Object.assign(state, entries);
    },
    checkpoint: () => {
      if (stopAtRead !== undefined && reads++ === stopAtRead) throw new Error('cancelled');
    },
    progress: () => {},
  };
  return { deps, state, calls, committed };
}

describe('rereadSignedOff', () => {
  it('with no sign-off in force reads nothing and writes nothing', async () => {
    const { deps, state, calls } = setup(new Map([[DAY, 3]]), []);
    await rereadSignedOff(deps, DAY + 60);
    expect(calls).toEqual([]);
    expect(state).toEqual({});
  });

  it('reads the locked days in windows, a full day split by the walker, and records the pass', async () => {
    const perDay = new Map([
      [DAY, 5],
      [DAY + 1, 7],
      [DAY + 9, 80],
    ]);
    const locked = [DAY, DAY + 1, ...Array(7).fill(DAY + 9)];
    const { deps, state, calls, committed } = setup(perDay, locked);
    await rereadSignedOff(deps, DAY + 60);
    expect(calls).toEqual([
      '2026-10-01..2026-10-02',
      '2026-10-10..2026-10-10',
      '2026-10-10..2026-10-10 approved',
      '2026-10-10..2026-10-10 removed',
    ]);
    expect(committed.flat()).toHaveLength(12 + 80);
    expect(state).toEqual({
      [SIGNOFF_STATE_KEYS.doneAt]: now.toISOString(),
      [SIGNOFF_STATE_KEYS.cursor]: '',
    });
  });

  it('a cancelled pass keeps what it committed and resumes after it, as begun', async () => {
    const perDay = new Map([
      [DAY, 30],
      [DAY + 1, 30],
      [DAY + 2, 30],
    ]);
    const first = setup(perDay, [DAY, DAY + 1, DAY + 2], 1);
    await expect(rereadSignedOff(first.deps, DAY + 60)).rejects.toThrow('cancelled');
    expect(first.calls).toEqual(['2026-10-01..2026-10-01']);
    expect(first.state[SIGNOFF_STATE_KEYS.doneAt]).toBeUndefined();
    expect(parseCursor(first.state[SIGNOFF_STATE_KEYS.cursor])).toEqual({
      generation: '1:0',
      startedAt: now.toISOString(),
      through: DAY,
    });

    const again = setup(perDay, [DAY, DAY + 1, DAY + 2]);
    Object.assign(again.state, first.state);
    await rereadSignedOff({ ...again.deps, trigger: 'auto' }, DAY + 60);
    expect(again.calls).toEqual(['2026-10-02..2026-10-02', '2026-10-03..2026-10-03']);
    expect(again.state[SIGNOFF_STATE_KEYS.doneAt]).toBe(now.toISOString());
    expect(again.state[SIGNOFF_STATE_KEYS.cursor]).toBe('');
  });
});
