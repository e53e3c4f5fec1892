/**
 * The month-end changes pulled from the team, made true here in the server's order: a colleague's
 * sign-off (recorded with its locked items and frozen report, awaiting review), a reviewer's verdict
 * (an approval makes the sign-off hold here: its items lock), an unlock. Each change is applied once
 * (its team id is kept with what it made); one whose sign-off or items this desktop does not hold
 * yet waits and is tried again after the next exchange.
 */
import type { Ledger } from '../ledger/db';
import { ReconSignOffsRepository, type LockedItem } from '../ledger/repositories/recon-signoffs';
import { TeamNamesRepository } from '../ledger/repositories/team-names';
import { TeamReplicaRepository, type LoggedChange } from '../ledger/repositories/team-replica';
import { appendInTransaction } from '../reconcile/audit/audit-log';
import { byName } from '../reconcile/context';
import { readPayload, ReviewPayload, SIGN_OFF_KINDS, SignOffPayload, UnlockPayload } from './signoff-changes';

interface Place {
  db: Ledger;
  workspaceId: number;
}

/** passed: a later verdict or unlock of a sign-off that already has one (kept in the log only). */
type Outcome = 'applied' | 'waiting' | 'passed';

function itemsHere(place: Place, change: LoggedChange): LockedItem[] | undefined {
  const payload = readPayload(SignOffPayload, change);
  const replica = new TeamReplicaRepository(place.db);
  const names = new TeamNamesRepository(place.db);
  const items: LockedItem[] = [];
  for (const item of payload.items) {
    const decisionId =
      item.decision === null ? undefined : replica.decisionOfChange(place.workspaceId, item.decision);
    const lineId = item.line && names.lineRow(place.workspaceId, item.line.account, item.line.bankId);
    const requestId =
      item.request && names.requestRow(place.workspaceId, item.request.reference, item.request.created);
    if (decisionId === undefined || (lineId ?? requestId) === undefined) return undefined;
    items.push({
      decisionId,
      lineId: lineId ?? null,
      requestId: requestId ?? null,
      status: item.status,
      approvedText: item.approvedText,
    });
  }
  return items;
}

function applySignOff(place: Place, change: LoggedChange): Outcome {
  const items = itemsHere(place, change);
  if (items === undefined) return 'waiting';
  const payload = readPayload(SignOffPayload, change);
  const repo = new ReconSignOffsRepository(place.db);
  const id = repo.idFree(payload.number) ? payload.number : repo.nextId();
  const name = payload.actorName ?? change.actor;
  const entry = appendInTransaction(place.db, {
    workspaceId: place.workspaceId,
    at: change.madeAt,
    actor: 'sync',
    action: 'period.signed_off',
    subject: `signoff:${id}`,
    details: {
      signOffId: id,
      asOf: payload.asOf,
      lockedRequests: payload.lockedRequests,
      lockedLines: payload.lockedLines,
      reportSha256: payload.reportSha256,
      note: payload.note,
      acknowledgedOpenItems: payload.acknowledgedOpenItems,
      awaitingReview: true,
      teamLogin: change.actor,
      ...byName(name),
    },
  });
  repo.insert(
    id,
    {
      workspaceId: place.workspaceId,
      asOf: payload.asOf,
      signedAt: change.madeAt,
      actor: 'sync',
      actorName: name,
      note: payload.note,
      lockedRequests: payload.lockedRequests,
      lockedLines: payload.lockedLines,
      auditSeq: entry.seq,
      auditHash: entry.hash,
      reportGzip: Buffer.from(payload.report, 'base64'),
      reportSha256: payload.reportSha256,
      needsReview: true,
      teamChange: change.id,
      teamLogin: change.actor,
    },
    items,
  );
  return 'applied';
}

function applyReview(place: Place, change: LoggedChange): Outcome {
  const payload = readPayload(ReviewPayload, change);
  const repo = new ReconSignOffsRepository(place.db);
  const signOff = repo.byTeamChange(place.workspaceId, payload.signOff);
  if (signOff === undefined) return 'waiting';
  // The server let only one verdict through for a sign-off's first review; a later one is history.
  if (signOff.review !== null) return 'passed';
  const verdict = change.kind === 'review.approve' ? 'approved' : 'rejected';
  const entry = appendInTransaction(place.db, {
    workspaceId: place.workspaceId,
    at: change.madeAt,
    actor: 'sync',
    action: 'period.reviewed',
    subject: `signoff:${signOff.id}`,
    details: {
      signOffId: signOff.id,
      asOf: signOff.asOf,
      verdict,
      note: payload.note,
      teamLogin: change.actor,
      ...byName(payload.actorName ?? change.actor),
    },
  });
  repo.insertReview(place.workspaceId, signOff.id, {
    verdict,
    note: payload.note,
    reviewer: change.actor,
    reviewerName: payload.actorName,
    at: change.madeAt,
    auditSeq: entry.seq,
    teamChange: change.id,
  });
  return 'applied';
}

function applyUnlock(place: Place, change: LoggedChange): Outcome {
  const payload = readPayload(UnlockPayload, change);
  const repo = new ReconSignOffsRepository(place.db);
  const signOff = repo.byTeamChange(place.workspaceId, payload.signOff);
  if (signOff === undefined) return 'waiting';
  if (signOff.unlocked !== null) return 'passed';
  const name = payload.actorName ?? change.actor;
  const entry = appendInTransaction(place.db, {
    workspaceId: place.workspaceId,
    at: change.madeAt,
    actor: 'sync',
    action: 'period.unlocked',
    subject: `signoff:${signOff.id}`,
    details: {
      signOffId: signOff.id,
      asOf: signOff.asOf,
      reason: payload.reason,
      teamLogin: change.actor,
      ...byName(name),
    },
  });
  repo.insertUnlock(
    place.workspaceId,
    signOff.id,
    { at: change.madeAt, actor: 'sync', actorName: name, reason: payload.reason, auditSeq: entry.seq },
    change.id,
  );
  return 'applied';
}

const APPLIERS: Record<(typeof SIGN_OFF_KINDS)[number], (place: Place, change: LoggedChange) => Outcome> = {
  'signoff.create': applySignOff,
  'review.approve': applyReview,
  'review.reject': applyReview,
  'signoff.unlock': applyUnlock,
};

/** Applies what waits; answers how many changes were applied now and how many still wait. */
export function applySignOffChanges(place: Place): { applied: number; waiting: number } {
  const replica = new TeamReplicaRepository(place.db);
  const repo = new ReconSignOffsRepository(place.db);
  let applied = 0;
  let waiting = 0;
  for (const change of replica.loggedOfKinds(place.workspaceId, SIGN_OFF_KINDS)) {
    if (repo.holdsTeamChange(change.id)) continue;
    const outcome = place.db
      .transaction(() => APPLIERS[change.kind as (typeof SIGN_OFF_KINDS)[number]](place, change))
      .immediate();
    if (outcome === 'applied') applied += 1;
    else if (outcome === 'waiting') waiting += 1;
  }
  return { applied, waiting };
}
