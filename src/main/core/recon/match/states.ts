/**
 * The state of every transfer request and bank line, and the age of every open
 * item, as of a date. Pure: the matches in force, resolutions, locks and the dates the statements
 * cover are given. Rules, first that applies:
 *
 * Request                                    Line (debits; credits are listed apart)
 *  1 locked (signed off)   → signed_off        1 locked                → signed_off
 *  2 resolved by a person  → resolved          2 resolved by a person  → resolved
 *  3 removed / cancelled:                      3 in a match            → matched, or variance when
 *      paid → refund_expected                      the match is not balanced or has an
 *                                                  approved_edited request
 *      unpaid → resolved (nothing owed either way: closed automatically, reason 'closed_unpaid')
 *  4 paid (in a match):                        4 otherwise             → unmatched_bank_payment
 *      approved_edited                  → variance
 *      approved, bank ≠ approved        → variance
 *      approved, bank = approved        → matched
 *      pending or a status FloatDesk does not know yet → paid_awaiting_approval
 *  5 unpaid:
 *      approved / approved_edited, and the statements cover every day its payment could have
 *        been booked on ([date − daysBefore, min(date + daysAfter, as-of)]) → approved_unpaid
 *      otherwise                        → awaiting_payment
 *
 * "Bank = approved" compares the match as a whole: the bank lines' total against the requests'
 * approved amounts (requested where a request has none yet). Items dated after the as-of date are
 * left out, and so is a match with a line booked after it.
 */
import { AGEING_BUCKETS, RECON_STATES } from '../../../../shared/ipc/contract-recon';
import { dayNumber, significantDecimals, toScaled } from './amounts';
import { Coverage, type CoveredRange } from './coverage';
import { DEFAULT_WINDOW } from './options';
import type { BankLine, Locks, Match, MatchRequest } from './types';

export type ReconState = (typeof RECON_STATES)[number];

/** Open items still need something (a payment, an approval, an explanation); they have an age. */
export const CLOSED_STATES: ReadonlySet<ReconState> = new Set(['matched', 'resolved', 'signed_off']);

export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export function ageingBucket(days: number): AgeingBucket {
  return days <= 2 ? '0-2' : days <= 7 ? '3-7' : days <= 30 ? '8-30' : 'over-30';
}

export interface Resolution {
  kind: 'request' | 'line';
  /** Payment reference or bank transaction id. */
  id: string;
  reasonCode: string;
  note: string;
}

export interface StateInput {
  requests: readonly MatchRequest[];
  lines: readonly BankLine[];
  /** Matches in force (automatic, confirmed or by hand, locked ones included). */
  matches: readonly Match[];
  /**
   * Booking-date ranges the imported statements cover; or how to read them, read only when an
   * approved request with no payment asks (a few items' states often need none).
   */
  covered: readonly CoveredRange[] | (() => readonly CoveredRange[]);
  resolutions?: readonly Resolution[];
  locks?: Locks;
  /** YYYY-MM-DD. */
  asOf: string;
  /** The payment window (as the matcher's): where a payment could be booked. */
  window?: { daysBefore: number; daysAfter: number };
}

export interface ItemState {
  kind: 'request' | 'line';
  id: string;
  state: ReconState;
  /** The request's date or the line's booking date. */
  date: string;
  /** Open items: whole days from `date` to the as-of date (0 when later); closed items: null. */
  ageDays: number | null;
  ageing: AgeingBucket | null;
  /** Position in `matches` of the match in force, or null. */
  match: number | null;
  resolution: Resolution | null;
  /** Set when the state was reached without a person: 'closed_unpaid'. */
  automatic: 'closed_unpaid' | null;
}

export interface StateReport {
  asOf: string;
  requests: ItemState[];
  lines: ItemState[];
  /** Credit or zero lines: not payments, no state. */
  ignoredLines: string[];
  /** Per state, per ageing bucket, open items only. */
  ageing: Record<ReconState, Record<AgeingBucket, number>>;
}

const CLOSED_STATUSES = new Set(['removed', 'cancelled']);
const APPROVED_STATUSES = new Set(['approved', 'approved_edited']);

/** Exact comparison of Σ paid with Σ expected for one match (amount texts, one currency). */
function balanced(paid: readonly string[], expected: readonly string[]): boolean {
  const all = [...paid, ...expected];
  const scale = Math.max(0, ...all.map(significantDecimals));
  const sum = (texts: readonly string[]): bigint =>
    texts.reduce((total, text) => total + toScaled(text, scale), 0n);
  return -sum(paid) === sum(expected);
}

export function reconcileStates(input: StateInput): StateReport {
  const asOf = dayNumber(input.asOf);
  const window = input.window ?? DEFAULT_WINDOW;
  let coverage: Coverage | undefined;
  const covers = (currency: string, from: number, to: number): boolean => {
    const { covered } = input;
    coverage ??= new Coverage(typeof covered === 'function' ? covered() : covered);
    return coverage.covers(currency, from, to);
  };
  const lockedLines = new Set(input.locks?.lineIds ?? []);
  const lockedRequests = new Set(input.locks?.requestReferences ?? []);
  for (const match of input.locks?.matches ?? []) {
    match.lineIds.forEach((id) => lockedLines.add(id));
    match.requestReferences.forEach((reference) => lockedRequests.add(reference));
  }
  const resolutions = new Map<string, Resolution>();
  for (const resolution of input.resolutions ?? [])
    resolutions.set(`${resolution.kind}\n${resolution.id}`, resolution);

  const lineById = new Map<string, BankLine>();
  for (const line of input.lines) lineById.set(line.bankTransactionId, line);
  const requestByReference = new Map<string, MatchRequest>();
  for (const request of input.requests) requestByReference.set(request.paymentReference, request);

  // Matches in force as of the date, and whether each is balanced (bank total = approved total).
  const lineMatch = new Map<string, number>();
  const requestMatch = new Map<string, number>();
  const matchBalanced: boolean[] = [];
  const matchVariance: boolean[] = [];
  input.matches.forEach((match, index) => {
    const lines = match.lineIds.map((id) => lineById.get(id));
    const requests = match.requestReferences.map((reference) => requestByReference.get(reference));
    const inForce = lines.every((line) => line !== undefined && dayNumber(line.bookingDate) <= asOf);
    matchBalanced[index] =
      inForce &&
      requests.every((request) => request !== undefined) &&
      balanced(
        lines.map((line) => (line as BankLine).amount),
        requests.map(
          (request) => ((request as MatchRequest).approved ?? (request as MatchRequest).requested).amount,
        ),
      );
    matchVariance[index] =
      matchBalanced[index] !== true || requests.some((request) => request?.status === 'approved_edited');
    if (!inForce) return;
    match.lineIds.forEach((id) => lineMatch.set(id, index));
    match.requestReferences.forEach((reference) => requestMatch.set(reference, index));
  });

  const ageing = Object.fromEntries(
    RECON_STATES.map((state) => [state, Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, 0]))]),
  ) as Record<ReconState, Record<AgeingBucket, number>>;
  const item = (
    kind: ItemState['kind'],
    id: string,
    date: string,
    state: ReconState,
    match: number | null,
    automatic: ItemState['automatic'] = null,
  ): ItemState => {
    const open = !CLOSED_STATES.has(state);
    const ageDays = open ? Math.max(0, asOf - dayNumber(date)) : null;
    const bucket = ageDays === null ? null : ageingBucket(ageDays);
    if (bucket !== null) ageing[state][bucket]++;
    return {
      kind,
      id,
      state,
      date: date.slice(0, 10),
      ageDays,
      ageing: bucket,
      match,
      resolution: resolutions.get(`${kind}\n${id}`) ?? null,
      automatic,
    };
  };

  const requests: ItemState[] = [];
  for (const request of input.requests) {
    const reference = request.paymentReference;
    const created = dayNumber(request.createdAt);
    if (created > asOf) continue;
    const match = requestMatch.get(reference) ?? null;
    const add = (state: ReconState, automatic: ItemState['automatic'] = null): void => {
      requests.push(item('request', reference, request.createdAt, state, match, automatic));
    };
    if (lockedRequests.has(reference)) add('signed_off');
    else if (resolutions.has(`request\n${reference}`)) add('resolved');
    else if (CLOSED_STATUSES.has(request.status)) {
      if (match !== null) add('refund_expected');
      else add('resolved', 'closed_unpaid');
    } else if (match !== null) {
      if (request.status === 'approved_edited') add('variance');
      else if (request.status === 'approved') add(matchBalanced[match] === true ? 'matched' : 'variance');
      else add('paid_awaiting_approval');
    } else if (APPROVED_STATUSES.has(request.status)) {
      const from = created - window.daysBefore;
      const to = Math.min(created + window.daysAfter, asOf);
      add(covers(request.requested.currency, from, to) ? 'approved_unpaid' : 'awaiting_payment');
    } else {
      add('awaiting_payment');
    }
  }

  const lines: ItemState[] = [];
  const ignoredLines: string[] = [];
  for (const line of input.lines) {
    const id = line.bankTransactionId;
    if (dayNumber(line.bookingDate) > asOf) continue;
    if (toScaled(line.amount, significantDecimals(line.amount)) >= 0n) {
      ignoredLines.push(id);
      continue;
    }
    const match = lineMatch.get(id) ?? null;
    let state: ReconState = 'unmatched_bank_payment';
    if (lockedLines.has(id)) state = 'signed_off';
    else if (resolutions.has(`line\n${id}`)) state = 'resolved';
    else if (match !== null) state = matchVariance[match] === true ? 'variance' : 'matched';
    lines.push(item('line', id, line.bookingDate, state, match));
  }
  return { asOf: input.asOf, requests, lines, ignoredLines, ageing };
}

/**
 * Counts per state in the shape of the CLI contract (`floatdesk reconcile run --json`): every count
 * is of transfer requests, except unmatched_bank_payment, which counts bank lines.
 */
export function stateCounts(report: StateReport): { states: Record<ReconState, number> } {
  const states = Object.fromEntries(RECON_STATES.map((state) => [state, 0])) as Record<ReconState, number>;
  for (const request of report.requests) states[request.state]++;
  // A request is never unmatched_bank_payment; that count is of bank lines only.
  states.unmatched_bank_payment = report.lines.filter(
    (line) => line.state === 'unmatched_bank_payment',
  ).length;
  return { states };
}
