/**
 * Whether one option of a suggestion can be confirmed: the one rule recon:match.confirm enforces
 * and recon:suggestions shows (`confirmable`, `whyNot`), so the two cannot disagree. Refused, first
 * that applies: an item no longer in the ledger, an item signed off, an item already in a match in
 * force, items in different currencies.
 */
import { RESOLUTION_REASON_WORDS } from '../../../shared/domain/recon-words';
import type { FormatPreferences } from '../../../shared/domain/formats';
import { AppError, invalidInput } from '../../../shared/ipc/errors';
import type { ItemRows } from '../ledger/repositories/recon-decisions';
import type { DecisionState } from './decision-state';
import { currencyIssues } from './match-checks';
import { lockedError, type LockIndex } from './signoff/locks';
import type { ReconWorld } from './world';

export interface OptionRefusal {
  /** What recon:match.confirm throws. */
  error: AppError;
  /** The same in plain words for the suggestion list. */
  whyNot: string;
}

/** Row ids in a match in force, with the decision of that match. */
export interface MatchedRows {
  lines: ReadonlyMap<number, number>;
  requests: ReadonlyMap<number, number>;
}

export function matchedRows(state: DecisionState): MatchedRows {
  const lines = new Map<number, number>();
  const requests = new Map<number, number>();
  for (const { decisionId, payload } of state.matches) {
    payload.lines.forEach((row) => lines.set(row, decisionId));
    payload.requests.forEach((row) => requests.set(row, decisionId));
  }
  return { lines, requests };
}

const firstSentence = (message: string): string => message.replace(/\.\s.*$/s, '');

function matchedRefusal(world: ReconWorld, option: ItemRows, matched: MatchedRows): OptionRefusal | null {
  const taken = [
    ...option.lines.flatMap((row) => {
      const decision = matched.lines.get(row);
      return decision === undefined
        ? []
        : [
            {
              field: 'lineIds',
              problem: `bank line ${world.lineByRow.get(row)!.key} is already matched (decision ${decision}); undo that decision first`,
            },
          ];
    }),
    ...option.requests.flatMap((row) => {
      const decision = matched.requests.get(row);
      return decision === undefined
        ? []
        : [
            {
              field: 'requestReferences',
              problem: `request ${world.requestByRow.get(row)!.key} is already matched (decision ${decision}); undo that decision first`,
            },
          ];
    }),
  ];
  return taken.length === 0 ? null : { error: invalidInput('match', taken), whyNot: taken[0]!.problem };
}

function currencyRefusal(
  world: ReconWorld,
  option: ItemRows,
  format: FormatPreferences,
): OptionRefusal | null {
  const lines = option.lines.map((row) => world.lineByRow.get(row)!);
  const requests = option.requests.map((row) => world.requestByRow.get(row)!);
  const issues = currencyIssues(lines, requests, () => 'option', format);
  if (issues.length === 0) return null;
  const paid = lines[0]?.currency ?? requests[0]!.requested.currency;
  const other = requests.find((request) => request.requested.currency !== paid);
  const whyNot =
    other === undefined
      ? `the bank payments are in different currencies (${[...new Set(lines.map((line) => line.currency))].join(', ')}): they cannot be matched together`
      : `paid in ${paid} for a ${other.requested.currency} request: resolve the request with the reason “${RESOLUTION_REASON_WORDS.fx_difference}” instead`;
  return { error: invalidInput('match', issues), whyNot };
}

export function optionRefusal(
  world: ReconWorld,
  option: ItemRows,
  matched: MatchedRows,
  locks: LockIndex,
  format: FormatPreferences,
): OptionRefusal | null {
  if (
    option.lines.some((row) => !world.lineByRow.has(row)) ||
    option.requests.some((row) => !world.requestByRow.has(row))
  ) {
    return {
      error: new AppError(
        'not_found',
        'An item of this suggestion is no longer in the ledger. Run reconciliation again.',
      ),
      whyNot: 'an item of this option is no longer in the ledger: run reconciliation again',
    };
  }
  for (const [rows, kind] of [
    [option.requests, 'request'],
    [option.lines, 'line'],
  ] as const) {
    for (const row of rows) {
      const lock = (kind === 'line' ? locks.lines : locks.requests).get(row);
      if (lock === undefined) continue;
      const line = kind === 'line' ? world.lineByRow.get(row)! : undefined;
      const key = line !== undefined ? line.key : world.requestByRow.get(row)!.key;
      const error = lockedError(kind, key, lock, format, line);
      return { error, whyNot: `${firstSentence(error.message)}: unlock that sign-off first` };
    }
  }
  return matchedRefusal(world, option, matched) ?? currencyRefusal(world, option, format);
}
