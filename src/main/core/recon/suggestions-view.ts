/**
 * The suggestion queue: the last run's suggestions, less those a decision in force settled
 * (rejected, or one of its options confirmed) and those no option of which is still possible (an
 * item of every option has been matched since). Options keep their order, so an option's index
 * stays what recon:match.confirm names. Each option says whether recon:match.confirm would take
 * it, by the same rule (option-rule.ts). Which are open is kept in the file (the queue); only the
 * page asked for is read and worked out in full: a ledger of 100,000 items can hold tens of
 * thousands of suggestions.
 */
import type { ChannelOutput } from '../../../shared/ipc/contract';
import { ReconDecisionsRepository } from '../ledger/repositories/recon-decisions';
import { ReconSuggestionsRepository, type StoredSuggestion } from '../ledger/repositories/recon-suggestions';
import { ReconReadingsRepository } from '../ledger/repositories/recon-readings';
import { readWithLocks, type ReconContext } from './context';
import type { DecisionState } from './decision-state';
import { toReconMatch } from './explain';
import { matchDetails } from './match-details';
import { keep } from './kept-reading';
import { derived } from './memo';
import { readPageWorld } from './page-world';
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
    const open = isOpenSuggestion(world, matchedRows(state), state.settledKeys);
    return new ReconSuggestionsRepository(context.db).all(context.workspaceId).filter(open);
  });
}

/**
 * Whether a suggestion is still open: no decision in force settled it, and one of its options is
 * still possible (its items all exist and none is in a match in force). `world` holds at least the
 * rows its options name.
 */
export function isOpenSuggestion(
  world: ReconWorld,
  matched: { lines: ReadonlyMap<number, number>; requests: ReadonlyMap<number, number> },
  settled: ReadonlySet<string>,
): (suggestion: StoredSuggestion) => boolean {
  const possible = (option: PlannedMatch): boolean =>
    option.lines.every((row) => world.lineByRow.has(row) && !matched.lines.has(row)) &&
    option.requests.every((row) => world.requestByRow.has(row) && !matched.requests.has(row));
  return (suggestion) =>
    !settled.has(suggestion.key) && (suggestion.options as PlannedMatch[]).some(possible);
}

/** How many suggestions wait for a person (the summary's count). */
export function openSuggestionCount(context: ReconContext, world: ReconWorld, state: DecisionState): number {
  return openRows(context, world, state).length;
}

/** The open suggestions' keys in the run's order, kept in the file while the inputs are unchanged. */
export function suggestionQueue(context: ReconContext): string[] {
  const readings = new ReconReadingsRepository(context.db);
  const kept = readings.suggestionQueue(context.workspaceId);
  if (kept !== null) return kept;
  const { context: read, world, state, inputsVersion } = readWithLocks(context);
  const keys = openRows(read, world, state).map((suggestion) => suggestion.key);
  keep(context, () => readings.saveSuggestionQueue(context.workspaceId, inputsVersion, keys));
  return keys;
}

/**
 * One page of the open suggestions (all of them when no limit is given), and how many there are:
 * the page's suggestions, their items and the matches those are in, read by key and by id.
 */
export function openSuggestions(
  context: ReconContext,
  page: { offset?: number; limit?: number } = {},
): { total: number; suggestions: SuggestionView[] } {
  const keys = suggestionQueue(context);
  const offset = page.offset ?? 0;
  const shownKeys = keys.slice(offset, page.limit === undefined ? undefined : offset + page.limit);
  const read = (): SuggestionView[] => {
    const shown = new ReconSuggestionsRepository(context.db).byKeys(context.workspaceId, shownKeys);
    const options = shown.flatMap((suggestion) => suggestion.options as PlannedMatch[]);
    const rows = {
      lines: options.flatMap((option) => option.lines),
      requests: options.flatMap((option) => option.requests),
    };
    const world = readPageWorld(context, rows.lines, rows.requests);
    const matched = new ReconDecisionsRepository(context.db).matchesOfRows(context.workspaceId, rows);
    const locks = context.lockIndex();
    const format = context.format();
    return shown.map((suggestion) => ({
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
  };
  const suggestions = context.db.inTransaction ? read() : context.db.transaction(read).deferred();
  return { total: keys.length, suggestions };
}
