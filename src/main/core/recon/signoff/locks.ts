/**
 * The locks in force: every item of a sign-off with no unlock, by row, and the decisions (matches
 * and resolutions) they were settled by. Read once per ledger version, like load.ts's reading.
 */
import { dateText, moneyText, type FormatPreferences } from '../../../../shared/domain/formats';
import { AppError } from '../../../../shared/ipc/errors';
import type { Ledger } from '../../ledger/db';
import { ReconSignOffsRepository, type LockRow } from '../../ledger/repositories/recon-signoffs';
import type { Locks } from '../match/types';
import { CONTENT_ID_PREFIX } from '../statements/line-id';
import type { ReconLine, ReconWorld } from '../world';

export interface LockRef {
  signOffId: number;
  asOf: string;
}

export interface LockIndex {
  /** By bank_lines.id, transfer_requests.id and recon_decisions.id. */
  lines: ReadonlyMap<number, LockRef>;
  requests: ReadonlyMap<number, LockRef>;
  decisions: ReadonlyMap<number, LockRef>;
}

export const NO_LOCKS: LockIndex = { lines: new Map(), requests: new Map(), decisions: new Map() };

export function indexLocks(
  rows: readonly Pick<LockRow, 'signOffId' | 'asOf' | 'decisionId' | 'lineId' | 'requestId'>[],
): LockIndex {
  const lines = new Map<number, LockRef>();
  const requests = new Map<number, LockRef>();
  const decisions = new Map<number, LockRef>();
  for (const row of rows) {
    const ref = { signOffId: row.signOffId, asOf: row.asOf };
    if (!decisions.has(row.decisionId)) decisions.set(row.decisionId, ref);
    if (row.lineId !== null && !lines.has(row.lineId)) lines.set(row.lineId, ref);
    if (row.requestId !== null && !requests.has(row.requestId)) requests.set(row.requestId, ref);
  }
  return { lines, requests, decisions };
}

const cache = new WeakMap<Ledger, Map<number, { version: string; generation: string; index: LockIndex }>>();

/**
 * `version` is the ledger's version now (load.ts's ledgerVersion). A write that appended no sign-off
 * and no unlock (a run, a decision, a sync) keeps the very same index object, so results derived
 * from it (memo.ts) stay valid. `committed`: what this connection reads now is committed — outside
 * a transaction, or inside a read-only one (a write transaction's rows may yet be rolled back).
 */
export function locksInForce(
  db: Ledger,
  workspaceId: number,
  version: string,
  committed = !db.inTransaction,
): LockIndex {
  let byWorkspace = cache.get(db);
  if (byWorkspace === undefined) {
    byWorkspace = new Map();
    cache.set(db, byWorkspace);
  }
  const known = byWorkspace.get(workspaceId);
  if (known?.version === version) return known.index;
  const repository = new ReconSignOffsRepository(db);
  const generation = repository.lockGeneration(workspaceId);
  if (known?.generation === generation) {
    if (committed) byWorkspace.set(workspaceId, { version, generation, index: known.index });
    return known.index;
  }
  const index = indexLocks(repository.locksInForce(workspaceId));
  // Inside a write transaction the rows may yet be rolled back, and a rolled-back sign-off's id can
  // be taken again by another: only what is committed is kept.
  if (committed) byWorkspace.set(workspaceId, { version, generation, index });
  return index;
}

/** The locks as the matcher and match/states.ts read them: by bank id and payment reference. */
export function engineLocks(index: LockIndex, world: ReconWorld): Locks {
  if (index.lines.size === 0 && index.requests.size === 0) return {};
  return {
    lineIds: [...index.lines.keys()].flatMap((row) => world.lineByRow.get(row)?.key ?? []),
    requestReferences: [...index.requests.keys()].flatMap((row) => world.requestByRow.get(row)?.key ?? []),
  };
}

/** The refusal of a change to a locked item, naming the item and the sign-off. */
export function lockedError(
  kind: 'line' | 'request',
  id: string,
  lock: LockRef,
  format: FormatPreferences,
  line?: Pick<ReconLine, 'bookingDate' | 'amount' | 'currency'>,
): AppError {
  // A line whose id FloatDesk computed is named by its date and amount: people never saw that id.
  const item =
    kind === 'request'
      ? id
      : id.startsWith(CONTENT_ID_PREFIX) && line !== undefined
        ? `The bank line booked ${dateText(line.bookingDate, format)} for ${moneyText(line.amount, line.currency, format)}`
        : `Bank line ${id}`;
  return new AppError(
    'locked',
    `${item} is signed off (as of ${dateText(lock.asOf, format)}, sign-off ${lock.signOffId}). Unlock that sign-off first, with a reason.`,
    { item: kind, id, signOffId: lock.signOffId, asOf: lock.asOf },
  );
}

/** Throws `locked` for the first of these rows a sign-off in force locks. */
export function requireUnlocked(
  index: LockIndex,
  world: ReconWorld,
  rows: { lines: readonly number[]; requests: readonly number[] },
  format: FormatPreferences,
): void {
  for (const row of rows.requests) {
    const lock = index.requests.get(row);
    if (lock) throw lockedError('request', world.requestByRow.get(row)?.key ?? String(row), lock, format);
  }
  for (const row of rows.lines) {
    const lock = index.lines.get(row);
    const line = world.lineByRow.get(row);
    if (lock) throw lockedError('line', line?.key ?? String(row), lock, format, line);
  }
}
