import type { Drift, SignOff } from '@shared/ipc/contract-signoff';
import type { ReconItem, ReconSummary } from '@shared/ipc/contract-recon';
import { actorWords } from '@shared/domain/recon-words';
import { formatDate } from '../../../lib/format-time';
import { formatNumber } from '../../../lib/format-money';

/** The words of period close: sign-offs, their status, drift alerts, locks and the unlock reason. */

const count = (n: number, singular: string, plural = `${singular}s`): string =>
  `${formatNumber(n)} ${n === 1 ? singular : plural}`;

/** The first characters of a SHA-256, enough to tell two apart on screen (the whole one on hover). */
export function shortHash(hash: string, length = 12): string {
  return hash.slice(0, length);
}

/** "3 requests and 2 bank lines" */
export function lockedCountsText(signOff: Pick<SignOff, 'lockedRequests' | 'lockedLines'>): string {
  return `${count(signOff.lockedRequests, 'request')} and ${count(signOff.lockedLines, 'bank line')}`;
}

/** What a sign-off locks, in its list: nothing when rejected, and only once approved while awaiting review. */
export function lockedCellText(signOff: Pick<SignOff, 'lockedRequests' | 'lockedLines' | 'state'>): string {
  if (signOff.state === 'rejected') return 'Nothing: rejected';
  const counts = lockedCountsText(signOff);
  return signOff.state === 'awaiting_review' ? `${counts} once approved` : counts;
}

/** "Signed off as of 31 Mar 2026: 3 requests and 2 bank lines locked (audit entry 12)." */
export function signOffSentence(signOff: SignOff): string {
  if (signOff.state === 'awaiting_review')
    return `Signed off as of ${formatDate(signOff.asOf)}: it now awaits review by a colleague who is a reviewer; its ${lockedCountsText(signOff)} lock once they approve it.`;
  return `Signed off as of ${formatDate(signOff.asOf)}: ${lockedCountsText(signOff)} locked (audit entry ${signOff.auditSeq}).`;
}

/** "Approved the sign-off as of 31 Oct 2026: its 3 requests and 1 bank line are locked." */
export function reviewSentence(signOff: SignOff): string {
  const asOf = formatDate(signOff.asOf);
  if (signOff.state === 'rejected')
    return `Rejected the sign-off as of ${asOf}: its preparer sees your note and signs off again.`;
  if (signOff.state === 'signed_off')
    return `Approved the sign-off as of ${asOf}: its ${lockedCountsText(signOff)} are locked.`;
  return `The review of the sign-off as of ${asOf} was sent; it shows here after the next exchange with the team.`;
}

/** Who reviewed, how and when, in words; null while none has. */
export function reviewText(signOff: Pick<SignOff, 'review'>): string | null {
  const { review } = signOff;
  if (review === null) return null;
  const who = review.reviewerName ?? review.reviewer;
  return review.verdict === 'approved'
    ? `Approved by ${who} on ${dayOf(review.at)}`
    : `Rejected by ${who} on ${dayOf(review.at)}: ${review.note}`;
}

/** Who prepared a sign-off: the person's name, with the team login when it differs. */
export function preparerText(signOff: Pick<SignOff, 'actor' | 'actorName' | 'preparer'>): string {
  if (signOff.preparer === null) return actorWords(signOff.actor, signOff.actorName);
  const name = signOff.actorName;
  return name === null || name === signOff.preparer ? signOff.preparer : `${name} (${signOff.preparer})`;
}

/** "Unlocked the sign-off as of 31 Mar 2026: its items can be changed again." */
export function unlockSentence(signOff: SignOff): string {
  return `Unlocked the sign-off as of ${formatDate(signOff.asOf)}: its items can be changed again.`;
}

/** The calendar day of a timestamp as sent ("2026-04-02T09:00:00+01:00" → 2026-04-02), formatted. */
export function dayOf(timestamp: string): string {
  return formatDate(timestamp.slice(0, 10));
}

/** "In force", or "Unlocked on 2 Apr 2026 because the bank reversed a payment". */
export function signOffStatusText(signOff: Pick<SignOff, 'unlocked'>): string {
  if (signOff.unlocked === null) return 'In force';
  return `Unlocked on ${dayOf(signOff.unlocked.at)} because ${signOff.unlocked.reason}`;
}

const FIELD_WORDS: Readonly<Record<Drift['field'], string>> = {
  status: 'status',
  approved_amount: 'approved amount',
};

/** The platform's statuses in words; one this window does not know is shown as sent. */
const STATUS_WORDS: Readonly<Record<string, string>> = {
  approved_edited: 'approved with an edited amount',
};

/** "status approved → cancelled"; a missing value reads "none". */
export function driftChange(drift: Pick<Drift, 'field' | 'signedOff' | 'now'>): string {
  const word = (value: string | null): string =>
    value === null ? 'none' : drift.field === 'status' ? (STATUS_WORDS[value] ?? value) : value;
  return `${FIELD_WORDS[drift.field]} ${word(drift.signedOff)} → ${word(drift.now)}`;
}

/** "Signed-off request RF… changed after sign-off as of 31 Mar 2026: status approved → cancelled" */
export function driftSentence(drift: Drift, asOf: string): string {
  return `Signed-off request ${drift.paymentReference} changed after sign-off as of ${formatDate(asOf)}: ${driftChange(drift)}`;
}

/**
 * The drift alert's heading: requests counted once each per sign-off (a request can change in
 * several fields, and again), the changes next to them.
 * "2 signed-off requests changed after their sign-off (4 changes)"
 */
export function driftHeading(signOffs: ReadonlyArray<Pick<SignOff, 'id' | 'drift'>>): string {
  const drifts = signOffs.flatMap((signOff) =>
    signOff.drift.map((drift) => `${signOff.id}\n${drift.paymentReference}`),
  );
  const requests = new Set(drifts).size;
  const changes = drifts.length === requests ? '' : ` (${count(drifts.length, 'change')})`;
  return requests === 1
    ? `A signed-off request changed after its sign-off${changes}`
    : `${formatNumber(requests)} signed-off requests changed after their sign-off${changes}`;
}

/** Every drift alert of the sign-offs still in force, newest sign-off first. */
export function driftInForce(signOffs: readonly SignOff[]): Array<{ signOff: SignOff; drift: Drift }> {
  return signOffs
    .filter((signOff) => signOff.unlocked === null)
    .flatMap((signOff) => signOff.drift.map((drift) => ({ signOff, drift })));
}

/** "Signed off as of 31 Mar 2026" for a locked item; null when it is not locked. */
export function lockedNote(item: Pick<ReconItem, 'lockedBy'>): string | null {
  return item.lockedBy === null ? null : `Signed off as of ${formatDate(item.lockedBy.asOf)}`;
}

/** Why a locked item's actions are off, next to them. */
export function lockedActionHint(item: Pick<ReconItem, 'lockedBy'>): string | null {
  const note = lockedNote(item);
  return note === null ? null : `${note}: unlock that sign-off to change this item.`;
}

export const UNLOCK_REASON_MIN = 3;
export const UNLOCK_REASON_MAX = 1000;

/** The unlock dialog's check of its one field, as the core checks it; null when it is fine. */
export function unlockReasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (text === '') return 'Reason is required: say why this period is reopened (an auditor reads it).';
  if (text.length < UNLOCK_REASON_MIN) return `Reason must be at least ${UNLOCK_REASON_MIN} characters.`;
  if (text.length > UNLOCK_REASON_MAX)
    return `Reason must be at most ${formatNumber(UNLOCK_REASON_MAX)} characters.`;
  return null;
}

/**
 * What a sign-off as of the summary's date would do with the requests counted there. Only settled
 * items are locked: a match whose requests and bank lines are all matched, a resolution decided by
 * a person. The summary's `resolved` also counts requests the platform closed unpaid (no decision),
 * which are not locked, so resolved requests are shown apart, as "locked when resolved by a person".
 */
export interface SignOffOutlook {
  /** Matched now: locked with their bank lines if dated on or before the date. */
  matched: number;
  /** Resolved now: locked when a person resolved them; closed unpaid by the platform, not locked. */
  resolved: number;
  alreadySignedOff: number;
  /** Still open (pending approval, variance, refund expected, ...): not locked, they carry forward. */
  open: number;
  unmatchedBankPayments: number;
}

export function signOffOutlook(summary: ReconSummary): SignOffOutlook {
  const { states } = summary;
  return {
    matched: states.matched,
    resolved: states.resolved,
    alreadySignedOff: states.signed_off,
    open:
      states.awaiting_payment +
      states.paid_awaiting_approval +
      states.variance +
      states.approved_unpaid +
      states.refund_expected,
    unmatchedBankPayments: states.unmatched_bank_payment,
  };
}

/** The plain statement the confirmation step shows before anything is written. */
export function signOffExplanation(asOf: string): string {
  const day = formatDate(asOf);
  return (
    `Only settled items are locked: every match whose requests and bank lines are all matched, and ` +
    `every resolution a person made, dated on or before ${day} is locked, so it can no longer be ` +
    `matched, resolved or undone until the sign-off is unlocked. Open items — paid but awaiting ` +
    `approval, variance, refund expected, awaiting payment — are not locked: they stay open and carry ` +
    `forward to the next period. The report as of ${day} is frozen with the audit log's head.`
  );
}

/** Who signed off or unlocked: the person's name as it was then, or a scheduled run (CLI). */
export function actorLabel(actor: SignOff['actor'], name: string | null = null): string {
  return actorWords(actor, name);
}

/** Rows per page of a frozen report: it can hold many thousands of items; one page is in the DOM. */
export const REPORT_PAGE_SIZE = 100;

/** "Items 101–200 of 5,234" */
export function reportPageText(offset: number, shown: number, total: number): string {
  if (total === 0) return 'No items in this report.';
  return `Items ${formatNumber(offset + 1)}–${formatNumber(offset + shown)} of ${formatNumber(total)}`;
}
