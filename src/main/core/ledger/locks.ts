import { hostname as osHostname } from 'node:os';
import { AppError } from '../../../shared/ipc/errors';
import { systemClock, type Clock } from '../clock';
import type { Ledger } from './db';
import { translateSqliteError } from './storage-errors';
import { LocksRepository, type LockIdentity, type LockRecord } from './repositories/locks';

export type { LockRecord } from './repositories/locks';

/** The lock a sync holds for its whole run: two syncs at once on one workspace are refused. */
export const SYNC_LOCK = 'sync';
/** The lock a statement import holds for its whole run: one import at a time per workspace. */
export const IMPORT_LOCK = 'statement-import';
/** A holder whose heartbeat is older than this is presumed hung or gone and may be taken over. */
export const LOCK_STALE_AFTER_MS = 120_000;
/** How often a holder refreshes its heartbeat (well inside LOCK_STALE_AFTER_MS). */
export const LOCK_HEARTBEAT_MS = 15_000;

/** What a process is doing while it holds a lock, for the refusal message. */
const ACTIVITY: Record<string, string> = {
  [SYNC_LOCK]: 'syncing this workspace',
  [IMPORT_LOCK]: 'importing a bank statement into this workspace',
};

export interface LockContext {
  now: Date;
  /** Default LOCK_STALE_AFTER_MS. */
  staleAfterMs?: number;
  /** This machine's name; default os.hostname(). */
  hostname?: string;
  /** Whether a process on this machine still runs; default process.kill(pid, 0). */
  isProcessAlive?: (pid: number) => boolean;
}

export interface AcquireLockOptions extends LockContext {
  /** Who takes the lock, shown to whoever is refused: 'cli', 'app', ... */
  owner: string;
  /** Default process.pid. */
  pid?: number;
}

export interface AcquiredLock {
  record: LockRecord;
  /** The stale holder this acquisition replaced, if any (worth a line in the log). */
  replacedStale?: LockRecord;
}

export interface LockOwnerOptions {
  owner: string;
  pid?: number;
  hostname?: string;
}

/** process.kill(pid, 0) sends nothing; it fails with ESRCH when no such process exists. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function identity(options: LockOwnerOptions): LockIdentity {
  return {
    owner: options.owner,
    pid: options.pid ?? process.pid,
    hostname: options.hostname ?? osHostname(),
  };
}

/** Stale: the holder's process on this machine is gone, or its heartbeat is too old. */
export function isStale(holder: LockRecord, context: LockContext): boolean {
  const here = context.hostname ?? osHostname();
  const alive = context.isProcessAlive ?? isProcessAlive;
  if (holder.hostname === here && !alive(holder.pid)) return true;
  const beat = Date.parse(holder.heartbeatAt);
  const staleAfterMs = context.staleAfterMs ?? LOCK_STALE_AFTER_MS;
  return Number.isNaN(beat) || context.now.getTime() - beat > staleAfterMs;
}

function clockTime(iso: string, now: Date): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const pad = (n: number): string => String(n).padStart(2, '0');
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${time}`;
}

/** The refusal a person sees, naming who holds the lock since when. */
export function lockBusyError(holder: LockRecord, context: LockContext, path: string): AppError {
  const here = context.hostname ?? osHostname();
  const host = holder.hostname === here ? '' : ` on ${holder.hostname}`;
  const who = `${holder.name} started by ${holder.owner}${host}, pid ${holder.pid}, at ${clockTime(holder.acquiredAt, context.now)}`;
  const activity = ACTIVITY[holder.name] ?? `holding the "${holder.name}" lock on this workspace`;
  const wait = holder.name === SYNC_LOCK ? 'Wait for it to finish.' : 'Wait for it to finish and try again.';
  return new AppError('ledger_busy', `Another FloatDesk (${who}) is already ${activity}. ${wait}`, {
    lock: holder,
    path,
  });
}

function translated<T>(db: Ledger, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw translateSqliteError(error, db.name);
  }
}

/**
 * Takes the named lock in one IMMEDIATE transaction: free or stale → it is ours; held by a live
 * holder → AppError('ledger_busy') naming the holder, and nothing is written.
 */
export function acquireLock(db: Ledger, name: string, options: AcquireLockOptions): AcquiredLock {
  const who = identity(options);
  const at = options.now.toISOString();
  const record: LockRecord = { name, ...who, acquiredAt: at, heartbeatAt: at };
  const context: LockContext = { ...options, hostname: who.hostname };
  return translated(db, () =>
    db
      .transaction((): AcquiredLock => {
        const locks = new LocksRepository(db);
        const holder = locks.find(name);
        if (holder && !isStale(holder, context)) throw lockBusyError(holder, context, db.name);
        locks.put(record);
        return holder ? { record, replacedStale: holder } : { record };
      })
      .immediate(),
  );
}

/** Refreshes the holder's heartbeat; false when `options.owner` no longer holds the lock. */
export function heartbeat(db: Ledger, name: string, options: LockOwnerOptions & { now: Date }): boolean {
  return translated(db, () =>
    new LocksRepository(db).touch(name, identity(options), options.now.toISOString()),
  );
}

/** Releases the lock if (and only if) `options.owner` in this process holds it. */
export function releaseLock(db: Ledger, name: string, options: LockOwnerOptions): boolean {
  return translated(db, () => new LocksRepository(db).remove(name, identity(options)));
}

/** The live holder of a lock, without taking it; undefined when free, stale or the table is absent. */
export function findLiveHolder(db: Ledger, name: string, context: LockContext): LockRecord | undefined {
  return translated(db, () => {
    const locks = new LocksRepository(db);
    if (!locks.exists()) return undefined;
    const holder = locks.find(name);
    return holder && !isStale(holder, context) ? holder : undefined;
  });
}

export interface WithLockOptions extends Omit<AcquireLockOptions, 'now'> {
  clock?: Clock;
  /** Default LOCK_HEARTBEAT_MS. */
  heartbeatMs?: number;
  /**
   * A heartbeat or the final release failed (the ledger busy, say). A missed heartbeat is retried
   * on the next tick; a lock left behind turns stale once this process ends.
   */
  onLockError?: (error: unknown) => void;
}

export interface HeldLock {
  readonly record: LockRecord;
  /** True once a heartbeat found the lock taken over by someone else (we were presumed stale). */
  lost(): boolean;
  /** Stops the heartbeat and releases the lock (once; later calls do nothing). */
  release(): void;
}

/**
 * Takes the lock (or throws ledger_busy) and keeps its heartbeat fresh on a timer until
 * `release()`. Heartbeats run between transactions, on the event loop, never inside one.
 */
export function holdLock(db: Ledger, name: string, options: WithLockOptions): HeldLock {
  const clock = options.clock ?? systemClock;
  const { record } = acquireLock(db, name, { ...options, now: clock() });
  let lost = false;
  let released = false;
  const timer = setInterval(() => {
    if (!db.open || lost || released) return;
    try {
      lost = !heartbeat(db, name, { ...record, now: clock() });
    } catch (error) {
      options.onLockError?.(error);
    }
  }, options.heartbeatMs ?? LOCK_HEARTBEAT_MS);
  timer.unref();
  return {
    record,
    lost: () => lost,
    release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      try {
        if (db.open) releaseLock(db, name, record);
      } catch (error) {
        options.onLockError?.(error);
      }
    },
  };
}

/** Holds the lock while `run` runs (see holdLock) and releases it after, whatever the outcome. */
export async function withLock<T>(
  db: Ledger,
  name: string,
  options: WithLockOptions,
  run: (lock: HeldLock) => Promise<T>,
): Promise<T> {
  const lock = holdLock(db, name, options);
  try {
    return await run(lock);
  } finally {
    lock.release();
  }
}
