/**
 * The suggestion queue: the last run's suggestions, less those a decision in force settled
 * (rejected, or one of its options confirmed) and those no option of which is still possible (an
 * item of every option has been matched since). Options keep their order, so an option's index
 * stays what recon:match.confirm names. Each option says whether recon:match.confirm would take
 * it, by the same rule (option-rule.ts).
 */
import type { ChannelOutput } from '../../../shared/ipc/contract';
import { ReconDecisionsRepository } from '../ledger/repositories/recon-decisions';
import type { ReconContext } from './context';
import type { DecisionState } from './decision-state';
import { toReconMatch } from './explain';
import { matchDetails } from './match-details';
import { matchedRows, optionRefusal } from './option-rule';
import type { PlannedMatch } from './plan';
import type { ReconWorld } from './world';

type SuggestionView = ChannelOutput<'recon:suggestions'>['suggestions'][number];

export function openSuggestions(
  context: ReconContext,
  world: ReconWorld,
  state: DecisionState,
): SuggestionView[] {
  const matched = matchedRows(state);
  const locks = context.lockIndex();
  const format = context.format();
  const possible = (option: PlannedMatch): boolean =>
    option.lines.every((row) => world.lineByRow.has(row) && !matched.lines.has(row)) &&
    option.requests.every((row) => world.requestByRow.has(row) && !matched.requests.has(row));
  return new ReconDecisionsRepository(context.db)
    .suggestions(context.workspaceId)
    .filter((suggestion) => !state.settledKeys.has(suggestion.key))
    .filter((suggestion) => (suggestion.options as PlannedMatch[]).some(possible))
    .map((suggestion) => ({
      key: suggestion.key,
      reason: suggestion.reason,
      options: (suggestion.options as PlannedMatch[]).map((option) => {
        const refusal = optionRefusal(world, option, matched, locks, format);
        return {
          ...toReconMatch(option.match, format),
          // By row: the ids the world gives the rows now (an id may have been qualified since).
          ...matchDetails(
            world,
            option.lines.flatMap((row) => world.lineByRow.get(row)?.key ?? []),
            option.requests.flatMap((row) => world.requestByRow.get(row)?.key ?? []),
          ),
          confirmable: refusal === null,
          whyNot: refusal?.whyNot ?? null,
        };
      }),
    }));
}
