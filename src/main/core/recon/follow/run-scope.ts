/**
 * What the run after an import reads (run-after-import.ts): the requests the new lines name or could
 * pay, the lines competing for them, and what the last run left tied to them, as rows to read.
 */
import { BankStatementsRepository } from '../../ledger/repositories/bank-statements';
import { ReconDecisionsRepository, type ItemRows } from '../../ledger/repositories/recon-decisions';
import { ReconInputsRepository, type ReconRequestRow } from '../../ledger/repositories/recon-inputs';
import { ReconSuggestionsRepository } from '../../ledger/repositories/recon-suggestions';
import type { StoredBankLine } from '../../ledger/repositories/bank-line-reads';
import type { ReconContext } from '../context';
import { dateOfDay, dayNumber } from '../match/amounts';
import { resolveOptions, MIN_SCANNED_REFERENCE_LENGTH } from '../match/options';
import { FUZZY_REACH } from '../match/pass-fuzzy';
import { ReferenceIndex } from '../match/scan';
import { signatureRows } from '../suggestion-key';

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
export function requestsNamed(context: ReconContext, lines: readonly StoredBankLine[]): number[] {
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
export interface Gathered {
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
export function reachOf(
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
export function namedOf(
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
