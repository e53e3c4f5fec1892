/**
 * Review decisions on matches: confirm one option of a suggestion, reject a suggestion, match by
 * hand. Each is one transaction with its audit entry (record.ts); an item already in a match is
 * refused, naming the decision to undo first, and a signed-off item naming its sign-off (confirm,
 * reject and manual alike).
 */
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract';
import { AppError, invalidInput } from '../../../shared/ipc/errors';
import { ReconDecisionsRepository } from '../ledger/repositories/recon-decisions';
import { ReconSuggestionsRepository, type StoredSuggestion } from '../ledger/repositories/recon-suggestions';
import type { ReconContext } from './context';
import type { MatchPayload, RejectPayload } from './decision-state';
import { amountsText, matchTotals, type StoredMatch } from './explain';
import { manualMatchWarnings } from './manual-check';
import { manualItems, requireUnmatched } from './match-checks';
import { matchWords } from './match-details';
import { optionRefusal } from './option-rule';
import { readNamedWorld, readPageWorld } from './page-world';
import { requireUnlocked } from './signoff/locks';
import type { PlannedMatch } from './plan';
import { recordDecision, type RecordedDecision } from './record';
import { matchSignature } from './suggestion-key';
import type { ReconWorld } from './world';

export function matchDetails(
  match: StoredMatch,
  world: ReconWorld,
  rows: { lines: readonly number[]; requests: readonly number[] },
): Record<string, string | string[] | null> {
  const totals = matchTotals(world, match.lineIds, match.requestReferences);
  return {
    ...matchWords(world, rows),
    rule: match.rule,
    score: String(match.score),
    lineIds: match.lineIds,
    requestReferences: match.requestReferences,
    currency: totals?.currency ?? null,
    paid: totals?.paid.amount ?? null,
    requested: totals?.requested.amount ?? null,
    approved: totals?.approved?.amount ?? null,
  };
}

function suggestionFor(context: ReconContext, key: string): StoredSuggestion {
  const [suggestion] = new ReconSuggestionsRepository(context.db).byKeys(context.workspaceId, [key]);
  if (suggestion === undefined) {
    throw new AppError(
      'not_found',
      'There is no such suggestion (the suggestions change with each run). Run reconciliation again.',
      {
        issues: [{ field: 'key', problem: 'no suggestion of the last run has this key' }],
      },
    );
  }
  if (new ReconDecisionsRepository(context.db).settledKeys(context.workspaceId, [key]).has(key)) {
    throw invalidInput('suggestion', [
      { field: 'key', problem: 'this suggestion was decided already; undo that decision to decide again' },
    ]);
  }
  return suggestion;
}

export function confirmSuggestion(
  context: ReconContext,
  input: ChannelInput<'recon:match.confirm'>,
): RecordedDecision {
  return recordDecision(context, () => {
    const suggestion = suggestionFor(context, input.key);
    const option = suggestion.options[input.option] as PlannedMatch | undefined;
    if (option === undefined) {
      throw invalidInput('suggestion', [
        {
          field: 'option',
          problem: `the suggestion has ${suggestion.options.length} option(s), numbered from 0`,
        },
      ]);
    }
    const rows = { lines: [...option.lines], requests: [...option.requests] };
    // The option's items only, read by id: a decision reads what it decides on, not the ledger.
    const world = readPageWorld(context, rows.lines, rows.requests);
    const matched = new ReconDecisionsRepository(context.db).matchesOfRows(context.workspaceId, rows);
    const refusal = optionRefusal(world, rows, matched, context.lockIndex(), context.format());
    if (refusal !== null) throw refusal.error;
    const payload: MatchPayload = { match: option.match, ...rows, key: input.key, option: input.option };
    return {
      kind: 'confirm',
      action: 'match.confirmed',
      payload: payload as unknown as Record<string, unknown>,
      details: { suggestionKey: input.key, option: input.option, ...matchDetails(option.match, world, rows) },
      apply: (decisionId, decisions) => decisions.addCurrent(context.workspaceId, decisionId, 'match', rows),
    };
  });
}

export function rejectSuggestion(
  context: ReconContext,
  input: ChannelInput<'recon:match.reject'>,
): RecordedDecision {
  return recordDecision(context, () => {
    const suggestion = suggestionFor(context, input.key);
    const options = suggestion.options as PlannedMatch[];
    // A signed-off item is not decided on again, rejected no more than confirmed.
    const world = readPageWorld(
      context,
      options.flatMap((option) => option.lines),
      options.flatMap((option) => option.requests),
    );
    requireUnlocked(
      context.lockIndex(),
      world,
      {
        lines: options.flatMap((option) => option.lines.filter((row) => world.lineByRow.has(row))),
        requests: options.flatMap((option) => option.requests.filter((row) => world.requestByRow.has(row))),
      },
      context.format(),
    );
    const payload: RejectPayload = { key: input.key, signatures: options.map(matchSignature) };
    return {
      kind: 'reject',
      action: 'match.rejected',
      payload: payload as unknown as Record<string, unknown>,
      details: {
        suggestionKey: input.key,
        reason: suggestion.reason,
        options: options.map((option) => ({
          lineIds: option.match.lineIds,
          requestReferences: option.match.requestReferences,
          ...matchWords(world, option),
        })),
      },
    };
  });
}

/**
 * The checks of a match by hand and what it would warn about: the same for recon:match.check
 * (before a person decides) and recon:match.manual (run again inside its transaction).
 */
function checkManual(
  context: ReconContext,
  repo: ReconDecisionsRepository,
  input: ChannelInput<'recon:match.check'>,
) {
  const world = readNamedWorld(context, input);
  const found = manualItems(world, input, context.format());
  const rows = {
    lines: found.lines.map((line) => line.id),
    requests: found.requests.map((request) => request.rowId),
  };
  requireUnlocked(context.lockIndex(), world, rows, context.format());
  requireUnmatched(context, repo, world, rows);
  const keys = {
    lineIds: found.lines.map((line) => line.key),
    requestReferences: found.requests.map((r) => r.key),
  };
  const totals = matchTotals(world, keys.lineIds, keys.requestReferences);
  const warnings =
    totals === null
      ? []
      : manualMatchWarnings(totals, found.lines, found.requests, context.matchOptions(), context.format());
  return { world, rows, keys, totals, warnings };
}

/** What recon:match.manual would refuse (thrown, as it would be) or warn about; writes nothing. */
export function checkManualMatch(
  context: ReconContext,
  input: ChannelInput<'recon:match.check'>,
): ChannelOutput<'recon:match.check'> {
  const read = () => ({
    warnings: checkManual(context, new ReconDecisionsRepository(context.db), input).warnings,
  });
  return context.db.transaction(read).deferred();
}

export function manualMatch(
  context: ReconContext,
  input: ChannelInput<'recon:match.manual'>,
): ChannelOutput<'recon:match.manual'> {
  let warnings: string[] = [];
  const recorded = recordDecision(context, (repo) => {
    const checked = checkManual(context, repo, input);
    const { world, rows, keys, totals } = checked;
    warnings = checked.warnings;
    const match: StoredMatch = {
      rule: 'manual',
      ...keys,
      score: 1,
      explanation: `Matched by hand; ${amountsText(totals, context.format())}.${warnings.length > 0 ? ` ${warnings.join(' ')}` : ''}`,
    };
    const payload: MatchPayload = { match, ...rows, ...(input.note ? { note: input.note } : {}), warnings };
    const split = rows.lines.length > 1 || rows.requests.length > 1;
    return {
      kind: 'manual',
      action: split ? 'match.split' : 'match.manual',
      payload: payload as unknown as Record<string, unknown>,
      details: { ...matchDetails(match, world, rows), note: input.note ?? null, warnings },
      apply: (decisionId, decisions) => decisions.addCurrent(context.workspaceId, decisionId, 'match', rows),
    };
  });
  return { ...recorded, warnings };
}
