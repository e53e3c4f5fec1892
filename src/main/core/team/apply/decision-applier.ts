/**
 * A colleague's `decision.*` change on this desktop: its items found here by name (or it waits for
 * them), the team's order checked against whatever holds them here (conflict-rule.ts), then
 * recorded through the reconciliation's own code as the colleague's ('sync', under their name, not
 * shared again). An undo takes back the local decision of the change it names.
 */
import { ReconDecisionsRepository, type ItemRows } from '../../ledger/repositories/recon-decisions';
import type { MatchPayload } from '../../recon/decision-state';
import type { ChangeToApply } from '../../ledger/repositories/team-applied';
import { undoDecision } from '../../recon/resolve-undo';
import { payloadOf, type ApplyEnv, type Outcome } from './appliers';
import { conflictVerdict, type Holder } from './conflict-rule';
import { locate, recordShared, rowIds } from './record-shared';
import { authorName, teamContext } from './team-context';

const WAITS_FOR_OWN =
  "Waits for this desktop's own decision on the same item to reach the team: decided at the next exchange.";

function applyUndo(change: ChangeToApply, env: ApplyEnv, payload: Record<string, unknown>): Outcome {
  const undoes = typeof payload.undoes === 'string' ? payload.undoes : null;
  const target = undoes === null ? undefined : env.applied.decisionOfChange(env.workspaceId, undoes);
  if (target === undefined) {
    return undoes !== null && env.applied.ofChange(env.workspaceId, undoes)?.state === 'pending'
      ? { state: 'pending', note: 'Waits for the decision it takes back, which is not on this desktop yet.' }
      : { state: 'skipped', note: 'The decision it takes back never stood on this desktop.' };
  }
  if (new ReconDecisionsRepository(env.db).get(env.workspaceId, target)?.undoneBy !== null)
    return { state: 'skipped', note: 'The decision it takes back was taken back here already.' };
  const context = teamContext(env.context, authorName(payload, change.actor));
  const reason =
    typeof payload.reason === 'string' && payload.reason.trim() !== '' ? payload.reason : 'Undone';
  const undone = env.write(() => undoDecision(context, { decisionId: target, reason }));
  return { state: 'applied', decisionId: undone.decisionId };
}

const sameRows = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Whether a decision held here decides what a shared one does: the same items (and reason). */
function sameDecision(
  held: Record<string, unknown> | undefined,
  rows: ItemRows,
  shared: Record<string, unknown>,
): boolean {
  if (held === undefined) return false;
  if (typeof held.row === 'number')
    return (
      held.kind === shared.kind &&
      held.reasonCode === shared.reasonCode &&
      sameRows([held.row], [...rows.lines, ...rows.requests])
    );
  const match = held as unknown as MatchPayload;
  return sameRows(match.lines, rows.lines) && sameRows(match.requests, rows.requests);
}

export function applyDecision(change: ChangeToApply, env: ApplyEnv): Outcome | null {
  const payload = payloadOf(change);
  const kind = change.kind.slice('decision.'.length);
  if (kind === 'undo') return applyUndo(change, env, payload);
  const located = locate(env.names, kind, payload);
  if ('unknown' in located) return null;
  if ('waiting' in located) return { state: 'pending', note: located.waiting };
  const { subject } = located;
  const who = authorName(payload, change.actor);
  let displaced: Holder[] = [];
  if (subject.role !== null) {
    const decisions = new ReconDecisionsRepository(env.db);
    const rows = rowIds(subject);
    const covered = decisions.covered(env.workspaceId, subject.role, rows);
    const holders = [...new Set([...covered.lines.values(), ...covered.requests.values()])].map(
      (decisionId) => ({
        decisionId,
        seq: env.applied.seqOfDecision(env.workspaceId, decisionId),
        same: sameDecision(decisions.get(env.workspaceId, decisionId)?.payload, rows, payload),
      }),
    );
    const verdict = conflictVerdict(change.seq, holders);
    if (verdict.verdict === 'conflict') return { state: 'conflict', standingSeq: verdict.standingSeq };
    if (verdict.verdict === 'same')
      return { state: 'skipped', note: 'The same decision, made earlier, stands here.' };
    if (verdict.verdict === 'wait') return { state: 'pending', note: WAITS_FOR_OWN };
    if (verdict.displace.length > 0) displaced = verdict.displace;
  }
  const decisionId = env.write(() => {
    // The change was ordered first: what holds its item here is taken back (not shared: every
    // desktop takes it back itself) and kept as a conflict this change wins.
    const following = teamContext(env.context, null);
    for (const holder of displaced) {
      undoDecision(following, {
        decisionId: holder.decisionId,
        reason: `${who} decided on the same item first, in the team's order: kept as a conflict to settle.`,
      });
      env.applied.displaced(env.workspaceId, holder.decisionId);
      if (typeof holder.seq === 'number' && holder.same !== true)
        env.conflicts.addConflict(env.workspaceId, change.subject, change.seq, holder.seq);
    }
    return recordShared(teamContext(env.context, who), kind, payload, subject);
  });
  return { state: 'applied', decisionId };
}
