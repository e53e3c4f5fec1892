/**
 * Writing a decision: the audit entry, the decision row and what it changes in recon_current, in one
 * transaction — all of it or nothing. The audit entry names the decision's id.
 */
import type { AuditAction } from './audit/audit-log';
import { appendInTransaction } from './audit/audit-log';
import type { AuditDetails } from './audit/entry-hash';
import { auditActor, byName, type ReconContext } from './context';
import { keepItems, ledgerVersion } from './load';
import { ReconDecisionsRepository, type DecisionKind } from '../ledger/repositories/recon-decisions';
import { decisionSharer } from '../team/shared-decision';
import { ReconReadingsRepository } from '../ledger/repositories/recon-readings';
import { decisionEffect, followDecision, type DecisionEffect } from './follow/follow-decision';

export interface DecisionToRecord {
  /** auto_match only for a colleague's automatic match, taken from the team. */
  kind: DecisionKind;
  action: AuditAction;
  payload: Record<string, unknown>;
  /** What goes into the audit entry besides the decision id and kind: ids, amounts, codes, notes. */
  details: AuditDetails;
  undoes?: number;
  /** Changes to recon_current, given the new decision's id (runs inside the transaction). */
  apply?: (decisionId: number, repo: ReconDecisionsRepository) => void;
}

export interface RecordedDecision {
  decisionId: number;
  auditSeq: number;
}

/** Checks run inside the transaction too, so nothing can change between the check and the write. */
export function recordDecision(
  context: ReconContext,
  decide: (repo: ReconDecisionsRepository) => DecisionToRecord,
): RecordedDecision {
  const { db, workspaceId } = context;
  const repo = new ReconDecisionsRepository(db);
  const readings = new ReconReadingsRepository(db);
  let versions: [string, string] | undefined;
  let followed: { before: number; after: number; effect: DecisionEffect | null } | undefined;
  const recorded = db
    .transaction((): RecordedDecision => {
      const decision = decide(repo);
      const before = ledgerVersion(context);
      const inputsBefore = readings.inputsVersion();
      const decisionId = repo.nextId();
      const at = context.now();
      const actorName = context.actorName();
      const actor = auditActor(context);
      const entry = appendInTransaction(db, {
        workspaceId,
        at,
        actor,
        action: decision.action,
        subject: `decision:${decision.undoes ?? decisionId}`,
        details: { ...decision.details, decisionId, kind: decision.kind, ...byName(actorName) },
      });
      repo.insert(workspaceId, decisionId, {
        kind: decision.kind,
        payload: decision.payload,
        actor,
        actorName,
        createdAt: at,
        auditSeq: entry.seq,
        undoes: decision.undoes,
      });
      decision.apply?.(decisionId, repo);
      // A colleague's decision is the team's already: it is not queued again.
      if (context.fromTeam !== true) decisionSharer(db, workspaceId)?.(repo.get(workspaceId, decisionId)!);
      versions = [before, ledgerVersion(context)];
      followed = {
        before: inputsBefore,
        after: readings.inputsVersion(),
        effect: decisionEffect(repo, workspaceId, decision),
      };
      return { decisionId, auditSeq: entry.seq };
    })
    .immediate();
  // A decision changes no bank line and no request: what was read of them still holds.
  if (versions) keepItems(context, ...versions);
  // What was kept of the reading follows the decision: the few items it changed, not every item.
  // Not a colleague's: those are applied by the thousand after a time offline, where following each
  // would cost more than working the reading out once when next asked.
  if (followed?.effect && context.fromTeam !== true) followDecision(context, followed, followed.effect);
  return recorded;
}
