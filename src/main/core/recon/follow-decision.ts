/**
 * A decision changes the state of the few items it covers, and nothing else: the kept reading
 * (kept-items.ts, kept-reading.ts, suggestions-view.ts) follows it by working those items out
 * again instead of every item of the ledger. Followed: the kept rows of the items the decision and
 * the matches around them cover, the suggestion queue (the suggestions that name those items or
 * that the decision settled or unsettled), and the summary (its counts and totals moved by the
 * rows that changed). Each is followed only when it was kept at the version just before the
 * decision and nothing else was written since; otherwise it is worked out in full when next asked.
 */
import type { ReconSummary } from '../../../shared/ipc/contract-recon';
import { ReconDecisionsRepository } from '../ledger/repositories/recon-decisions';
import { ReconItemRowsRepository, type KeptItemRow } from '../ledger/repositories/recon-item-rows';
import { ReconReadingsRepository } from '../ledger/repositories/recon-readings';
import { ReconSuggestionsRepository } from '../ledger/repositories/recon-suggestions';
import type { ReconContext } from './context';
import type { CurrentMatch, CurrentResolution, MatchPayload, ResolvePayload } from './decision-state';
import { matchTotals, sumAmounts } from './explain';
import { itemRows } from './item-rows';
import { keep, optionsKey } from './kept-reading';
import { keptRowOf, same } from './kept-items';
import { CLOSED_STATES } from './match/states';
import { readPageWorld } from './page-world';
import type { PlannedMatch } from './plan';
import { reconcileWorld } from './report';
import { resolutionDecisions } from './report-items';
import { isOpenSuggestion } from './suggestions-view';
import { engineLocks } from './signoff/locks';
import type { ReconWorld } from './world';

/** The rows whose state a decision may change, and the suggestion keys it settles or unsettles. */
export interface DecisionEffect {
  lines: number[];
  requests: number[];
  keys: string[];
}

/** What a decision of this kind and payload touches (an undo: what the decision it undoes did). */
export function decisionEffect(
  repo: ReconDecisionsRepository,
  workspaceId: number,
  decision: { kind: string; payload: Record<string, unknown>; undoes?: number | null },
): DecisionEffect | null {
  switch (decision.kind) {
    case 'auto_match':
    case 'confirm':
    case 'manual': {
      const payload = decision.payload as unknown as MatchPayload;
      const keys = payload.key === undefined ? [] : [payload.key];
      return { lines: [...payload.lines], requests: [...payload.requests], keys };
    }
    case 'reject':
      return { lines: [], requests: [], keys: [(decision.payload as { key: string }).key] };
    case 'resolve': {
      const payload = decision.payload as unknown as ResolvePayload;
      return payload.kind === 'line'
        ? { lines: [payload.row], requests: [], keys: [] }
        : { lines: [], requests: [payload.row], keys: [] };
    }
    case 'undo': {
      const undone = decision.undoes == null ? undefined : repo.get(workspaceId, decision.undoes);
      return undone === undefined ? null : decisionEffect(repo, workspaceId, undone);
    }
    default:
      return null;
  }
}

const unique = (rows: Iterable<number>): number[] => [...new Set(rows)];

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

interface Followed {
  before: KeptItemRow[];
  after: KeptItemRow[];
  world: ReconWorld;
  /** The matches in force around the items now, by decision. */
  matches: CurrentMatch[];
}

/** The items' kept rows worked out again; null when they cannot be (the full path will). */
function followRows(
  context: ReconContext,
  asOf: string,
  reading: { scale: number; keyWidth: number },
  effect: DecisionEffect,
): Followed | null {
  const { db, workspaceId } = context;
  const decisions = new ReconDecisionsRepository(db);
  // Every item of every match in force around the decision's rows: a match's state is its items'.
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
  // The same items as kept, no more and no fewer (an item's presence does not hang on decisions).
  if (items.length !== before.length || items.some((item) => !kept.has(`${item.kind} ${item.id}`)))
    return null;
  const flat = itemRows(world, items, views, reading.scale);
  if (flat.scale !== reading.scale) return null;
  const rowOf = keptRowOf(world, {
    views,
    decisions: resolutionDecisions({ ...state, declined: new Set(), settledKeys: new Set() }),
    locks,
    policy: context.policy(),
  });
  const after: KeptItemRow[] = [];
  for (const row of flat.rows) {
    const item = items[row.index]!;
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
  return { before, after, world, matches };
}

/** The open suggestions' keys once the decision is in: those it could change are judged again. */
function followQueue(context: ReconContext, queue: readonly string[], effect: DecisionEffect): string[] {
  const { db, workspaceId } = context;
  const suggestions = new ReconSuggestionsRepository(db);
  const decisions = new ReconDecisionsRepository(db);
  const candidates = new Set([...effect.keys, ...suggestions.keysNaming(workspaceId, effect)]);
  const stored = suggestions.byKeys(workspaceId, [...candidates]);
  const settled = decisions.settledKeys(workspaceId, [...candidates]);
  const options = stored.flatMap((suggestion) => suggestion.options as PlannedMatch[]);
  const rows = {
    lines: unique(options.flatMap((option) => option.lines)),
    requests: unique(options.flatMap((option) => option.requests)),
  };
  const world = readPageWorld(context, rows.lines, rows.requests);
  const matched = decisions.matchesOfRows(workspaceId, rows);
  const open = new Set(
    stored.filter(isOpenSuggestion(world, matched, settled)).map((suggestion) => suggestion.key),
  );
  const wasOpen = new Set(queue);
  // Nothing opens again (the common case: a match closes suggestions): the queue less what closed.
  if ([...open].every((key) => wasOpen.has(key)))
    return queue.filter((key) => !candidates.has(key) || open.has(key));
  return suggestions
    .keys(workspaceId)
    .filter((key) => (candidates.has(key) ? open.has(key) : wasOpen.has(key)));
}

/** The summary moved by the rows that changed (counts) and the matches that came or went (totals). */
function followSummary(
  summary: ReconSummary,
  followed: Followed,
  repo: ReconDecisionsRepository,
  workspaceId: number,
  suggestions: number,
): ReconSummary | null {
  const next: ReconSummary = structuredClone(summary);
  const currencies = new Map(next.currencies.map((row) => [row.currency, row]));
  const count = (row: KeptItemRow, sign: 1 | -1): boolean => {
    if (row.outOfScope) {
      if (next.outOfScope === undefined) return false;
      next.outOfScope[row.kind === 'line' ? 'lines' : 'requests'] += sign;
      return true;
    }
    const state = row.state as keyof ReconSummary['states'];
    if (row.kind === 'line') {
      if (state === 'unmatched_bank_payment') next.states[state] += sign;
      return true;
    }
    next.states[state] += sign;
    if (!CLOSED_STATES.has(state)) {
      const currency = currencies.get(row.currency);
      if (currency === undefined) return false;
      currency.openRequests += sign;
    }
    return true;
  };
  for (const row of followed.before) if (!count(row, -1)) return null;
  for (const row of followed.after) if (!count(row, 1)) return null;

  // A match counts in the totals while an item in the report is in it.
  const counted = (rows: readonly KeptItemRow[]): Set<number> =>
    new Set(rows.flatMap((row) => (row.matchDecision === null ? [] : [row.matchDecision])));
  const was = counted(followed.before);
  const is = counted(followed.after);
  const moves = new Map<string, { paid: string[]; requested: string[] }>();
  const move = (decisionId: number, sign: 1 | -1): boolean => {
    const payload =
      followed.matches.find((match) => match.decisionId === decisionId)?.payload ??
      (repo.get(workspaceId, decisionId)?.payload as unknown as MatchPayload | undefined);
    if (payload === undefined) return false;
    const lines = payload.lines.map((row) => followed.world.lineByRow.get(row)?.key);
    const requests = payload.requests.map((row) => followed.world.requestByRow.get(row)?.key);
    if (lines.some((key) => key === undefined) || requests.some((key) => key === undefined)) return false;
    const totals = matchTotals(followed.world, lines as string[], requests as string[]);
    if (totals === null) return true;
    const entry = moves.get(totals.currency) ?? { paid: [], requested: [] };
    moves.set(totals.currency, entry);
    const signed = (amount: string): string =>
      sign === 1 ? amount : amount.startsWith('-') ? amount.slice(1) : `-${amount}`;
    entry.paid.push(signed(totals.paid.amount));
    entry.requested.push(signed(totals.requested.amount));
    return true;
  };
  for (const id of was) if (!is.has(id) && !move(id, -1)) return null;
  for (const id of is) if (!was.has(id) && !move(id, 1)) return null;
  for (const [currency, { paid, requested }] of moves) {
    const row = currencies.get(currency);
    if (row === undefined) return null;
    const [paidTotal, requestedTotal] = sumAmounts(currency, [
      [row.paid.amount, ...paid],
      [row.matchedRequested.amount, ...requested],
    ]);
    row.paid = paidTotal!;
    row.matchedRequested = requestedTotal!;
  }
  next.suggestions = suggestions;
  return next;
}

/**
 * After the decision's transaction: moves what was kept at `before` to `after` by the decision's
 * effect. Says whether the kept items followed.
 */
export function followDecision(
  context: ReconContext,
  versions: { before: number; after: number },
  effect: DecisionEffect,
): boolean {
  const { db, workspaceId } = context;
  return keep(context, () => {
    const readings = new ReconReadingsRepository(db);
    if (readings.inputsVersion() !== versions.after) return false;
    const rowsRepo = new ReconItemRowsRepository(db);
    const reading = rowsRepo.reading(workspaceId);
    const key = optionsKey(context);
    if (reading === null || reading.inputsVersion !== versions.before || reading.optionsKey !== key)
      return false;
    const followed = followRows(context, reading.asOf, reading, effect);
    if (followed === null) return false;
    const before = new Map(followed.before.map((row) => [row.position, row]));
    const changed = followed.after.filter((row) => !same(row, before.get(row.position)!));
    rowsRepo.update(workspaceId, { ...reading, inputsVersion: versions.after }, changed);

    const queue = readings.suggestionQueueAt(workspaceId, versions.before);
    if (queue === null) return true;
    const nextQueue = followQueue(context, queue, effect);
    readings.saveSuggestionQueue(workspaceId, versions.after, nextQueue);

    const summary = readings.summaryAt(workspaceId, reading.asOf, key, versions.before);
    if (summary === null) return true;
    const next = followSummary(
      summary,
      followed,
      new ReconDecisionsRepository(db),
      workspaceId,
      nextQueue.length,
    );
    if (next !== null) readings.saveSummary(workspaceId, reading.asOf, key, versions.after, next);
    return true;
  });
}
