/**
 * The suggestion queue: the last run's suggestions, less those a decision in force settled
 * (rejected, or one of its options confirmed) and those no option of which is still possible (an
 * item of every option has been matched since). Options keep their order, so an option's index
 * stays what recon:match.confirm names. Each option says whether recon:match.confirm would take
 * it, by the same rule (option-rule.ts). Only the page asked for is worked out in full: a ledger of
 * 100,000 items can hold tens of thousands of suggestions.
 */
import type { ChannelOutput } from '../../../shared/ipc/contract';
import { ReconDecisionsRepository, type StoredSuggestion } from '../ledger/repositories/recon-decisions';
import type { ReconContext } from './context';
import type { DecisionState } from './decision-state';
import { toReconMatch } from './explain';
import { matchDetails } from './match-details';
import { derived } from './memo';
import { matchedRows, optionRefusal } from './option-rule';
import type { PlannedMatch } from './plan';
import type { ReconWorld } from './world';

type SuggestionView = ChannelOutput<'recon:suggestions'>['suggestions'][number];

/**
 * The suggestions still open, in the run's order (kept with the reading: memo.ts). The table holds
 * every suggestion of the last run, which only a run replaces, and a run brings a new reading.
 */
function openRows(context: ReconContext, world: ReconWorld, state: DecisionState): StoredSuggestion[] {
  return derived({ world, state, locks: context.lockIndex() }, 'open suggestions', () => {
    const matched = matchedRows(state);
    const possible = (option: PlannedMatch): boolean =>
      option.lines.every((row) => world.lineByRow.has(row) && !matched.lines.has(row)) &&
      option.requests.every((row) => world.requestByRow.has(row) && !matched.requests.has(row));
    return new ReconDecisionsRepository(context.db)
      .suggestions(context.workspaceId)
      .filter((suggestion) => !state.settledKeys.has(suggestion.key))
      .filter((suggestion) => (suggestion.options as PlannedMatch[]).some(possible));
  });
}

/** How many suggestions wait for a person (the summary's count). */
export function openSuggestionCount(context: ReconContext, world: ReconWorld, state: DecisionState): number {
  return openRows(context, world, state).length;
}

/** One page of the open suggestions (all of them when no limit is given), and how many there are. */
export function openSuggestions(
  context: ReconContext,
  world: ReconWorld,
  state: DecisionState,
  page: { offset?: number; limit?: number } = {},
): { total: number; suggestions: SuggestionView[] } {
  const open = openRows(context, world, state);
  const offset = page.offset ?? 0;
  const shown = open.slice(offset, page.limit === undefined ? undefined : offset + page.limit);
  const matched = matchedRows(state);
  const locks = context.lockIndex();
  const format = context.format();
  return {
    total: open.length,
    suggestions: shown.map((suggestion) => ({
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
    })),
  };
}
