/**
 * `conflict.settle`: a person settled a conflict (kept the standing decision, or took the other
 * one: the undo and the new decision travel as decisions of their own). Every desktop marks the
 * same conflict settled, with the person's name.
 */
import type { ChangeToApply } from '../../ledger/repositories/team-applied';
import type { ApplyEnv, Outcome } from './appliers';
import { authorName } from './team-context';

export interface SettlePayload {
  standing: number;
  other: number;
  choice: 'standing' | 'other';
  actorName: string | null;
}

export function applySettle(change: ChangeToApply, env: ApplyEnv): Outcome | null {
  if (change.kind !== 'conflict.settle') return null;
  const payload = JSON.parse(change.payload) as SettlePayload;
  env.write(() =>
    env.conflicts.settle(
      env.workspaceId,
      { standing: payload.standing, other: payload.other },
      { at: change.madeAt, choice: payload.choice, by: authorName({ ...payload }, change.actor) },
    ),
  );
  return { state: 'applied', decisionId: null };
}
