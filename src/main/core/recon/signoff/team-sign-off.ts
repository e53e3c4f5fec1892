/**
 * A sign-off in a team: it waits for a reviewer other than its maker (four eyes), so at most one
 * waits at a time, and the team hears of it through the outbox in the sign-off's own transaction.
 * The change names each locked item as every desktop knows it, and carries the frozen report, so a
 * colleague reviews exactly what was signed.
 */
import { canonicalJson } from '../../../../shared/domain/canonical-json';
import { dateText, type FormatPreferences } from '../../../../shared/domain/formats';
import { invalidInput } from '../../../../shared/ipc/errors';
import type { Ledger } from '../../ledger/db';
import type { LockedItem, StoredSignOff } from '../../ledger/repositories/recon-signoffs';
import { TeamReplicaRepository } from '../../ledger/repositories/team-replica';
import { namesOf } from '../../team/shared-decision';

/** The team login this workspace works under, when it is in a team. */
export function teamLogin(db: Ledger, workspaceId: number): string | undefined {
  return new TeamReplicaRepository(db).link(workspaceId)?.login;
}

export function refuseWhileAwaiting(awaiting: StoredSignOff | undefined, format: FormatPreferences): void {
  if (awaiting === undefined) return;
  throw invalidInput('sign-off', [
    {
      field: 'asOf',
      problem: `sign-off ${awaiting.id} (as of ${dateText(awaiting.asOf, format)}) is awaiting review: a reviewer approves or rejects it before the next sign-off`,
    },
  ]);
}

export interface SharedSignOff {
  number: number;
  asOf: string;
  note: string;
  signedAt: string;
  actorName: string | null;
  lockedRequests: number;
  lockedLines: number;
  acknowledgedOpenItems: boolean;
  reportSha256: string;
  reportGzip: Buffer;
  items: readonly LockedItem[];
}

/** Queues the sign-off for the team (inside the caller's transaction); returns its team-wide id. */
export function shareSignOff(db: Ledger, workspaceId: number, signOff: SharedSignOff): string {
  const replica = new TeamReplicaRepository(db);
  const lines = signOff.items.flatMap((item) => (item.lineId === null ? [] : [item.lineId]));
  const requests = signOff.items.flatMap((item) => (item.requestId === null ? [] : [item.requestId]));
  const names = namesOf(db, workspaceId, lines, requests);
  const items = signOff.items.map((item) => ({
    decision: replica.changeOfDecision(workspaceId, item.decisionId) ?? null,
    ...(item.lineId !== null
      ? { line: names.line(item.lineId) }
      : { request: names.request(item.requestId!) }),
    status: item.status,
    approvedText: item.approvedText,
  }));
  const { reportGzip, items: _items, signedAt, ...rest } = signOff;
  const payload = { ...rest, report: reportGzip.toString('base64'), items };
  return replica.queueNamed(workspaceId, (id) => ({
    kind: 'signoff.create',
    subject: `signoff:${id}`,
    payload: canonicalJson(payload),
    madeAt: signedAt,
  }));
}
