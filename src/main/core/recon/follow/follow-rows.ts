/**
 * The kept rows of a few items worked out again (follow-effect.ts): the items a change touched and
 * every item of every match in force around them get their states from a world of just those rows
 * (a state depends only on the item, its match, its resolution and lock, and the coverage). Rows
 * kept before keep their positions; rows of bank lines the change added come back unplaced.
 */
import { ReconDecisionsRepository } from '../../ledger/repositories/recon-decisions';
import { ReconItemRowsRepository, type KeptItemRow } from '../../ledger/repositories/recon-item-rows';
import type { ReconContext } from '../context';
import type { CurrentMatch, CurrentResolution, MatchPayload, ResolvePayload } from '../decision-state';
import { itemRows } from '../item-rows';
import { digits, keptRowOf } from '../kept-items';
import { readPageWorld } from '../page-world';
import { reconcileWorld } from '../report';
import { resolutionDecisions } from '../report-items';
import { engineLocks } from '../signoff/locks';
import type { ReconWorld } from '../world';

/** What a change touched: the rows whose state it may change, the suggestion keys it settles or unsettles. */
export interface Effect {
  lines: number[];
  requests: number[];
  keys: string[];
  /** Bank lines the change added (an import): they have no kept row yet. Also listed in `lines`. */
  addedLines?: number[];
}

export const unique = (rows: Iterable<number>): number[] => [...new Set(rows)];

/** The decisions in force (`role`) over these rows, as the decision state holds them. */
function inForce(
  repo: ReconDecisionsRepository,
  workspaceId: number,
  rows: { lines: readonly number[]; requests: readonly number[] },
  role: 'match' | 'resolution',
): Array<{ id: number; kind: string; payload: Record<string, unknown> }> {
  const found = repo.matchesOfRows(workspaceId, rows, role);
  return unique([...found.lines.values(), ...found.requests.values()])
    .sort((a, b) => a - b)
    .map((id) => repo.get(workspaceId, id)!);
}

export interface Followed {
  before: KeptItemRow[];
  /** The rows kept before, worked out again (same positions). */
  after: KeptItemRow[];
  /** Rows of added bank lines (in scope of the reading), not placed yet: position 0. */
  added: KeptItemRow[];
  world: ReconWorld;
  /** The matches in force around the items now, by decision. */
  matches: CurrentMatch[];
}

/** The items' kept rows worked out again; null when they cannot be (the full path will). */
export function followRows(
  context: ReconContext,
  asOf: string,
  reading: { scale: number; keyWidth: number },
  effect: Effect,
): Followed | null {
  const { db, workspaceId } = context;
  const decisions = new ReconDecisionsRepository(db);
  // Every item of every match in force around the change's rows: a match's state is its items'.
  const matches: CurrentMatch[] = inForce(decisions, workspaceId, effect, 'match').map((decision) => ({
    decisionId: decision.id,
    kind: decision.kind as CurrentMatch['kind'],
    payload: decision.payload as unknown as MatchPayload,
  }));
  const rows = {
    lines: unique([...effect.lines, ...matches.flatMap((match) => match.payload.lines)]),
    requests: unique([...effect.requests, ...matches.flatMap((match) => match.payload.requests)]),
  };
  const resolutions: CurrentResolution[] = inForce(decisions, workspaceId, rows, 'resolution').map(
    (decision) => ({ decisionId: decision.id, payload: decision.payload as unknown as ResolvePayload }),
  );
  const world = readPageWorld(context, rows.lines, rows.requests);
  const locks = context.lockIndex();
  const state = { matches, resolutions };
  const { report, views } = reconcileWorld(context, world, state, asOf, engineLocks(locks, world));
  const items = [...report.requests, ...report.lines];
  const before = new ReconItemRowsRepository(db).byRows(workspaceId, rows);
  const kept = new Map(before.map((row) => [`${row.kind} ${row.itemId}`, row]));
  const added = new Set(effect.addedLines ?? []);
  // An added line whose bank id another line has too: that line's id is qualified now, its kept row not.
  for (const row of added) {
    const line = world.lineByRow.get(row);
    if (line !== undefined && line.key !== line.bankTransactionId) return null;
  }
  const isAdded = (item: (typeof items)[number]): boolean =>
    item.kind === 'line' && added.has(world.lineByKey.get(item.id)!.id);
  // The same items as kept, no more and no fewer, besides the added lines.
  const addedCount = items.filter(isAdded).length;
  if (items.length - addedCount !== before.length) return null;
  if (items.some((item) => !isAdded(item) && !kept.has(`${item.kind} ${item.id}`))) return null;
  const flat = itemRows(world, items, views, reading.scale);
  if (flat.scale !== reading.scale) return null;
  const rowOf = keptRowOf(world, {
    views,
    decisions: resolutionDecisions({ ...state, declined: new Set(), settledKeys: new Set() }),
    locks,
    policy: context.policy(),
  });
  const after: KeptItemRow[] = [];
  const placed: KeptItemRow[] = [];
  for (const row of flat.rows) {
    const item = items[row.index]!;
    if (isAdded(item)) {
      // Wider than the kept keys: the amount order of the kept rows would not hold.
      if (digits(row.scaled) > reading.keyWidth) return null;
      placed.push({ ...rowOf(row, item, reading.keyWidth), position: 0 });
      continue;
    }
    const old = kept.get(`${item.kind} ${item.id}`)!;
    const now = { ...rowOf(row, item, reading.keyWidth), position: old.position };
    // What does not hang on decisions must read as kept, or the kept rows are of other inputs.
    if (
      now.rowId !== old.rowId ||
      now.date !== old.date ||
      now.currency !== old.currency ||
      now.scaled !== old.scaled ||
      now.sizeKey !== old.sizeKey ||
      now.orderKey !== old.orderKey ||
      now.label !== old.label ||
      now.haystack !== old.haystack ||
      now.float !== old.float
    )
      return null;
    after.push(now);
  }
  return { before, after, added: placed, world, matches };
}
