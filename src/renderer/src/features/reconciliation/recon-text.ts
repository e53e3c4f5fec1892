import { AGEING_BUCKETS, RECON_STATES } from '@shared/ipc/contract-recon';
import {
  AGEING_WORDS,
  flagWords,
  MATCH_RULE_WORDS,
  reasonWords,
  RESOLUTION_REASON_CODES,
  RESOLUTION_REASON_WORDS,
  STATE_WORDS,
} from '@shared/domain/recon-words';
import { formatDate } from '../../lib/format-time';
import type {
  ImportFormat,
  ImportResult,
  ResolveReason,
  RunResult,
  Suggestion,
} from '../../stores/recon-client';
import type { AgeingBucket, ReconState } from '../../stores/recon-items-store';
import { formatNumber } from '../../lib/format-money';

/**
 * The words of the Reconciliation screen: states, ages, reasons and results in plain language. The
 * words of states, reasons and rules are shared with the exported files (@shared/domain/recon-words).
 */

export const STATE_LABELS: Readonly<Record<ReconState, string>> = STATE_WORDS;

/** What each state means, for the summary's figures (a title and screen-reader text). */
export const STATE_HINTS: Readonly<Record<ReconState, string>> = {
  awaiting_payment: 'Requests with no bank payment found yet',
  paid_awaiting_approval: 'Requests paid from the bank, not yet approved by the platform',
  matched: 'Requests whose bank payment and approval agree',
  variance: 'Requests whose paid, requested or approved amounts differ',
  approved_unpaid: 'Requests the platform approved with no bank payment in the statements',
  refund_expected: 'Requests paid, then removed or cancelled at the platform',
  unmatched_bank_payment: 'Bank payments that pair with no request',
  resolved: 'Requests resolved with a reason',
  signed_off: 'Requests in a signed-off period',
};

export const STATE_ORDER: readonly ReconState[] = RECON_STATES;

/** States that need a person: shown highlighted in the summary when not zero. */
export const ATTENTION_STATES: ReadonlySet<ReconState> = new Set<ReconState>([
  'variance',
  'approved_unpaid',
  'refund_expected',
  'unmatched_bank_payment',
]);

export const AGEING_LABELS: Readonly<Record<AgeingBucket, string>> = AGEING_WORDS;

export const AGEING_ORDER: readonly AgeingBucket[] = AGEING_BUCKETS;

export const REASON_LABELS: Readonly<Record<Suggestion['reason'], string>> = {
  tie: 'Two or more matches fit equally well, so none was chosen automatically.',
  conflict: 'This match competes with another one for the same bank line or request.',
  weak_evidence: 'The evidence is not strong enough to match without a person: check why below.',
};

export const RULE_LABELS: Readonly<Record<Suggestion['options'][number]['rule'], string>> = MATCH_RULE_WORDS;

export const RESOLVE_REASONS: ReadonlyArray<{ code: ResolveReason; label: string }> =
  RESOLUTION_REASON_CODES.map((code) => ({ code, label: RESOLUTION_REASON_WORDS[code] }));

export const resolveLabel = reasonWords;

export const FORMAT_OPTIONS: ReadonlyArray<{ value: ImportFormat; label: string }> = [
  { value: 'auto', label: 'Detect automatically' },
  { value: 'csv', label: 'CSV' },
  { value: 'camt053', label: 'camt.053 (ISO 20022 XML)' },
  { value: 'mt940', label: 'MT940 (SWIFT)' },
  { value: 'ofx', label: 'OFX / QFX' },
];

const FORMAT_NAMES: Readonly<Record<NonNullable<ImportResult['format']>, string>> = {
  csv: 'CSV',
  camt053: 'camt.053',
  mt940: 'MT940',
  ofx: 'OFX',
};

const count = (n: number, singular: string, plural = `${singular}s`): string =>
  `${formatNumber(n)} ${n === 1 ? singular : plural}`;

/**
 * "Imported march.csv (CSV): 12 lines read, 10 added, 2 already known." (and, for a CSV read without
 * a profile, how its columns were read), or why nothing was stored.
 */
export function importSentence(fileName: string, result: ImportResult): string {
  const format = result.format === null ? '' : ` (${FORMAT_NAMES[result.format]})`;
  if (!result.stored) {
    return `Nothing from ${fileName}${format} was stored: ${result.refusal ?? 'the statement could not be read.'}`;
  }
  const parts = [
    `${count(result.linesRead, 'line')} read`,
    `${formatNumber(result.linesAdded)} added`,
    `${formatNumber(result.linesAlreadyKnown)} already known`,
  ];
  const problems = result.errorsTotal === 0 ? '' : ` ${count(result.errorsTotal, 'line')} could not be read.`;
  const mapping = result.mapping === undefined ? '' : ` Columns read by their titles: ${result.mapping}.`;
  return `Imported ${fileName}${format}: ${parts.join(', ')}.${problems}${mapping}`;
}

/** "… and 1,234 more problems": the answer lists the first 100 by line. */
export function moreProblemsSentence(result: ImportResult): string {
  const more = result.errorsTotal - result.errors.length;
  return `… and ${formatNumber(more)} more ${more === 1 ? 'problem' : 'problems'}, not listed: fix the first ones and import the file again to see the rest.`;
}

/** "Line 4, amount: not a number" — line 0 is the file as a whole. */
export function problemSentence(problem: ImportResult['errors'][number]): string {
  const where = problem.line === 0 ? 'The file' : `Line ${problem.line}`;
  return `${where}${problem.field === null ? '' : `, ${problem.field}`}: ${problem.problem}`;
}

/** "92%" for a score of 0.92. */
export function scoreText(score: number): string {
  return `${Math.round(score * 100)}%`;
}

/** A decimal string that is zero in any writing: "0", "0.00", "-0.00". */
export function isZeroAmount(amount: string): boolean {
  return /^[+-]?0*(\.0*)?$/.test(amount.trim()) && /\d/.test(amount);
}

/** "12 matches added, 3 suggestions to review" — or, for a preview, what would happen. */
export function runSentence(run: { preview: boolean; result: RunResult }): string {
  const { result, preview } = run;
  const asOf = formatDate(result.summary.asOf);
  const matches = count(result.matchesAdded, 'match', 'matches');
  const suggestions = count(result.suggestions, 'suggestion');
  return preview
    ? `Preview as of ${asOf}, nothing written: matching would add ${matches} and leave ${suggestions} to review.`
    : `Matching as of ${asOf} done: ${matches} added, ${suggestions} to review.`;
}

/** "unexplained_credit" → "Unexplained credit": the words the exported file uses too (recon-words.ts). */
export const flagTitle = flagWords;
