/**
 * The matching engine: bank lines against transfer requests in passes, strongest
 * evidence first — exact reference, reference with a typo, amount and date, splits by exact sum.
 * Each line and each request ends in at most one match; two equally good candidates are never
 * matched automatically but become a suggestion; signed-off (locked) items keep their match and are
 * never touched. `preview` computes everything and changes nothing: the caller stores what it
 * accepts. The result does not depend on the order of the inputs.
 */
import { MATCHED, MatchContext } from './context';
import { amountDatePass } from './pass-amount';
import { exactReferencePass } from './pass-exact';
import { fuzzyReferencePass } from './pass-fuzzy';
import { splitPass } from './pass-split';
import type { BankLine, Locks, MatchOptions, MatchRequest, PreviewResult } from './types';

export function preview(
  lines: readonly BankLine[],
  requests: readonly MatchRequest[],
  options: MatchOptions = {},
  locked: Locks = {},
): PreviewResult {
  const context = new MatchContext(lines, requests, options, locked);
  exactReferencePass(context);
  fuzzyReferencePass(context);
  amountDatePass(context);
  splitPass(context);

  const lockedMatches = (locked.matches ?? []).map((match) => ({ ...match, locked: true as const }));
  // Locked items keep their match; a locked item in no locked match is unmatched.
  const lockedMatchedLines = new Set(lockedMatches.flatMap((match) => match.lineIds));
  const lockedMatchedRequests = new Set(lockedMatches.flatMap((match) => match.requestReferences));
  const unmatchedLines: string[] = context.lockedLineIds.filter((id) => !lockedMatchedLines.has(id));
  for (let i = 0; i < context.lineCount; i++) {
    if (context.lineState[i] !== MATCHED) unmatchedLines.push(context.lineIdOf(i));
  }
  const unmatchedRequests = context.lockedRequestReferences.filter(
    (reference) => !lockedMatchedRequests.has(reference),
  );
  for (let i = 0; i < context.requestCount; i++) {
    if (context.requestState[i] !== MATCHED) unmatchedRequests.push(context.referenceOf(i));
  }
  return {
    matches: lockedMatches.length === 0 ? context.matches : [...lockedMatches, ...context.matches],
    suggestions: context.suggestions,
    unmatchedLines,
    unmatchedRequests,
    ignoredLines: context.ignoredLines,
  };
}
