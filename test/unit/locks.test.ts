import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ledger } from '../../src/main/core/ledger/db';
import {
  LOCK_STALE_AFTER_MS,
  SYNC_LOCK,
  acquireLock,
  findLiveHolder,
  heartbeat,
  holdLock,
  isProcessAlive,
  releaseLock,
  withLock,
  type LockRecord,
} from '../../src/main/core/ledger/locks';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { thrownAppError } from '../helpers/app-error';

let db: Ledger;
let now: Date;
const alive = new Set<number>();
const HOST = 'desk-1';
// Local time, so the "at 10:02" in messages does not depend on the machine's time zone.
const START = new Date(2026, 10, 22, 10, 2, 30);

const here = { hostname: HOST, isProcessAlive: (pid: number) => alive.has(pid) };
const cli = { ...here, owner: 'cli', pid: 1234 };
const app = { ...here, owner: 'app', pid: 5678 };
const advance = (ms: number): void => void (now = new Date(now.getTime() + ms));
const rows = (): LockRecord[] => db.prepare<[], LockRecord>('SELECT * FROM locks').all();

beforeEach(() => {
  db = new Database(':memory:');
  migrate(db, MIGRATIONS);
  now = START;
  alive.clear();
  alive.add(1234).add(5678);
});
afterEach(() => {
  vi.useRealTimers();
  db.close();
});

describe('acquireLock', () => {
  it('takes a free lock and records who holds it since when', () => {
    const { record, replacedStale } = acquireLock(db, SYNC_LOCK, { ...cli, now });
    expect(replacedStale).toBeUndefined();
    expect(record).toEqual({
      name: 'sync',
      owner: 'cli',
      pid: 1234,
      hostname: HOST,
      acquiredAt: START.toISOString(),
      heartbeatAt: START.toISOString(),
    });
    expect(findLiveHolder(db, SYNC_LOCK, { ...here, now })).toEqual(record);
  });

  it('refuses a second sync while the first holder lives, naming it, and writes nothing', () => {
    acquireLock(db, SYNC_LOCK, { ...cli, now });
    const before = db.prepare('SELECT * FROM locks').all();
    advance(30_000);
    const error = thrownAppError(() => acquireLock(db, SYNC_LOCK, { ...app, now }));
    expect(error.code).toBe('ledger_busy');
    expect(error.message).toBe(
      'Another FloatDesk (sync started by cli, pid 1234, at 10:02) is already syncing this workspace. Wait for it to finish.',
    );
    expect(error.details).toMatchObject({ lock: { pid: 1234, owner: 'cli' } });
    expect(db.prepare('SELECT * FROM locks').all()).toEqual(before);
  });

  it('refuses the same process too: one sync at a time, whoever asks', () => {
    acquireLock(db, SYNC_LOCK, { ...cli, now });
    expect(thrownAppError(() => acquireLock(db, SYNC_LOCK, { ...cli, now })).code).toBe('ledger_busy');
  });

  it('takes over from a holder on this machine whose process is gone', () => {
    acquireLock(db, SYNC_LOCK, { ...cli, now });
    alive.delete(1234);
    advance(1000);
    const { record, replacedStale } = acquireLock(db, SYNC_LOCK, { ...app, now });
    expect(replacedStale).toMatchObject({ owner: 'cli', pid: 1234 });
    expect(rows()).toEqual([
      expect.objectContaining({ owner: 'app', pid: 5678, acquired_at: record.acquiredAt }),
    ]);
  });

  it('cannot see processes on another machine: waits for their heartbeat to go stale', () => {
    acquireLock(db, SYNC_LOCK, { ...cli, hostname: 'desk-2', now });
    advance(LOCK_STALE_AFTER_MS);
    const error = thrownAppError(() => acquireLock(db, SYNC_LOCK, { ...app, now }));
    expect(error.message).toMatch(/sync started by cli on desk-2, pid 1234, at 10:02/);
    advance(1);
    expect(acquireLock(db, SYNC_LOCK, { ...app, now }).replacedStale).toMatchObject({ hostname: 'desk-2' });
  });

  it('treats a live holder whose heartbeat is too old as hung, with its own stale limit', () => {
    acquireLock(db, SYNC_LOCK, { ...cli, now });
    advance(10_001);
    expect(acquireLock(db, SYNC_LOCK, { ...app, now, staleAfterMs: 10_000 }).replacedStale?.pid).toBe(1234);
  });

  it('names the day as well when the holder started on another day, and names other locks plainly', () => {
    acquireLock(db, 'export', { ...cli, now });
    advance(24 * 3600_000);
    const error = thrownAppError(() =>
      acquireLock(db, 'export', { ...app, now, staleAfterMs: 48 * 3600_000 }),
    );
    expect(error.message).toBe(
      'Another FloatDesk (export started by cli, pid 1234, at 2026-11-22 10:02) is already holding the "export" lock on this workspace. Wait for it to finish and try again.',
    );
  });
});

describe('heartbeat and release', () => {
  it('a heartbeat keeps a long sync from going stale; only the holder can send it', () => {
    acquireLock(db, SYNC_LOCK, { ...cli, hostname: 'desk-2', now });
    for (let i = 0; i < 10; i++) {
      advance(LOCK_STALE_AFTER_MS / 2);
      expect(heartbeat(db, SYNC_LOCK, { ...cli, hostname: 'desk-2', now })).toBe(true);
    }
    expect(heartbeat(db, SYNC_LOCK, { ...app, now })).toBe(false);
    expect(thrownAppError(() => acquireLock(db, SYNC_LOCK, { ...app, now })).code).toBe('ledger_busy');
    expect(rows()[0]).toMatchObject({ heartbeat_at: now.toISOString(), acquired_at: START.toISOString() });
  });

  it('is released only by its owner in its own process', () => {
    acquireLock(db, SYNC_LOCK, { ...cli, now });
    expect(releaseLock(db, SYNC_LOCK, app)).toBe(false);
    expect(releaseLock(db, SYNC_LOCK, { ...cli, pid: 999 })).toBe(false);
    expect(rows()).toHaveLength(1);
    expect(releaseLock(db, SYNC_LOCK, cli)).toBe(true);
    expect(rows()).toEqual([]);
    expect(releaseLock(db, SYNC_LOCK, cli)).toBe(false);
    expect(acquireLock(db, SYNC_LOCK, { ...app, now }).record.owner).toBe('app');
  });

  it('a holder that lost its lock to a takeover learns it from the heartbeat', () => {
    acquireLock(db, SYNC_LOCK, { ...cli, now });
    advance(LOCK_STALE_AFTER_MS + 1);
    acquireLock(db, SYNC_LOCK, { ...app, now });
    expect(heartbeat(db, SYNC_LOCK, { ...cli, now })).toBe(false);
    expect(releaseLock(db, SYNC_LOCK, cli)).toBe(false);
    expect(findLiveHolder(db, SYNC_LOCK, { ...here, now })?.owner).toBe('app');
  });
});

describe('withLock', () => {
  it('holds the lock while the work runs, beats on a timer, and releases it even on failure', async () => {
    vi.useFakeTimers();
    alive.add(process.pid);
    const clock = (): Date => now;
    const options = { ...here, owner: 'cli', clock, heartbeatMs: 15_000 };
    const result = await withLock(db, SYNC_LOCK, options, async (lock) => {
      expect(thrownAppError(() => acquireLock(db, SYNC_LOCK, { ...app, now })).code).toBe('ledger_busy');
      advance(15_000);
      await vi.advanceTimersByTimeAsync(15_000);
      expect(rows()[0]).toMatchObject({ pid: process.pid, heartbeat_at: now.toISOString() });
      expect(lock.lost()).toBe(false);
      return 42;
    });
    expect(result).toBe(42);
    expect(rows()).toEqual([]);
    await expect(
      withLock(db, SYNC_LOCK, options, () => Promise.reject(new Error('page 3 failed'))),
    ).rejects.toThrow('page 3 failed');
    expect(rows()).toEqual([]);
  });
});

describe('holdLock', () => {
  it('learns on its next heartbeat that it was taken over, and its release leaves the new holder be', async () => {
    vi.useFakeTimers();
    alive.add(process.pid);
    const lock = holdLock(db, SYNC_LOCK, { ...here, owner: 'app', clock: () => now, heartbeatMs: 1000 });
    advance(LOCK_STALE_AFTER_MS + 1); // this process stalled: no heartbeat for too long
    acquireLock(db, SYNC_LOCK, { ...cli, now });
    await vi.advanceTimersByTimeAsync(1000);
    expect(lock.lost()).toBe(true);
    lock.release();
    lock.release();
    expect(rows()).toEqual([expect.objectContaining({ owner: 'cli', pid: 1234 })]);
  });
});

describe('isProcessAlive', () => {
  it('knows this process lives and a finished one does not', () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(2 ** 22 + 12345)).toBe(false);
  });
});
