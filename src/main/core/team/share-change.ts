/**
 * Queue a change made here for the team, inside the transaction that makes it (the transactional
 * outbox): nothing when the workspace is in no team, nor for a change that came from the team.
 * The person's name travels along for the screens; who made it is the server's to say.
 */
import { canonicalJson } from '../../../shared/domain/canonical-json';
import { TeamReplicaRepository } from '../ledger/repositories/team-replica';
import type { ReconContext } from '../recon/context';

/** Where a change is made: a reconciliation context, or any use case's ledger and clock. */
export type SharePlace = Pick<ReconContext, 'db' | 'workspaceId' | 'now' | 'actorName' | 'fromTeam'>;

export interface ChangeToShare {
  kind: string;
  subject: string;
  payload: Record<string, unknown>;
}

/** Whether changes made in this context go to the team. */
export function sharesWithTeam(context: SharePlace): boolean {
  return context.fromTeam !== true && new TeamReplicaRepository(context.db).joined(context.workspaceId);
}

export function shareChange(context: SharePlace, change: ChangeToShare): void {
  if (!sharesWithTeam(context)) return;
  new TeamReplicaRepository(context.db).queue(context.workspaceId, {
    kind: change.kind,
    subject: change.subject,
    payload: canonicalJson({ ...change.payload, actorName: context.actorName() }),
    madeAt: context.now(),
  });
}
