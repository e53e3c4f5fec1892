/**
 * Re-reading the requests that are not final yet, older than the recent days. For each open status
 * the platform knows, one walk with that status filter lists every request still in it: a few
 * windows, since the ledger knows on which days they lie. The ones missing from those complete
 * answers have changed; they are read again by their day's window or by payment reference,
 * whichever is cheaper (transfer-open.ts).
 */
import { TRANSFER_STATUSES } from '../../../shared/domain/platform';
import { KnownCounts } from './transfer-density';
import { planOpenReads } from './transfer-open';
import type { TransferWalker } from './transfer-walker';
import type { Lane } from './transfer-windows';

export interface OpenRow {
  day: number;
  reference: string;
  /** reference@created_utc, as `identity` gives it for an item read. */
  identity: string;
  status: string;
}

export interface RereadDeps<T> {
  cap: number;
  /** A walker whose commits add the identities they hold to `seen`, and that reports nothing incomplete. */
  walker(seen: Set<string>): TransferWalker<T>;
  identity(item: T): string;
  /** Requests per day in the ledger, days from..to. */
  ledgerCounts(from: number, to: number): Map<number, number>;
  fetch(from: number, to: number, lane: Lane): Promise<T[]>;
  lookup(reference: string): Promise<T[]>;
  commit(items: readonly T[]): void;
  checkpoint(): void;
  progress(done: number, total: number): void;
}

export async function rereadOpen<T>(
  deps: RereadDeps<T>,
  open: readonly OpenRow[],
  before: number,
): Promise<void> {
  const seen = new Set<string>();
  const walker = deps.walker(seen);
  const listable = [...new Set(open.map((row) => row.status))].filter((status) =>
    (TRANSFER_STATUSES as readonly string[]).includes(status),
  );
  let step = 0;
  for (const status of listable) {
    const counts = new Map<number, number>();
    for (const row of open) if (row.status === status) counts.set(row.day, (counts.get(row.day) ?? 0) + 1);
    deps.progress(step++, listable.length);
    // A day early: a request written near midnight may belong to the platform's previous day.
    await walker.walk(Math.min(...counts.keys()) - 1, before - 1, { status }, new KnownCounts(counts));
  }
  const changed = open.filter((row) => !seen.has(row.identity));
  if (changed.length === 0) return;
  const first = Math.min(...changed.map((row) => row.day));
  const last = Math.max(...changed.map((row) => row.day));
  const counts = deps.ledgerCounts(first, last);
  const reads = planOpenReads(changed, counts, deps.cap);
  for (const [index, read] of reads.entries()) {
    deps.checkpoint();
    deps.progress(index, reads.length);
    if (read.kind === 'reference') {
      deps.commit(await deps.lookup(read.reference));
      continue;
    }
    const items = await deps.fetch(read.from, read.to, {});
    if (items.length < deps.cap) deps.commit(items);
    else await walker.walk(read.from, read.to, {}, new KnownCounts(counts));
  }
}
