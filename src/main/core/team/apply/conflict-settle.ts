/**
 * team:conflict.settle — a person settles a conflict: keeps the standing decision, or takes the
 * other one (the standing is undone and the other recorded as this person's new decision, both
 * shared like any decision of theirs). Either way the settling is shared too, so every desktop
 * shows the conflict settled, by whom.
 */
import { canonicalJson } from '../../../../shared/domain/canonical-json';
import { AppError } from '../../../../shared/ipc/errors';
import { ReconDecisionsRepository } from '../../ledger/repositories/recon-decisions';
import { TeamAppliedRepository } from '../../ledger/repositories/team-applied';
import { TeamConflictsRepository } from '../../ledger/repositories/team-conflicts';
import { TeamReplicaRepository } from '../../ledger/repositories/team-replica';
import type { ReconContext } from '../../recon/context';
import { loadWorld } from '../../recon/load';
import { undoDecision } from '../../recon/resolve-undo';
import { notJoined } from '../team-exchange';
import { localNames } from './local-names';
import { locate, recordShared } from './record-shared';
import type { SettlePayload } from './settle-applier';
import { authorName } from './team-context';

export function settleConflict(
  context: ReconContext,
  id: number,
  keep: 'standing' | 'other',
): { decisionId: number | null } {
  const { db, workspaceId } = context;
  const replica = new TeamReplicaRepository(db);
  const link = replica.link(workspaceId);
  if (link === undefined) throw notJoined();
  const applied = new TeamAppliedRepository(db);
  const conflicts = new TeamConflictsRepository(db);
  return db.transaction(() => {
    const conflict = conflicts.conflict(workspaceId, id);
    if (conflict === undefined)
      throw new AppError(
        'not_found',
        'There is no such conflict in this workspace. Open the list of conflicts again.',
      );
    if (conflict.settledAt !== null)
      throw new AppError(
        'invalid_input',
        `This conflict was settled already${conflict.settledBy === null ? '' : ` by ${conflict.settledBy}`}. Nothing was changed.`,
      );
    let decisionId: number | null = null;
    if (keep === 'other') {
      const standing = applied.changeAt(workspaceId, conflict.standingSeq);
      const other = applied.changeAt(workspaceId, conflict.otherSeq);
      if (standing === undefined || other === undefined)
        throw new AppError(
          'not_found',
          'This desktop does not hold both decisions yet. Exchange with the team, then try again.',
        );
      const otherPayload = JSON.parse(other.payload) as Record<string, unknown>;
      const located = locate(
        localNames(loadWorld(context)),
        other.kind.replace(/^decision\./, ''),
        otherPayload,
      );
      if (!('subject' in located))
        throw new AppError(
          'not_found',
          `${'waiting' in located ? located.waiting : 'This kind of decision cannot be taken here.'} Nothing was changed.`,
        );
      const standingDecision = applied.decisionOfChange(workspaceId, standing.id);
      const stored =
        standingDecision === undefined
          ? undefined
          : new ReconDecisionsRepository(db).get(workspaceId, standingDecision);
      if (stored !== undefined && stored.undoneBy === null) {
        const who = authorName(otherPayload, other.actor);
        undoDecision(context, {
          decisionId: stored.id,
          reason: `Conflict settled: ${who}'s decision taken instead.`,
        });
      }
      decisionId = recordShared(
        context,
        other.kind.replace(/^decision\./, ''),
        otherPayload,
        located.subject,
      );
    }
    const by = context.actorName() ?? link.login;
    const at = context.now();
    conflicts.settle(
      workspaceId,
      { standing: conflict.standingSeq, other: conflict.otherSeq },
      { at, choice: keep, by },
    );
    const payload: SettlePayload = {
      standing: conflict.standingSeq,
      other: conflict.otherSeq,
      choice: keep,
      actorName: context.actorName(),
    };
    replica.queue(workspaceId, {
      kind: 'conflict.settle',
      subject: conflict.subject,
      payload: canonicalJson(payload as unknown as Record<string, unknown>),
      madeAt: at,
    });
    return { decisionId };
  })();
}
