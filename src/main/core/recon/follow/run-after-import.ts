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
import { ReconInputsRepository } from '../../ledger/repositories/recon-inputs';
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
import { readPageWorld } from '../page-world';
import { planFromEngine, rowsOf, type RunPlan } from '../plan';
import { preview } from '../match/preview';
import { engineLocks } from '../signoff/locks';
import { signatureRows } from '../suggestion-key';
import { matchLine, matchRequest, type ReconWorld } from '../world';

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

/** The new lines and what they could meet (see the top of this file), as the whole world keys them. */
function scopedWorld(
  context: ReconContext,
  newLines: readonly number[],
  declined: ReadonlySet<string>,
): ReconWorld {
  const { db, workspaceId } = context;
  const inputs = new ReconInputsRepository(db);
  const lines = new BankStatementsRepository(db).linesByIds(workspaceId, newLines);
  const window = resolveOptions(context.matchOptions());
  // booking − request date ∈ [−before, +after] for any pass that weighs dates.
  const before = Math.max(window.daysBefore, FUZZY_REACH.daysBefore);
  const after = Math.max(window.daysAfter, FUZZY_REACH.daysAfter);

  // Open requests dated within reach of a new line (a request's date is as the platform wrote it:
  // its UTC instant is within a day of it), and those a new line names.
  const lineSpans = ranges(
    lines.map((line) => dayNumber(line.bookingDate)),
    after,
    before,
  );
  const requestDays = new Map<number, number>();
  for (const [from, to] of lineSpans)
    for (const request of inputs.freeRequestsCreated(workspaceId, dateOfDay(from - 1), dateOfDay(to + 2))) {
      const day = dayNumber(request.createdAt);
      if (within(lineSpans, day)) requestDays.set(request.rowId, day);
    }
  const named = requestsNamed(context, lines).filter((row) => !requestDays.has(row));
  for (const request of inputs.requestsByIds(workspaceId, named))
    requestDays.set(request.rowId, dayNumber(request.createdAt));

  // Open lines competing for them: booked within reach, or named with one by a suggestion or a
  // declined option (a reference paid twice, months apart).
  const competing = new Set<number>(newLines);
  for (const [from, to] of ranges(requestDays.values(), before, after))
    for (const row of inputs.freeLineRowsBooked(workspaceId, dateOfDay(from), dateOfDay(to)))
      competing.add(row);
  const requests = [...requestDays.keys()];
  const suggestions = new ReconSuggestionsRepository(db);
  const keys = suggestions.keysNaming(workspaceId, { lines: [], requests });
  const others: number[] = [];
  for (const suggestion of suggestions.byKeys(workspaceId, keys))
    for (const option of suggestion.options as ItemRows[]) others.push(...option.lines);
  for (const signature of declined) {
    const rows = signatureRows(signature);
    if (rows.requests.some((row) => requestDays.has(row))) others.push(...rows.lines);
  }
  for (const row of undecided(context, 'lines', others)) competing.add(row);
  return readPageWorld(context, [...competing], requests);
}

const names = (option: { lines: readonly number[] }, rows: ReadonlySet<number>): boolean =>
  option.lines.some((row) => rows.has(row));

/** The run over the new lines and what they could meet (inside the run's transaction). */
export function runAfterImport(context: ReconContext, newLines: readonly number[]): ScopedRun {
  const { db, workspaceId } = context;
  const state = {
    matches: [],
    resolutions: [],
    ...loadDeclined(new ReconDecisionsRepository(db), workspaceId),
  };
  const world = scopedWorld(context, newLines, state.declined);
  const engine = preview(
    world.lines.map(matchLine),
    world.requests.map(matchRequest),
    context.matchOptions(),
    engineLocks(context.lockIndex(), world),
  );
  // What the engine says of the new lines; the stored suggestions sharing an item with it go, and
  // the items they leave get what this world says of them.
  const added = new Set(newLines);
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
