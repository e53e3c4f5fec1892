/**
 * The items as of a date kept in the file (recon_item_rows), so recon:items is one query however
 * large the ledger, and a fresh start answers without reading the ledger. They are derived from the
 * reading (item-rows.ts and the states) when the inputs have moved, and written whole, or — when
 * only states changed, as after a decision — only the rows that changed. A ledger that cannot take
 * them (writing stopped, or another process writing) gets them in a database in memory instead,
 * queried the same way.
 */
import Database from 'better-sqlite3';
import type { Ledger } from '../ledger/db';
import { ReconReadingsRepository } from '../ledger/repositories/recon-readings';
import {
  ReconItemRowsRepository,
  sumByCurrency,
  type KeptItemReading,
  type KeptItemRow,
} from '../ledger/repositories/recon-item-rows';
import { cellsOf } from '../ledger/repositories/recon-item-cells';
import { readWithLocks, type ReconContext } from './context';
import type { DecisionState } from './decision-state';
import { itemRows, type ItemRow, type ItemRows } from './item-rows';
import { keep, optionsKey } from './kept-reading';
import { derived } from './memo';
import type { ItemState } from './match/states';
import { isOutOfScope } from './policy/scope';
import { orderedStates, resolutionDecisions } from './report-items';
import { reconcileAsOf, type MatchView } from './report';
import type { LockIndex } from './signoff/locks';
import type { AutoMatchPolicy } from './policy/auto-match-policy';
import type { ReconWorld } from './world';

/** Size and signed-order keys of a scaled amount at a fixed width (text order = numeric order). */
export function sizeKey(size: bigint, width: number): string {
  return size.toString().padStart(width, '0');
}

export function orderKey(scaled: bigint, width: number): string {
  if (scaled >= 0n) return `1${sizeKey(scaled, width)}`;
  return `0${sizeKey(10n ** BigInt(width) - 1n + scaled, width)}`;
}

/** The digits of an amount's size: its keys need at least this width. */
export const digits = (value: bigint): number => (value < 0n ? -value : value).toString().length;

/** The digits of the largest size: the width of every row's keys. */
export function keyWidth(rows: readonly ItemRow[]): number {
  return rows.reduce((most, row) => Math.max(most, digits(row.scaled)), 1);
}

/** What a kept row holds besides the flat row: its ledger row, decisions, lock and scope. */
export type KeptExtras = Pick<
  KeptItemRow,
  | 'rowId'
  | 'matchDecision'
  | 'resolutionDecision'
  | 'resolutionReason'
  | 'resolutionNote'
  | 'automatic'
  | 'lockSignOff'
  | 'lockAsOf'
  | 'outOfScope'
>;

/**
 * Kept rows are numbered in the default order with this gap between positions, so the rows of an
 * import's new lines can be placed among them without moving the others (follow-import.ts).
 */
export const POSITION_GAP = 2 ** 20;

export function keptRow(row: ItemRow, width: number, extras: KeptExtras): KeptItemRow {
  return {
    position: (row.index + 1) * POSITION_GAP,
    kind: row.kind,
    itemId: row.id,
    state: row.state,
    stateRank: row.stateRank,
    ageing: row.ageing,
    ageDays: row.ageDays,
    date: row.date,
    currency: row.currency,
    scaled: row.scaled,
    sizeKey: sizeKey(row.scaled < 0n ? -row.scaled : row.scaled, width),
    orderKey: orderKey(row.scaled, width),
    out: row.out,
    float: row.float,
    label: row.label,
    haystack: row.haystack,
    matchGroup: row.matchGroup,
    matchRank: row.matchRank,
    matchText: row.matchText,
    ...extras,
  };
}

/** What a kept row reads besides its item: the matches, resolutions and locks in force, the policy. */
export interface KeptSources {
  views: readonly MatchView[];
  decisions: ReadonlyMap<string, number>;
  locks: LockIndex;
  policy: Pick<AutoMatchPolicy, 'startDate'>;
}

/** The kept row of an item (its flat row and its state), at a key width. */
export function keptRowOf(world: ReconWorld, sources: KeptSources) {
  return (row: ItemRow, item: ItemState, width: number): KeptItemRow => {
    const rowId =
      item.kind === 'line' ? world.lineByKey.get(item.id)!.id : world.requestByKey.get(item.id)!.rowId;
    const lock = (item.kind === 'line' ? sources.locks.lines : sources.locks.requests).get(rowId);
    const view = item.match === null ? undefined : sources.views[item.match];
    return keptRow(row, width, {
      rowId,
      matchDecision: view === undefined ? null : view.current.decisionId,
      resolutionDecision: sources.decisions.get(`${item.kind} ${rowId}`) ?? null,
      resolutionReason: item.resolution?.reasonCode ?? null,
      resolutionNote: item.resolution?.note ?? null,
      automatic: item.automatic,
      lockSignOff: lock?.signOffId ?? null,
      lockAsOf: lock?.asOf ?? null,
      outOfScope: isOutOfScope(item, sources.policy),
    });
  };
}

interface Derived {
  reading: Omit<KeptItemReading, 'inputsVersion'>;
  rows: KeptItemRow[];
}

function derive(
  context: ReconContext,
  world: ReconWorld,
  state: DecisionState,
  asOf: string,
  flat: ItemRows,
  ordered: readonly ItemState[],
): Derived {
  const { views } = reconcileAsOf(context, world, state, asOf);
  const width = keyWidth(flat.rows);
  const rowOf = keptRowOf(world, {
    views,
    decisions: resolutionDecisions(state),
    locks: context.lockIndex(),
    policy: context.policy(),
  });
  const rows = flat.rows.map((row) => rowOf(row, ordered[row.index]!, width));
  return {
    reading: {
      asOf,
      optionsKey: optionsKey(context),
      scale: flat.scale,
      keyWidth: width,
      currencies: flat.currencies,
      floats: flat.floats,
      totals: sumByCurrency(rows),
      cells: cellsOf(rows),
    },
    rows,
  };
}

export const same = (a: KeptItemRow, b: KeptItemRow): boolean =>
  (Object.keys(a) as Array<keyof KeptItemRow>).every((key) => a[key] === b[key]);

/** What this connection last wrote, so the next write can be the rows that changed only. */
const written = new WeakMap<Ledger, Map<number, { reading: KeptItemReading; rows: KeptItemRow[] }>>();

function changedRows(before: KeptItemRow[], after: KeptItemRow[]): KeptItemRow[] | null {
  if (before.length !== after.length) return null;
  const changed: KeptItemRow[] = [];
  for (let index = 0; index < after.length; index++) {
    const old = before[index]!;
    const now = after[index]!;
    // Another item at this position: the order itself changed.
    if (old.kind !== now.kind || old.rowId !== now.rowId) return null;
    if (!same(old, now)) changed.push(now);
  }
  return changed;
}

function write(db: Ledger, workspaceId: number, reading: KeptItemReading, rows: KeptItemRow[]): void {
  const repo = new ReconItemRowsRepository(db);
  const kept = repo.reading(workspaceId);
  const last = written.get(db)?.get(workspaceId);
  const changed =
    last !== undefined &&
    kept !== null &&
    kept.inputsVersion === last.reading.inputsVersion &&
    kept.asOf === last.reading.asOf &&
    kept.optionsKey === last.reading.optionsKey &&
    kept.keyWidth === reading.keyWidth &&
    kept.scale === reading.scale
      ? changedRows(last.rows, rows)
      : null;
  if (changed === null) repo.replace(workspaceId, reading, rows);
  else repo.update(workspaceId, reading, changed);
  let byWorkspace = written.get(db);
  if (byWorkspace === undefined) written.set(db, (byWorkspace = new Map()));
  byWorkspace.set(workspaceId, { reading, rows });
}

/** Where the kept items are queried: the ledger, or a database in memory when it cannot keep them. */
export interface KeptItems {
  reading: KeptItemReading;
  rows: ReconItemRowsRepository;
  /** Kept in the ledger file (another process may move them); false: a copy in memory of this question's. */
  inFile: boolean;
}

const inMemory = new WeakMap<DecisionState, { key: string; items: KeptItems }>();

function memoryCopy(
  context: ReconContext,
  state: DecisionState,
  reading: KeptItemReading,
  rows: KeptItemRow[],
) {
  const key = `${reading.asOf} ${reading.optionsKey} ${reading.inputsVersion}`;
  const known = inMemory.get(state);
  if (known?.key === key) return known.items;
  const memory = new Database(':memory:') as unknown as Ledger;
  // Its tables name the workspace they belong to; the workspaces themselves are in the ledger.
  memory.pragma('foreign_keys = OFF');
  const schema = new ReconItemRowsRepository(context.db).schema();
  for (const sql of schema) memory.exec(sql);
  memory.transaction(() => write(memory, context.workspaceId, reading, rows)).immediate();
  const items = { reading, rows: new ReconItemRowsRepository(memory), inFile: false };
  inMemory.set(state, { key, items });
  return items;
}

/** The items kept in the file as of the date, when they are at the inputs' version; null otherwise. */
export function keptItemsCurrent(context: ReconContext, asOf: string): KeptItems | null {
  const { db, workspaceId } = context;
  const repo = new ReconItemRowsRepository(db);
  const kept = repo.reading(workspaceId);
  const version = new ReconReadingsRepository(db).inputsVersion();
  return kept !== null &&
    kept.asOf === asOf &&
    kept.optionsKey === optionsKey(context) &&
    kept.inputsVersion === version
    ? { reading: kept, rows: repo, inFile: true }
    : null;
}

/** The kept items as of the date, derived and written first when the inputs have moved since. */
export function keptItemsAsOf(context: ReconContext, asOf: string): KeptItems {
  const { db, workspaceId } = context;
  const current = keptItemsCurrent(context, asOf);
  if (current !== null) return current;
  const repo = new ReconItemRowsRepository(db);
  const { context: read, world, state, inputsVersion } = readWithLocks(context);
  const { reading, rows } = derived({ world, state, locks: read.lockIndex() }, `kept ${asOf}`, () => {
    const ordered = orderedStates(read, world, state, asOf);
    const flat = itemRows(world, ordered, reconcileAsOf(read, world, state, asOf).views);
    return derive(read, world, state, asOf, flat, ordered);
  });
  const full = { ...reading, inputsVersion };
  const stored = keep(context, () => {
    // Derived from a reading the inputs have moved past since: not to be kept.
    if (new ReconReadingsRepository(db).inputsVersion() !== inputsVersion) return false;
    write(db, workspaceId, full, rows);
  });
  if (stored) return { reading: full, rows: repo, inFile: true };
  return memoryCopy(context, state, full, rows);
}
