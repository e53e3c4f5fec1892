/**
 * An import adds bank lines and the coverage of its statements, and changes nothing else: the kept
 * reading follows it (follow-effect.ts). The new lines' rows are placed among the kept rows in the
 * default order (kept positions have gaps for them: kept-items.ts); the requests whose payment
 * window meets days the import newly covers are worked out again (approved and unpaid needs every
 * such day covered); the suggestion queue stays (new lines are in no suggestion until the next
 * run); the summary follows unless the import moved the start of the roll-forward's period.
 */
import type { Ledger } from '../../ledger/db';
import { ReconInputsRepository, type CoveredSpan } from '../../ledger/repositories/recon-inputs';
import { ReconItemRowsRepository, type KeptItemRow } from '../../ledger/repositories/recon-item-rows';
import { ReconReadingsRepository } from '../../ledger/repositories/recon-readings';
import type { ReconContext } from '../context';
import { POSITION_GAP } from '../kept-items';
import { dayNumber } from '../match/amounts';
import { Coverage } from '../match/coverage';
import { resolveOptions } from '../match/options';
import { byDateKindId } from '../report-items';
import { keep, optionsKey } from '../kept-reading';
import { followEffect } from './follow-effect';

/** More requests to work out again than this: the full path is as quick. */
const MAX_RECHECKED = 5_000;

/** The ledger as an import's writes begin (read inside its transaction, before them). */
export interface ImportStart {
  version: number;
  lastLineRow: number;
  coverage: CoveredSpan[];
}

/** Null when no kept item rows are at the version now: there is nothing to follow. */
export function importStart(db: Ledger, workspaceId: number): ImportStart | null {
  const inputs = new ReconInputsRepository(db);
  const version = new ReconReadingsRepository(db).inputsVersion();
  if (new ReconItemRowsRepository(db).reading(workspaceId)?.inputsVersion !== version) return null;
  return {
    version,
    lastLineRow: inputs.lastLineRow(),
    coverage: inputs.coverage(workspaceId),
  };
}

const key = (span: CoveredSpan): string => `${span.from} ${span.to} ${span.currency ?? ''}`;

/**
 * The days the coverage now holds that it did not before, as [from, to] day numbers (for a
 * statement of every currency, the days some currency lacked: more than enough).
 */
function newlyCovered(before: readonly CoveredSpan[], after: readonly CoveredSpan[]): [number, number][] {
  const old = new Set(before.map(key));
  const covered = new Coverage(before);
  return after
    .filter((span) => !old.has(key(span)))
    .flatMap((span) => covered.gaps(span.currency ?? '', dayNumber(span.from), dayNumber(span.to)));
}

const earliest = (spans: readonly CoveredSpan[], asOf: string): string =>
  spans.reduce((first, span) => (span.from < first ? span.from : first), asOf);

/** Positions for the added rows among the kept ones, in the default order; null when no room. */
function place(
  repo: ReconItemRowsRepository,
  workspaceId: number,
  added: KeptItemRow[],
): KeptItemRow[] | null {
  const order = (row: KeptItemRow) => ({ date: row.date, kind: row.kind, id: row.itemId });
  const sorted = [...added].sort((a, b) => byDateKindId(order(a), order(b)));
  // Each new row's gap: the kept rows just before and after it (exclusive bounds; null: none after).
  const gaps: Array<{ low: number; high: number | null }> = [];
  const days = new Map<
    string,
    { rows: ReturnType<ReconItemRowsRepository['dayRows']>; low: number; high: number | null }
  >();
  for (const row of sorted) {
    let day = days.get(row.date);
    if (day === undefined) {
      const bounds = repo.dayBounds(workspaceId, row.date);
      day = { rows: repo.dayRows(workspaceId, row.date), low: bounds.before ?? -1, high: bounds.after };
      days.set(row.date, day);
    }
    let low = day.low;
    let high = day.high;
    for (const kept of day.rows) {
      if (byDateKindId({ date: row.date, kind: kept.kind, id: kept.itemId }, order(row)) < 0)
        low = kept.position;
      else {
        high = kept.position;
        break;
      }
    }
    gaps.push({ low, high });
  }
  const placed: KeptItemRow[] = [];
  for (let first = 0; first < sorted.length;) {
    const { low, high } = gaps[first]!;
    let last = first;
    while (last + 1 < sorted.length && gaps[last + 1]!.low === low && gaps[last + 1]!.high === high) last++;
    const count = last - first + 1;
    if (high !== null && high - low - 1 < count) return null;
    for (let index = 0; index < count; index++) {
      const position =
        high === null
          ? low + POSITION_GAP * (index + 1)
          : low + Math.floor(((high - low) * (index + 1)) / (count + 1));
      placed.push({ ...sorted[first + index]!, position });
    }
    first = last + 1;
  }
  return placed;
}

/**
 * After the import's transaction: the kept reading at `start.version` moves to the version now by
 * the lines the import added. Says whether the kept items followed.
 */
export function followImport(context: ReconContext, start: ImportStart): boolean {
  const { db, workspaceId } = context;
  const inputs = new ReconInputsRepository(db);
  const rowsRepo = new ReconItemRowsRepository(db);
  const reading = rowsRepo.reading(workspaceId);
  if (reading === null || reading.inputsVersion !== start.version) return false;
  const coverage = inputs.coverage(workspaceId);
  const { daysBefore, daysAfter } = resolveOptions(context.options);
  const date = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);
  const rechecked = new Set<number>();
  for (const [from, to] of newlyCovered(start.coverage, coverage)) {
    // A request's window is [date − daysBefore, date + daysAfter]: those meeting the new days.
    for (const row of rowsRepo.requestRowsDated(workspaceId, date(from - daysAfter), date(to + daysBefore)))
      rechecked.add(row);
    if (rechecked.size > MAX_RECHECKED) return false;
  }
  const lines = inputs.lineRowsAfter(workspaceId, start.lastLineRow);
  const versions = { before: start.version, after: new ReconReadingsRepository(db).inputsVersion() };
  const followed = followEffect(
    context,
    versions,
    { lines, requests: [...rechecked], keys: [], addedLines: lines },
    {
      queue: (kept) => (kept === null ? null : [...kept]),
      place: (added) => place(rowsRepo, workspaceId, added),
      summary: earliest(start.coverage, reading.asOf) === earliest(coverage, reading.asOf),
    },
  );
  if (followed) keep(context, () => notePendingLines(context, start.version, versions.after, lines));
  return followed;
}

/**
 * The lines imported since the last run, while nothing else changed since it: the import began at
 * the run mark, or where the lines noted before end (recon_run_pending).
 */
function notePendingLines(context: ReconContext, from: number, to: number, lines: readonly number[]): void {
  const readings = new ReconReadingsRepository(context.db);
  const key = optionsKey(context);
  const mark = readings.runMark(context.workspaceId, key);
  const pending = readings.pendingLines(context.workspaceId);
  if (pending !== null && pending.optionsKey === key && pending.since === mark && pending.to === from)
    readings.savePendingLines(context.workspaceId, { ...pending, to, lines: [...pending.lines, ...lines] });
  else if (mark === from)
    readings.savePendingLines(context.workspaceId, { optionsKey: key, since: from, to, lines });
  else readings.clearPendingLines(context.workspaceId);
}
