/**
 * The kept summary moved by a change (follow-effect.ts): its state counts and open requests by the
 * rows that changed or were added, its paid and matched totals (exact) by the matches that came or
 * went. The roll-forward difference does not hang on decisions or on bank lines within the
 * statements' coverage, and stays; a currency the summary does not list yet cannot be followed.
 */
import type { ReconSummary } from '../../../../shared/ipc/contract-recon';
import type { ReconDecisionsRepository } from '../../ledger/repositories/recon-decisions';
import type { KeptItemRow } from '../../ledger/repositories/recon-item-rows';
import type { MatchPayload } from '../decision-state';
import { matchTotals, sumAmounts } from '../explain';
import { CLOSED_STATES } from '../match/states';
import type { Followed } from './follow-rows';

/** The summary moved by the rows that changed (counts) and the matches that came or went (totals). */
export function followSummary(
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
  for (const row of followed.added) if (!currencies.has(row.currency) || !count(row, 1)) return null;

  // A match counts in the totals while an item in the report is in it.
  const counted = (rows: readonly KeptItemRow[]): Set<number> =>
    new Set(rows.flatMap((row) => (row.matchDecision === null ? [] : [row.matchDecision])));
  const was = counted(followed.before);
  const is = counted([...followed.after, ...followed.added]);
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

