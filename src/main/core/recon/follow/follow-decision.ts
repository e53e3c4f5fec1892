/**
 * A decision changes the state of the few items it covers, and nothing else: the kept reading
 * follows it (follow-effect.ts) by the decision's effect — its items, and the suggestion keys it
 * settles or unsettles. The queue: the suggestions that name its items, or that it settled or
 * unsettled, are judged again.
 */
import { ReconDecisionsRepository } from '../../ledger/repositories/recon-decisions';
import { ReconSuggestionsRepository } from '../../ledger/repositories/recon-suggestions';
import type { ReconContext } from '../context';
import type { MatchPayload, ResolvePayload } from '../decision-state';
import { readPageWorld } from '../page-world';
import type { PlannedMatch } from '../plan';
import { isOpenSuggestion } from '../suggestions-view';
import { followEffect } from './follow-effect';
import { unique, type Effect } from './follow-rows';

/** The rows whose state a decision may change, and the suggestion keys it settles or unsettles. */
export type DecisionEffect = Pick<Effect, 'lines' | 'requests' | 'keys'>;

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

/**
 * After the decision's transaction: moves what was kept at `before` to `after` by the decision's
 * effect. Says whether the kept items followed.
 */
export function followDecision(
  context: ReconContext,
  versions: { before: number; after: number },
  effect: DecisionEffect,
): boolean {
  return followEffect(context, versions, effect, {
    queue: (kept) => (kept === null ? null : followQueue(context, kept, effect)),
  });
}
