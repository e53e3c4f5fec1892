/**
 * The month-end changes pulled from the team, made true here in the server's order: a colleague's
 * sign-off (recorded with its locked items and frozen report, awaiting review), a reviewer's verdict
 * (an approval makes the sign-off hold here: its items lock), an unlock. One whose sign-off or items
 * this desktop does not hold yet waits, and is tried again with the other waiting changes.
 */
import { ReconSignOffsRepository, type LockedItem } from '../../ledger/repositories/recon-signoffs';
import type { ChangeToApply } from '../../ledger/repositories/team-applied';
import { appendInTransaction } from '../../recon/audit/audit-log';
import { byName } from '../../recon/context';
import { readPayload } from '../change-payload';
import { ReviewPayload, SignOffPayload, UnlockPayload } from '../signoff-changes';
import type { ApplyEnv, Outcome } from './appliers';
import { waitingFor } from './local-names';

type Place = ApplyEnv;

const ITEMS_NOT_HERE = 'Waits for the matches and resolutions it signs off, not on this desktop yet.';

/** This ledger's rows and decisions for the sign-off's items; else the words of what is missing. */
function itemsHere(place: Place, change: ChangeToApply): LockedItem[] | string {
  const payload = readPayload(SignOffPayload, change);
  const items: LockedItem[] = [];
  const missing: string[] = [];
  for (const item of payload.items) {
    const decisionId =
      item.decision === null ? undefined : place.applied.decisionOfChange(place.workspaceId, item.decision);
    const line = item.line && place.names.line(item.line);
    const request = item.request && place.names.request(item.request);
    if (item.line && line === undefined) missing.push(`bank line ${item.line.bankId} of ${item.line.date}`);
    if (item.request && request === undefined) missing.push(`request ${item.request.reference}`);
    if (decisionId === undefined) continue;
    items.push({
      decisionId,
      lineId: line?.id ?? null,
      requestId: request?.rowId ?? null,
      status: item.status,
      approvedText: item.approvedText,
    });
  }
  if (missing.length > 0) return waitingFor(missing);
  return items.length === payload.items.length ? items : ITEMS_NOT_HERE;
}

function applySignOff(place: Place, change: ChangeToApply): Outcome {
  const items = itemsHere(place, change);
  if (typeof items === 'string') return { state: 'pending', note: items };
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
  return { state: 'applied', decisionId: null };
}

const SIGN_OFF_NOT_HERE: Outcome = {
  state: 'pending',
  note: 'Waits for the sign-off it is about, not on this desktop yet.',
};

function applyReview(place: Place, change: ChangeToApply): Outcome {
  const payload = readPayload(ReviewPayload, change);
  const repo = new ReconSignOffsRepository(place.db);
  const signOff = repo.byTeamChange(place.workspaceId, payload.signOff);
  if (signOff === undefined) return SIGN_OFF_NOT_HERE;
  // The first verdict in the team's order stands; a later one is kept in the log only.
  if (signOff.review !== null)
    return { state: 'skipped', note: 'The sign-off was reviewed already, earlier in the team’s order.' };
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
  return { state: 'applied', decisionId: null };
}

function applyUnlock(place: Place, change: ChangeToApply): Outcome {
  const payload = readPayload(UnlockPayload, change);
  const repo = new ReconSignOffsRepository(place.db);
  const signOff = repo.byTeamChange(place.workspaceId, payload.signOff);
  if (signOff === undefined) return SIGN_OFF_NOT_HERE;
  if (signOff.unlocked !== null)
    return { state: 'skipped', note: 'The sign-off was unlocked already, earlier in the team’s order.' };
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
  return { state: 'applied', decisionId: null };
}

/** `signoff.create`, `signoff.unlock`; null for a kind of the family this version does not know. */
export function applySignOffFamily(change: ChangeToApply, env: ApplyEnv): Outcome | null {
  if (change.kind === 'signoff.create') return env.write(() => applySignOff(env, change));
  if (change.kind === 'signoff.unlock') return env.write(() => applyUnlock(env, change));
  return null;
}

/** `review.approve`, `review.reject`. */
export function applyReviewFamily(change: ChangeToApply, env: ApplyEnv): Outcome | null {
  if (change.kind === 'review.approve' || change.kind === 'review.reject')
    return env.write(() => applyReview(env, change));
  return null;
}
