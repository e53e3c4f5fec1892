/**
 * Four eyes in a team: a reviewer approves or rejects a sign-off, and a reviewer unlocks one. These
 * go to the team's database at once rather than waiting in the outbox: the database decides whether
 * this person may (a preparer may not; nobody reviews their own sign-off), so a refusal is said now,
 * with the reason, and nothing waits here that the team would refuse. What the server accepted comes
 * back with the exchange that follows, and is applied like a colleague's (apply-signoffs.ts).
 */
import { canonicalJson } from '../../../shared/domain/canonical-json';
import { dateText, type FormatPreferences } from '../../../shared/domain/formats';
import { AppError, invalidInput } from '../../../shared/ipc/errors';
import { ReconSignOffsRepository, type StoredSignOff } from '../ledger/repositories/recon-signoffs';
import { TeamReplicaRepository, type TeamLink } from '../ledger/repositories/team-replica';
import { signOffNotFound, signOffState } from '../recon/signoff/sign-off-view';
import { pushChanges } from './team-changes';
import { connectTeam, teamWhere } from './team-connection';
import type { TeamPlace } from './team-service';
import { timeOrderedId } from '../ledger/time-ordered-id';

export interface TeamActPlace extends TeamPlace {
  actorName: () => string | null;
  format: () => FormatPreferences;
  /** Exchange with the team now (one exchange at a time per ledger: the session's). */
  exchange: (password: string) => Promise<void>;
}

export interface ReviewInput {
  id: number;
  verdict: 'approve' | 'reject';
  note?: string;
}

function refused(field: string, problem: string): AppError {
  return invalidInput('review', [{ field, problem }]);
}

function teamSignOff(place: TeamActPlace, id: number): { link: TeamLink; signOff: StoredSignOff } {
  const link = new TeamReplicaRepository(place.db).link(place.workspaceId);
  const signOff = new ReconSignOffsRepository(place.db).get(place.workspaceId, id);
  if (signOff === undefined) throw signOffNotFound(id);
  if (link === undefined || signOff.teamChange === null)
    throw refused('id', `sign-off ${id} was made without a team, so it holds without a review`);
  return { link, signOff };
}

function requireReviewer(link: TeamLink): void {
  if (link.role === 'preparer')
    throw new AppError(
      'forbidden',
      `Only a reviewer may do this, and "${link.login}" is a preparer in this team: ask a team admin to run "floatdesk team grant ${link.login} reviewer".`,
    );
}

/** Sends one change to the team now, then exchanges so what the team accepted is applied here. */
async function sendNow(
  place: TeamActPlace,
  link: TeamLink,
  password: () => string,
  change: { kind: string; subject: string; payload: Record<string, unknown> },
): Promise<void> {
  const where = teamWhere(link.databaseUrl);
  const secret = password();
  const client = await connectTeam({ url: link.databaseUrl, password: secret });
  try {
    await pushChanges(
      client,
      [
        {
          id: timeOrderedId(),
          kind: change.kind,
          subject: change.subject,
          payload: canonicalJson(change.payload),
          madeAt: place.now(),
        },
      ],
      where,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  // What the team accepted comes back with the exchange and is applied here like a colleague's.
  await place.exchange(secret);
}

/** `password` is asked for only once every check made here has passed. */
export async function reviewSignOff(
  place: TeamActPlace,
  input: ReviewInput,
  password: () => string,
): Promise<void> {
  const { link, signOff } = teamSignOff(place, input.id);
  const state = signOffState(signOff);
  const when = dateText(signOff.asOf, place.format());
  if (state !== 'awaiting_review')
    throw refused(
      'id',
      `sign-off ${input.id} (as of ${when}) is not awaiting review: it is ${state === 'rejected' ? 'rejected' : 'signed off'} already`,
    );
  if (signOff.teamLogin === link.login)
    throw new AppError(
      'forbidden',
      `A sign-off is reviewed by someone other than the person who made it: sign-off ${input.id} (as of ${when}) is yours.`,
    );
  requireReviewer(link);
  const note = (input.note ?? '').trim();
  if (input.verdict === 'reject' && note.length < 3)
    throw refused(
      'note',
      'say why the sign-off is rejected (at least 3 characters), so its preparer knows what to fix',
    );
  await sendNow(place, link, password, {
    kind: `review.${input.verdict}`,
    subject: `signoff:${signOff.teamChange}`,
    payload: { signOff: signOff.teamChange, note, actorName: place.actorName() },
  });
}

/** Unlocking a sign-off the team shares: a reviewer's act, checked by the team's database. */
export async function unlockTeamSignOff(
  place: TeamActPlace,
  input: { id: number; reason: string },
  password: () => string,
): Promise<void> {
  const { link, signOff } = teamSignOff(place, input.id);
  if (signOff.unlocked !== null)
    throw refused('id', `sign-off ${input.id} was unlocked already: sign off again to lock the items`);
  requireReviewer(link);
  await sendNow(place, link, password, {
    kind: 'signoff.unlock',
    subject: `signoff:${signOff.teamChange}`,
    payload: { signOff: signOff.teamChange, reason: input.reason.trim(), actorName: place.actorName() },
  });
}

/** Whether unlocking this sign-off goes through the team (it was shared, and the workspace is in one). */
export function unlockedThroughTeam(place: TeamPlace, id: number): boolean {
  const signOff = new ReconSignOffsRepository(place.db).get(place.workspaceId, id);
  return signOff?.teamChange != null && new TeamReplicaRepository(place.db).joined(place.workspaceId);
}
