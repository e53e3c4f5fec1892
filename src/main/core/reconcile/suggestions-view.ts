/**
 * The suggestion queue: the last run's suggestions, less those a decision in force settled
 * (rejected, or one of its options confirmed) and those no option of which is still possible (an
 * item of every option has been matched since). Options keep their order, so an option's index
 * stays what recon:match.confirm names.
 */
import type { ChannelOutput } from '../../../shared/ipc/contract';
import { ReconDecisionsRepository } from '../ledger/repositories/recon-decisions';
import type { ReconContext } from './context';
import type { DecisionState } from './decision-state';
import { toReconMatch } from './explain';
import type { PlannedMatch } from './plan';
import type { ReconWorld } from './world';

type SuggestionView = ChannelOutput<'recon:suggestions'>['suggestions'][number];

export function openSuggestions(
  context: ReconContext,
  world: ReconWorld,
  state: DecisionState,
): SuggestionView[] {
  const matchedLines = new Set<number>();
  const matchedRequests = new Set<number>();
  for (const { payload } of state.matches) {
    payload.lines.forEach((row) => matchedLines.add(row));
    payload.requests.forEach((row) => matchedRequests.add(row));
  }
  const possible = (option: PlannedMatch): boolean =>
    option.lines.every((row) => world.lineByRow.has(row) && !matchedLines.has(row)) &&
    option.requests.every((row) => world.requestByRow.has(row) && !matchedRequests.has(row));
  return new ReconDecisionsRepository(context.db)
    .suggestions(context.workspaceId)
    .filter((suggestion) => !state.settledKeys.has(suggestion.key))
    .filter((suggestion) => (suggestion.options as PlannedMatch[]).some(possible))
    .map((suggestion) => ({
      key: suggestion.key,
      reason: suggestion.reason,
      options: (suggestion.options as PlannedMatch[]).map((option) => toReconMatch(option.match)),
    }));
}
