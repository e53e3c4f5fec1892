/**
 * What a preview lists: each match the run would store, as a person reads it — the requests'
 * references, each bank line's booking date, amount and text, and the rule in words.
 */
import type { PlannedMatchView } from '../../../../shared/ipc/contract-recon-settings';
import type { MatchRule } from '../match/types';
import type { PlannedMatch } from '../plan';
import type { ReconLine, ReconWorld } from '../world';
import { RULE_WORDS } from './auto-match-policy';

/** The line's own words: who was paid and what the bank wrote (its reference when nothing else). */
export function lineText(line: ReconLine): string {
  const words = [line.counterpartyName, line.remittance ?? line.reference].filter(
    (part): part is string => part !== null && part !== undefined && part.trim() !== '',
  );
  return words.join(' — ');
}

export function plannedView(world: ReconWorld, planned: PlannedMatch): PlannedMatchView {
  const rule = planned.match.rule;
  return {
    rule,
    ruleText: rule === 'manual' ? 'Matched by hand' : RULE_WORDS[rule as MatchRule],
    requestReferences: planned.match.requestReferences,
    lines: planned.lines.map((row) => {
      const line = world.lineByRow.get(row)!;
      return {
        id: line.key,
        bookingDate: line.bookingDate,
        amount: { amount: line.amount, currency: line.currency },
        text: lineText(line),
      };
    }),
    explanation: planned.match.explanation,
  };
}
