/**
 * The run after an import judges what the imported lines could change, not every open item. When
 * only imports happened since the last run (recon_run_pending: their lines, noted by
 * follow-import.ts), every other open item is as that run left it: whatever it could match, it
 * matched; what stayed open is in a suggestion, declined, or has no candidate. So the engine runs
 * over a world of the new lines and what they could meet:
 *   - the open requests a new line could pay: dated within reach of it (the amount window, the
 *     reach of a reference with a typo), or named by a reference found in its texts at any date;
 *   - the open lines competing for those requests: booked within reach of one of them, in a
 *     suggestion naming one, or in a declined option naming one;
 * and what it stores is what concerns the new lines: the matches and suggestions naming one. A
 * stored suggestion that shares an item with them goes (what replaces it, for its other items,
 * comes from the same world). An item left out can only make the engine more cautious here, never
 * bolder: the property test of reconcile-scoped-run.test.ts compares with the run over everything.
 */
import { BankStatementsRepository } from '../../ledger/repositories/bank-statements';
import { ReconDecisionsRepository } from '../../ledger/repositories/recon-decisions';
import { ReconReadingsRepository } from '../../ledger/repositories/recon-readings';
import { ReconSuggestionsRepository } from '../../ledger/repositories/recon-suggestions';
import type { ReconContext } from '../context';
import { loadDeclined } from '../decision-state';
import { optionsKey } from '../kept-reading';
import { keyedWorld } from '../page-world';
import { planFromEngine, rowsOf, type RunPlan } from '../plan';
import { preview } from '../match/preview';
import { engineLocks } from '../signoff/locks';
import { matchLine, matchRequest, worldOf, type ReconWorld } from '../world';
import type { Match, PreviewResult } from '../match/types';
import { namedOf, reachOf, requestsNamed, type Gathered } from './run-scope';

/** More new lines than this: the run over everything is as quick. */
const MAX_NEW_LINES = 5000;

export interface ScopedRun {
  plan: RunPlan;
  world: ReconWorld;
  /** Stored suggestions that go: they share an item with what the run found. */
  removed: string[];
}

/** The lines imported since the last run, when nothing else changed since it; else null. */
export function pendingLines(context: ReconContext): number[] | null {
  const readings = new ReconReadingsRepository(context.db);
  const pending = readings.pendingLines(context.workspaceId);
  if (pending === null || pending.lines.length > MAX_NEW_LINES) return null;
  const key = optionsKey(context);
  const unchanged =
    pending.optionsKey === key &&
    pending.since === readings.runMark(context.workspaceId, key) &&
    pending.to === readings.inputsVersion();
  return unchanged ? pending.lines : null;
}

const names = (option: { lines: readonly number[] }, rows: ReadonlySet<number>): boolean =>
  option.lines.some((row) => rows.has(row));

function engineOver(context: ReconContext, world: ReconWorld): PreviewResult {
  return preview(
    world.lines.map(matchLine),
    world.requests.map(matchRequest),
    context.matchOptions(),
    engineLocks(context.lockIndex(), world),
  );
}

/**
 * The run over the new lines and what they could meet (inside the run's transaction), in two
 * steps: the lines an exact reference matches are settled with only what they name; the others
 * then meet everything within reach.
 */
export function runAfterImport(context: ReconContext, newLines: readonly number[]): ScopedRun {
  const { db, workspaceId } = context;
  const state = {
    matches: [],
    resolutions: [],
    ...loadDeclined(new ReconDecisionsRepository(db), workspaceId),
  };
  const added = new Set(newLines);
  const lines = new BankStatementsRepository(db).linesByIds(workspaceId, newLines);
  const namedRows = requestsNamed(context, lines);
  const named = namedOf(context, lines, namedRows, state.declined);
  const first = keyedWorld(context, named.lines, named.requests);
  // What the exact reference pass decides for a new line — a match, or a group held for a person —
  // it decides with only what is named and tied here (the full run's pass sees the same group).
  const early = engineOver(context, first);
  const concerns = (match: Pick<Match, 'lineIds' | 'requestReferences'>): boolean =>
    names(rowsOf(first, match), added);
  const exact = early.matches.filter(
    (match) => match.locked !== true && match.rule === 'exact_reference' && concerns(match),
  );
  const held = early.suggestions.filter(
    (suggestion) => suggestion.rule === 'exact_reference' && suggestion.options.some(concerns),
  );
  const consumed: Gathered = { lines: new Set(), requests: new Set() };
  for (const match of [...exact, ...held.flatMap((suggestion) => suggestion.options)]) {
    const rows = rowsOf(first, match);
    rows.lines.forEach((row) => consumed.lines.add(row));
    rows.requests.forEach((row) => consumed.requests.add(row));
  }
  const rest = lines.filter((line) => !consumed.lines.has(line.id));
  const reach =
    rest.length === 0
      ? { lines: [], requests: [] }
      : reachOf(context, rest, namedRows, state.declined, consumed);
  const second = keyedWorld(context, reach.lines, reach.requests);
  const later = rest.length === 0 ? null : engineOver(context, second);
  const world = worldOf(
    [...new Map([...first.lines, ...second.lines].map((line) => [line.id, line])).values()],
    [...new Map([...first.requests, ...second.requests].map((request) => [request.rowId, request])).values()],
  );
  const engine: PreviewResult = {
    matches: [...exact, ...(later?.matches ?? [])],
    suggestions: [...held, ...(later?.suggestions ?? [])],
    unmatchedLines: [],
    unmatchedRequests: [],
    ignoredLines: [],
  };
  // What the engine says of the new lines; the stored suggestions sharing an item with it go, and
  // the items they leave get what this world says of them.
  const found = [
    ...engine.matches.filter((match) => match.locked !== true),
    ...engine.suggestions.flatMap((suggestion) => suggestion.options),
  ]
    .map((match) => rowsOf(world, match))
    .filter((rows) => names(rows, added));
  const suggestions = new ReconSuggestionsRepository(db);
  const removed = suggestions.keysNaming(workspaceId, {
    lines: found.flatMap((rows) => rows.lines),
    requests: found.flatMap((rows) => rows.requests),
  });
  const freed = new Set<number>(added);
  for (const suggestion of suggestions.byKeys(workspaceId, removed))
    for (const option of suggestion.options as Array<{ lines: number[] }>)
      option.lines.forEach((row) => freed.add(row));
  const plan = planFromEngine(world, state, engine, context.policy(), context.format(), {
    match: (rows) => names(rows, added),
    suggestion: (options) => options.some((rows) => names(rows, freed)),
  });
  return { plan, world, removed };
}
