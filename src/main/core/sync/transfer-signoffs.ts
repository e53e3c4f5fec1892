/**
 * The transfer sync's step that re-reads the requests locked by sign-offs in force, so that a
 * change the platform makes to a settled, signed-off request reaches the ledger (its history row
 * appended) and period close raises its drift alert (recon/signoff/drift.ts). When it runs and
 * what it reads: transfer-signoff-plan.ts. Each read is committed in its own transaction together
 * with the pass's cursor; the pass is recorded as done only once every read is committed. With no
 * sign-off in force it costs one query and nothing else.
 */
import { isoNow } from '../clock';
import { ReconSignOffsRepository, type LockedRequestRead } from '../ledger/repositories/recon-signoffs';
import { TransfersRepository } from '../ledger/repositories/transfers';
import { KnownCounts } from './transfer-density';
import {
  SIGNOFF_REREAD_MAX_AGE_MS,
  SIGNOFF_STATE_KEYS,
  cursorText,
  planSignedOffReads,
  signOffPass,
  type LockedDay,
} from './transfer-signoff-plan';
import type { TransferWalker } from './transfer-walker';
import type { Lane } from './transfer-windows';
import type { SyncContext } from './types';

export interface SignedOffDeps<T> {
  cap: number;
  trigger: string | undefined;
  maxAgeMs: number;
  now(): Date;
  /** The locked requests (one query) and which locks are in force (their generation). */
  locked(): readonly LockedRequestRead[];
  generation(): string;
  /** The platform day (day number) of a created_at as sent. */
  dayOf(createdAt: string): number;
  readState(): Readonly<Record<string, string>>;
  writeState(entries: Readonly<Record<string, string>>): void;
  /** A walker that reports nothing incomplete (the days it reads were covered before). */
  walker(): TransferWalker<T>;
  ledgerCounts(from: number, to: number): Map<number, number>;
  fetch(from: number, to: number, lane: Lane): Promise<T[]>;
  lookup(reference: string): Promise<T[]>;
  /** One transaction: the items upserted (history appended on change) and the state entries. */
  commit(items: readonly T[], state: Readonly<Record<string, string>>): void;
  checkpoint(): void;
  progress(done: number, total: number): void;
}

/** What the transfer run supplies: its reads and commits; the rest comes from the sync context. */
export type SignedOffParts<T> = Pick<
  SignedOffDeps<T>,
  'cap' | 'dayOf' | 'walker' | 'ledgerCounts' | 'fetch' | 'lookup' | 'commit' | 'checkpoint'
>;

export function signedOffDeps<T>(
  context: SyncContext,
  parts: SignedOffParts<T>,
  maxAgeMs = SIGNOFF_REREAD_MAX_AGE_MS,
): SignedOffDeps<T> {
  const signOffs = new ReconSignOffsRepository(context.db);
  const transfers = new TransfersRepository(context.db);
  const ws = context.workspaceId;
  return {
    ...parts,
    maxAgeMs,
    trigger: context.trigger,
    now: () => context.clock(),
    locked: () => signOffs.lockedRequestsToReread(ws),
    generation: () => signOffs.lockGeneration(ws),
    readState: () => transfers.readState(ws),
    writeState: (entries) => transfers.writeState(ws, entries, isoNow(context.clock)),
    progress: (done, total) => context.progress({ phase: 'signed-off', done, total }),
  };
}

function held(counts: ReadonlyMap<number, number>, from: number, to: number): number {
  let total = 0;
  for (let day = from; day <= to; day++) total += counts.get(day) ?? 0;
  return total;
}

/** Re-reads the signed-off requests created before day `before` when a pass is due. */
export async function rereadSignedOff<T>(deps: SignedOffDeps<T>, before: number): Promise<void> {
  const rows = deps.locked();
  if (rows.length === 0) return;
  const generation = deps.generation();
  const state = deps.readState();
  const pass = signOffPass({
    trigger: deps.trigger,
    state,
    generation,
    now: deps.now(),
    maxAgeMs: deps.maxAgeMs,
  });
  if (!pass.due) return;
  const locked: LockedDay[] = rows.map((row) => ({
    day: deps.dayOf(row.createdAt),
    reference: row.paymentReference,
    status: row.status,
  }));
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const { day } of locked) [first, last] = [Math.min(first, day), Math.max(last, day)];
  const counts = deps.ledgerCounts(first, last);
  const reads = planSignedOffReads(locked, { after: pass.after, before }, counts, deps.cap);
  let walker: TransferWalker<T> | undefined;
  const cursor = (through: number): Record<string, string> => ({
    [SIGNOFF_STATE_KEYS.cursor]: cursorText({ generation, startedAt: pass.startedAt, through }),
  });
  for (const [index, read] of reads.entries()) {
    deps.checkpoint();
    deps.progress(index, reads.length);
    const entries = read.through === undefined ? {} : cursor(read.through);
    if (read.kind === 'reference') {
      deps.commit(await deps.lookup(read.reference), entries);
      continue;
    }
    if (held(counts, read.from, read.to) < deps.cap - 1) {
      const items = await deps.fetch(read.from, read.to, {});
      if (items.length < deps.cap) {
        deps.commit(items, entries);
        continue;
      }
    }
    // A day the ledger knows to be full, or a window answered at the cap: through the walker
    // (shorter windows, a full day split by filters), committing as it goes.
    await (walker ??= deps.walker()).walk(read.from, read.to, {}, new KnownCounts(counts));
    deps.commit([], entries);
  }
  deps.progress(reads.length, reads.length);
  deps.writeState({ [SIGNOFF_STATE_KEYS.doneAt]: pass.startedAt, [SIGNOFF_STATE_KEYS.cursor]: '' });
}
