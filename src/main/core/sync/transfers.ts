/**
 * Transfer request sync. The first run backfills from `since` (default: two years back) to today;
 * later runs re-read the requests that are not final, the recent days and (when due) the signed-off
 * requests (transfer-signoffs.ts). Every complete answer is committed in its own transaction together
 * with how far the range is read (sync_state), so a killed sync resumes at the next window. See
 * transfer-walker.ts for how windows are chosen.
 */
import { AppError } from '../../../shared/ipc/errors';
import { isoNow } from '../clock';
import type { TransferStatus } from '../../../shared/domain/platform';
import { TRANSFER_LIST_CAP } from '../../../shared/domain/platform';
import type { TransferRequestFilters } from '../platform/endpoints/transfers';
import type { WireTransferRequest } from '../platform/schemas';
import { localDay, TransfersRepository, utcInstant } from '../ledger/repositories/transfers';
import { rereadOpen, type RereadDeps } from './transfer-reread';
import { rereadSignedOff, signedOffDeps, type SignedOffParts } from './transfer-signoffs';
import {
  IncompleteGroups,
  STATE_KEYS,
  coverageEntries,
  groupOf,
  incompleteReason,
  parseState,
} from './transfer-state';
import { TransferWalker, type KnownValues, type WalkerIO } from './transfer-walker';
import { DensityEstimate } from './transfer-density';
import {
  dayNumber,
  dayText,
  endDateParam,
  utcDay,
  yearsBefore,
  type EndDateMode,
  type Lane,
} from './transfer-windows';
import type { DatasetOutcome, DatasetSync, SyncContext } from './types';

export interface TransferSyncOptions {
  /** First day of the backfill (YYYY-MM-DD); default: the furthest day already read, else two years back. */
  since?: string;
  /** Most items one answer holds (the platform: 50). */
  cap?: number;
  /** How the platform reads end_date; 'auto' finds out with one probe when it matters. */
  endDate?: 'auto' | 'inclusive' | 'exclusive';
  /** Days re-read on every incremental run, today included (default 3). */
  recentDays?: number;
  /** Read the whole range again from `since`, whatever was read before. */
  full?: boolean;
  /** Automatic syncs re-read the signed-off requests when the last pass is this old (default 24 h). */
  signedOffMaxAgeMs?: number;
}

const ESTIMATE_DAYS = 28;

const identity = (item: WireTransferRequest): string =>
  `${item.payment_reference}@${utcInstant(item.created_at)}`;

/** The transfer requests dataset: returns a DatasetSync for the orchestrator (sync/run.ts). */
export function transferSync(options: TransferSyncOptions = {}): DatasetSync {
  const cap = options.cap ?? TRANSFER_LIST_CAP;
  const recentDays = Math.max(1, options.recentDays ?? 3);
  return async (context) => {
    const since = options.since === undefined ? undefined : sinceDay(options.since);
    return new TransferRun(context, cap, options.endDate ?? 'auto').run(since, recentDays, options);
  };
}

function sinceDay(text: string): number {
  try {
    return dayNumber(text);
  } catch {
    throw new AppError(
      'invalid_input',
      `The backfill start "${text}" is not a date. Give it as YYYY-MM-DD, e.g. 2024-11-02.`,
      { field: 'since' },
    );
  }
}

class TransferRun {
  private readonly repo: TransfersRepository;
  private readonly ws: number;
  private mode: EndDateMode;
  private readonly outcome: DatasetOutcome = { itemsRead: 0, itemsChanged: 0, requestsMade: 0 };
  private incomplete = new IncompleteGroups([]);
  private readonly dayCache = new Map<string, number>();
  /** Turns a walk's "complete through day d" into the sync_state entries to commit with it. */
  private covered: (day: number) => Record<string, string> = () => ({});
  private progress = { total: 0, base: 0, start: 0 };

  constructor(
    private readonly context: SyncContext,
    private readonly cap: number,
    endDate: 'auto' | 'inclusive' | 'exclusive',
  ) {
    this.repo = new TransfersRepository(context.db);
    this.ws = context.workspaceId;
    this.mode = endDate === 'auto' ? 'unknown' : endDate;
  }

  async run(
    since: number | undefined,
    recentDays: number,
    options: TransferSyncOptions,
  ): Promise<DatasetOutcome> {
    const state = parseState(this.repo.readState(this.ws));
    if (this.mode === 'unknown' && state.endDateMode) this.mode = state.endDateMode;
    this.incomplete = new IncompleteGroups(state.incomplete);
    const today = utcDay(this.context.clock());
    const last = today + 1; // the platform's local date is at most one day ahead of UTC
    const known = this.repo.knownValues(this.ws);
    const walker = new TransferWalker(this.io(), known);
    const { coveredFrom, coveredThrough } = state;

    if (options.full || coveredFrom === undefined || coveredThrough === undefined) {
      const from = Math.min(since ?? coveredFrom ?? yearsBefore(today, 2), last);
      this.plan([[from, last]]);
      this.covered = (day) => coverageEntries(from, day);
      await this.walkRange(walker, from, last);
      await this.rereadSignedOff(known, from, options.signedOffMaxAgeMs);
    } else {
      const lower = since !== undefined && since < coveredFrom ? since : undefined;
      const recentStart = Math.max(coveredFrom, Math.min(coveredThrough + 1, last - recentDays + 1));
      this.plan([...(lower === undefined ? [] : [[lower, coveredFrom - 1] as const]), [recentStart, last]]);
      if (lower !== undefined) {
        this.covered = () => ({});
        await this.walkRange(walker, lower, coveredFrom - 1);
        this.repo.writeState(this.ws, coverageEntries(lower, coveredThrough), isoNow(this.context.clock));
      }
      await this.rereadOpen(known, recentStart);
      const from = lower ?? coveredFrom;
      this.covered = (day) => coverageEntries(from, day);
      await this.walkRange(walker, recentStart, last);
      await this.rereadSignedOff(known, recentStart, options.signedOffMaxAgeMs);
    }
    const finished = this.incomplete.takeEntry(true);
    if (!state.backfillCompletedAt) finished[STATE_KEYS.backfillCompletedAt] = isoNow(this.context.clock);
    this.repo.writeState(this.ws, finished, isoNow(this.context.clock));
    const reason = incompleteReason(this.incomplete.list(), this.cap);
    return reason === undefined ? this.outcome : { ...this.outcome, incomplete: reason };
  }

  private plan(ranges: ReadonlyArray<readonly [number, number]>): void {
    this.progress.total = ranges.reduce((sum, [from, to]) => sum + Math.max(0, to - from + 1), 0);
    this.context.progress({ phase: 'windows', done: 0, total: this.progress.total });
  }

  /** Walks from..to at the top level; groups found incomplete there before are looked at afresh. */
  private async walkRange(
    walker: TransferWalker<WireTransferRequest>,
    from: number,
    to: number,
  ): Promise<void> {
    if (from > to) return;
    this.incomplete.revisit(dayText(from), dayText(to));
    this.progress.start = from;
    await walker.walk(from, to, {}, this.estimateBefore(from), true);
    this.progress.base += to - from + 1;
  }

  /** Per-weekday density of the four weeks read before `from`, or nothing known (zero). */
  private estimateBefore(from: number): DensityEstimate {
    const state = parseState(this.repo.readState(this.ws));
    if (state.coveredFrom === undefined || state.coveredThrough === undefined) return new DensityEstimate();
    const low = Math.max(state.coveredFrom, from - ESTIMATE_DAYS);
    const high = Math.min(state.coveredThrough, from - 1);
    if (high < low) return new DensityEstimate();
    return DensityEstimate.fromCounts(this.ledgerCounts(low, high), low, high);
  }

  /** Open requests before the recent days (transfer-reread.ts); each answer committed on its own. */
  private async rereadOpen(known: KnownValues, before: number): Promise<void> {
    const open = this.repo.listOpen(this.ws).map((row) => ({
      day: this.day(localDay(row.createdAt)),
      reference: row.paymentReference,
      identity: `${row.paymentReference}@${row.createdUtc}`,
      status: row.status,
    }));
    this.covered = () => ({});
    const deps: RereadDeps<WireTransferRequest> = {
      ...this.readDeps(),
      walker: (seen) => new TransferWalker(this.io(seen), known),
      identity,
      commit: (items) => this.commit(items, null),
      progress: (done, total) => this.context.progress({ phase: 'open', done, total }),
    };
    await rereadOpen(
      deps,
      open.filter((row) => row.day < before),
      before,
    );
  }

  /** Signed-off requests created before `before`, when due (transfer-signoffs.ts). */
  private async rereadSignedOff(known: KnownValues, before: number, maxAgeMs?: number): Promise<void> {
    this.covered = () => ({});
    const parts: SignedOffParts<WireTransferRequest> = {
      ...this.readDeps(),
      dayOf: (createdAt) => this.day(localDay(createdAt)),
      walker: () => new TransferWalker(this.io(new Set()), known),
      commit: (items, state) => this.commit(items, null, state),
    };
    await rereadSignedOff(signedOffDeps(this.context, parts, maxAgeMs), before);
  }

  /** The reads both re-read steps make: list windows, look-ups by reference, the ledger's counts. */
  private readDeps() {
    return {
      cap: this.cap,
      ledgerCounts: (from: number, to: number) => this.ledgerCounts(from, to),
      fetch: (from: number, to: number, lane: Lane) => this.fetch(from, to, lane),
      lookup: (reference: string) => this.request({ paymentReference: reference }),
      checkpoint: () => this.context.signal.throwIfAborted(),
    };
  }

  private ledgerCounts(from: number, to: number): Map<number, number> {
    const counts = this.repo.dayCounts(this.ws, dayText(from), dayText(to));
    return new Map([...counts].map(([day, n]) => [this.day(day), n]));
  }

  /** The walker's I/O. With `seen`: re-reading open requests (identities noted, nothing reported). */
  private io(seen?: Set<string>): WalkerIO<WireTransferRequest> {
    return {
      cap: this.cap,
      describe: (item: WireTransferRequest) => ({
        day: this.day(localDay(item.created_at)),
        status: item.status,
        float: item.float,
        currency: item.requested.currency,
      }),
      fetch: (from: number, to: number, lane: Lane) => this.fetch(from, to, lane),
      commit: (items: readonly WireTransferRequest[], through: number | null) => {
        this.commit(items, through);
        for (const item of items) seen?.add(identity(item));
      },
      checkpoint: () => this.context.signal.throwIfAborted(),
      incomplete: (day: number, lane: Lane, read: number) => {
        if (!seen) this.incomplete.found(groupOf(day, lane, read));
      },
    };
  }

  private day(text: string): number {
    let value = this.dayCache.get(text);
    if (value === undefined) {
      value = dayNumber(text);
      this.dayCache.set(text, value);
    }
    return value;
  }

  private async fetch(from: number, to: number, lane: Lane): Promise<WireTransferRequest[]> {
    const items = await this.request({
      startDate: dayText(from),
      endDate: dayText(endDateParam(to, this.mode)),
      ...(lane as { status?: TransferStatus; float?: string; currency?: string }),
    });
    if (this.mode === 'unknown' && items.length >= this.cap) await this.detectEndDate(items);
    return items;
  }

  /**
   * A day known to hold requests, asked as start = end = that day: an exclusive end_date answers
   * nothing, an inclusive one answers that day (kept: it is a complete answer when below the cap).
   */
  private async detectEndDate(sample: readonly WireTransferRequest[]): Promise<void> {
    const known = localDay((sample[sample.length - 1] as WireTransferRequest).created_at);
    const probe = await this.request({ startDate: known, endDate: known });
    this.mode = probe.length > 0 ? 'inclusive' : 'exclusive';
    this.commit(probe, null, { [STATE_KEYS.endDateMode]: this.mode });
  }

  private request(filters: TransferRequestFilters): Promise<WireTransferRequest[]> {
    this.outcome.requestsMade++;
    return this.context.client.listTransferRequests(filters, this.context.signal);
  }

  private commit(
    items: readonly WireTransferRequest[],
    through: number | null,
    state: Readonly<Record<string, string>> = {},
  ): void {
    if (through !== null) this.incomplete.passed(dayText(through));
    const progress = through === null ? {} : this.covered(through);
    const counts = this.repo.upsertTransferRequests(this.ws, items, {
      syncRunId: this.context.syncRunId,
      observedAt: isoNow(this.context.clock),
      state: { ...state, ...progress, ...this.incomplete.takeEntry() },
    });
    this.outcome.itemsRead += items.length;
    this.outcome.itemsChanged += counts.inserted + counts.changed;
    if (through !== null) {
      const done = Math.min(this.progress.total, this.progress.base + through - this.progress.start + 1);
      this.context.progress({ phase: 'windows', done, total: this.progress.total });
    }
  }
}
