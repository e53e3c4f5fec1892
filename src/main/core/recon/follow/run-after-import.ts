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
import { ReconInputsRepository, type ReconRequestRow } from '../../ledger/repositories/recon-inputs';
import { ReconReadingsRepository } from '../../ledger/repositories/recon-readings';
import { ReconSuggestionsRepository } from '../../ledger/repositories/recon-suggestions';
import type { StoredBankLine } from '../../ledger/repositories/bank-line-reads';
import type { ItemRows } from '../../ledger/repositories/recon-decisions';
import type { ReconContext } from '../context';
import { loadDeclined } from '../decision-state';
import { optionsKey } from '../kept-reading';
import { dateOfDay, dayNumber } from '../match/amounts';
import { resolveOptions, MIN_SCANNED_REFERENCE_LENGTH } from '../match/options';
import { FUZZY_REACH } from '../match/pass-fuzzy';
import { ReferenceIndex } from '../match/scan';
import { keyedWorld } from '../page-world';
import { planFromEngine, rowsOf, type RunPlan } from '../plan';
import { preview } from '../match/preview';
import { engineLocks } from '../signoff/locks';
import { signatureRows } from '../suggestion-key';
import { matchLine, matchRequest, worldOf, type ReconWorld } from '../world';
import type { Match, PreviewResult } from '../match/types';

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

/** Day ranges [from, to] (inclusive) merged from each day widened by `before` and `after`. */
function ranges(days: Iterable<number>, before: number, after: number): Array<[number, number]> {
  const merged: Array<[number, number]> = [];
  for (const day of [...new Set(days)].sort((a, b) => a - b)) {
    const last = merged[merged.length - 1];
    if (last !== undefined && day - before <= last[1] + 1) last[1] = day + after;
    else merged.push([day - before, day + after]);
  }
  return merged;
}

function within(spans: ReadonlyArray<[number, number]>, day: number): boolean {
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [from, to] = spans[middle]!;
    if (day < from) high = middle - 1;
    else if (day > to) low = middle + 1;
    else return true;
  }
  return false;
}

/** The rows of these that no decision in force covers (no match, no resolution). */
function undecided(context: ReconContext, kind: 'lines' | 'requests', rows: readonly number[]): number[] {
  const decisions = new ReconDecisionsRepository(context.db);
  const asked = { lines: [] as number[], requests: [] as number[], [kind]: [...rows] };
  const taken = new Set([
    ...decisions.matchesOfRows(context.workspaceId, asked, 'match')[kind].keys(),
    ...decisions.matchesOfRows(context.workspaceId, asked, 'resolution')[kind].keys(),
  ]);
  return rows.filter((row) => !taken.has(row));
}

/** The open requests named by a reference found in these lines' texts, at any date. */
function requestsNamed(context: ReconContext, lines: readonly StoredBankLine[]): number[] {
  const inputs = new ReconInputsRepository(context.db);
  const references = inputs.paymentReferences(context.workspaceId);
  const index = new ReferenceIndex(references, () => true);
  const named = new Set<string>();
  const name = (item: number): void => void named.add(references[item]!);
  for (const line of lines) {
    if (line.reference !== null) {
      index.findWhole(line.reference, name);
      index.findRuns(line.reference, MIN_SCANNED_REFERENCE_LENGTH, name);
    }
    if (line.remittance !== null) index.findRuns(line.remittance, MIN_SCANNED_REFERENCE_LENGTH, name);
  }
  return undecided(context, 'requests', inputs.requestRowsByReferences(context.workspaceId, [...named]));
}

/** Rows of a world being gathered. */
interface Gathered {
  lines: Set<number>;
  requests: Set<number>;
}

/**
 * Adds the open items a stored suggestion or a declined option names with one already gathered,
 * until none is added: whatever the last run left tied to them (a reference paid twice, months
 * apart) is judged with them.
 */
function addTied(context: ReconContext, rows: Gathered, declined: ReadonlySet<string>, skip: Gathered): void {
  const suggestions = new ReconSuggestionsRepository(context.db);
  const signatures = [...declined].map(signatureRows);
  let asked: Gathered = { lines: new Set(rows.lines), requests: new Set(rows.requests) };
  while (asked.lines.size + asked.requests.size > 0) {
    const found: ItemRows[] = [];
    const keys = suggestions.keysNaming(context.workspaceId, {
      lines: [...asked.lines],
      requests: [...asked.requests],
    });
    for (const suggestion of suggestions.byKeys(context.workspaceId, keys))
      found.push(...(suggestion.options as ItemRows[]));
    for (const signature of signatures)
      if (
        signature.lines.some((row) => asked.lines.has(row)) ||
        signature.requests.some((row) => asked.requests.has(row))
      )
        found.push(signature);
    const fresh = (kind: 'lines' | 'requests'): Set<number> =>
      new Set(
        undecided(
          context,
          kind,
          [...new Set(found.flatMap((option) => option[kind]))].filter(
            (row) => !rows[kind].has(row) && !skip[kind].has(row),
          ),
        ),
      );
    asked = { lines: fresh('lines'), requests: fresh('requests') };
    asked.lines.forEach((row) => rows.lines.add(row));
    asked.requests.forEach((row) => rows.requests.add(row));
  }
}

/**
 * The new lines and what they could meet (see the top of this file), but what `consumed` holds,
 * as rows to read.
 */
function reachOf(
  context: ReconContext,
  lines: readonly StoredBankLine[],
  /** The requests the lines name (or more). */
  named: readonly number[],
  declined: ReadonlySet<string>,
  consumed: Gathered,
): { lines: StoredBankLine[]; requests: ReconRequestRow[] } {
  const { db, workspaceId } = context;
  const inputs = new ReconInputsRepository(db);
  const statements = new BankStatementsRepository(db);
  const window = resolveOptions(context.matchOptions());
  // booking − request date ∈ [−before, +after] for any pass that weighs dates.
  const before = Math.max(window.daysBefore, FUZZY_REACH.daysBefore);
  const after = Math.max(window.daysAfter, FUZZY_REACH.daysAfter);

  // Open requests dated within reach of a new line (a request's date is as the platform wrote it:
  // its UTC instant is within a day of it), those a new line names, and those tied to them.
  const lineSpans = ranges(
    lines.map((line) => dayNumber(line.bookingDate)),
    after,
    before,
  );
  const requests = new Map<number, ReconRequestRow>();
  for (const [from, to] of lineSpans)
    for (const request of inputs.freeRequestsCreated(workspaceId, dateOfDay(from - 1), dateOfDay(to + 2)))
      if (within(lineSpans, dayNumber(request.createdAt)) && !consumed.requests.has(request.rowId))
        requests.set(request.rowId, request);
  const rows: Gathered = {
    lines: new Set(lines.map((line) => line.id)),
    requests: new Set([...requests.keys(), ...named.filter((row) => !consumed.requests.has(row))]),
  };
  addTied(context, rows, declined, consumed);
  const unread = [...rows.requests].filter((row) => !requests.has(row));
  for (const request of inputs.requestsByIds(workspaceId, unread)) requests.set(request.rowId, request);

  // Open lines competing for them: booked within reach of one (what is tied to them is in).
  const read = new Map(lines.map((line) => [line.id, line]));
  const requestDays = [...requests.values()].map((request) => dayNumber(request.createdAt));
  for (const [from, to] of ranges(requestDays, before, after))
    for (const line of statements.freeLinesBooked(workspaceId, dateOfDay(from), dateOfDay(to)))
      if (!consumed.lines.has(line.id)) read.set(line.id, line);
  const tied = [...rows.lines].filter((row) => !read.has(row));
  for (const line of statements.linesByIds(workspaceId, tied)) read.set(line.id, line);
  return { lines: [...read.values()], requests: [...requests.values()] };
}

/**
 * The new lines and the requests they name, with what is tied to them: enough for the exact
 * reference pass, which runs first over everything and decides each group of lines and requests
 * linked by references on its own.
 */
function namedOf(
  context: ReconContext,
  lines: readonly StoredBankLine[],
  named: readonly number[],
  declined: ReadonlySet<string>,
): { lines: StoredBankLine[]; requests: ReconRequestRow[] } {
  const { db, workspaceId } = context;
  const rows: Gathered = { lines: new Set(lines.map((line) => line.id)), requests: new Set(named) };
  addTied(context, rows, declined, { lines: new Set(), requests: new Set() });
  const added = new Set(lines.map((line) => line.id));
  return {
    lines: [
      ...lines,
      ...new BankStatementsRepository(db).linesByIds(
        workspaceId,
        [...rows.lines].filter((row) => !added.has(row)),
      ),
    ],
    requests: new ReconInputsRepository(db).requestsByIds(workspaceId, [...rows.requests]),
  };
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
