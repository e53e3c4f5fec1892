/**
 * One matching run, computed and not stored: the engine runs over the items no decision in force
 * covers (stored matches stay as they are; resolved items are explained and left alone), then
 * what a person declined is taken out — an automatic match equal to a rejected option or to an
 * undone automatic match is not stored (its items stay open for a match by hand), a rejected
 * option is not offered again, a rejected or confirmed suggestion is not listed again. Then the
 * workspace's auto-match policy (policy/): a match it does not allow without a person becomes a
 * suggestion saying why, and what lies wholly before the reconciliation start date is left alone.
 */
import type { FormatPreferences } from '../../../shared/domain/formats';
import type { ItemRows } from '../ledger/repositories/recon-decisions';
import type { DecisionState } from './decision-state';
import { storedFromEngine, type StoredMatch } from './explain';
import { preview } from './match/preview';
import type { Locks, Match, MatchOptions, PreviewResult, SuggestionReason } from './match/types';
import type { AutoMatchPolicy } from './policy/auto-match-policy';
import { judgePlanned, scopeOf } from './policy/judge-planned';
import { matchSignature, suggestionKey } from './suggestion-key';
import { matchLine, matchRequest, type ReconWorld } from './world';

export interface PlannedMatch extends ItemRows {
  match: StoredMatch;
}

export interface PlannedSuggestion {
  key: string;
  rule: string;
  reason: SuggestionReason;
  options: PlannedMatch[];
}

export interface RunPlan {
  /** Automatic matches to store. */
  matches: PlannedMatch[];
  suggestions: PlannedSuggestion[];
  /** The engine's own answer (on the items it was given). */
  engine: PreviewResult;
}

export function rowsOf(world: ReconWorld, match: Pick<Match, 'lineIds' | 'requestReferences'>): ItemRows {
  return {
    lines: match.lineIds.map((key) => {
      const line = world.lineByKey.get(key);
      if (line === undefined) throw new Error(`The matcher named an unknown bank line ${key}`);
      return line.id;
    }),
    requests: match.requestReferences.map((key) => {
      const request = world.requestByKey.get(key);
      if (request === undefined) throw new Error(`The matcher named an unknown request ${key}`);
      return request.rowId;
    }),
  };
}

/** Row ids covered by a decision in force (a match or a resolution). */
export function decidedRows(state: DecisionState): { lines: Set<number>; requests: Set<number> } {
  const lines = new Set<number>();
  const requests = new Set<number>();
  for (const { payload } of state.matches) {
    payload.lines.forEach((row) => lines.add(row));
    payload.requests.forEach((row) => requests.add(row));
  }
  for (const { payload } of state.resolutions) (payload.kind === 'line' ? lines : requests).add(payload.row);
  return { lines, requests };
}

export function planRun(
  world: ReconWorld,
  state: DecisionState,
  options: MatchOptions,
  locks: Locks,
  policy: AutoMatchPolicy,
  /** How the explanations write money and dates (Settings → Format). */
  format: FormatPreferences,
): RunPlan {
  const decided = decidedRows(state);
  const engine = preview(
    world.lines.filter((line) => !decided.lines.has(line.id)).map(matchLine),
    world.requests.filter((request) => !decided.requests.has(request.rowId)).map(matchRequest),
    options,
    locks,
  );
  return planFromEngine(world, state, engine, policy, format);
}

/** Which of the engine's proposals a plan keeps (by their rows), before anything is explained. */
export interface PlanScope {
  match: (rows: ItemRows) => boolean;
  suggestion: (options: readonly ItemRows[]) => boolean;
}

/** The plan from the engine's answer: `scope` leaves out what the caller will not store. */
export function planFromEngine(
  world: ReconWorld,
  state: DecisionState,
  engine: PreviewResult,
  policy: AutoMatchPolicy,
  format: FormatPreferences,
  scope?: PlanScope,
): RunPlan {
  const planned = (match: Match): PlannedMatch => ({
    match: storedFromEngine(world, match, format),
    ...rowsOf(world, match),
  });
  const inScope = (option: PlannedMatch): boolean => scopeOf(world, option, policy) !== 'out';
  const matches: PlannedMatch[] = [];
  // Matches the policy leaves to a person: one suggestion each, the reason added to its words.
  const held: { rule: string; reason: SuggestionReason; options: PlannedMatch[] }[] = [];
  for (const match of engine.matches) {
    if (match.locked === true) continue;
    const asMatch = scope === undefined || scope.match(rowsOf(world, match));
    if (scope !== undefined && !asMatch && !scope.suggestion([rowsOf(world, match)])) continue;
    const option = planned(match);
    if (state.declined.has(matchSignature(option)) || !inScope(option)) continue;
    const verdict = judgePlanned(world, match.rule, option, policy, format);
    // A match the caller would not store is no suggestion either.
    if (verdict.automatic) {
      if (asMatch) matches.push(option);
    } else {
      const explanation = `${option.match.explanation} Not matched automatically. ${verdict.why}`;
      held.push({
        rule: match.rule,
        reason: 'weak_evidence',
        options: [{ ...option, match: { ...option.match, explanation } }],
      });
    }
  }
  const suggestions: PlannedSuggestion[] = [];
  const listed = new Set<string>();
  const proposals = [
    ...engine.suggestions
      .filter(
        (suggestion) =>
          scope === undefined || scope.suggestion(suggestion.options.map((option) => rowsOf(world, option))),
      )
      .map((suggestion) => ({ ...suggestion, options: suggestion.options.map(planned) })),
    ...held,
  ];
  for (const suggestion of proposals) {
    const kept = suggestion.options.filter(
      (option) => !state.declined.has(matchSignature(option)) && inScope(option),
    );
    if (kept.length === 0) continue;
    const key = suggestionKey(kept);
    if (state.settledKeys.has(key) || listed.has(key)) continue;
    listed.add(key);
    suggestions.push({ key, rule: suggestion.rule, reason: suggestion.reason, options: kept });
  }
  return { matches, suggestions, engine };
}
