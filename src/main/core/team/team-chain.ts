/**
 * The team's audit chain, checked on the desktop: every change pulled carries the hash of the one
 * before and its own, taken by the server over all its fields (server/0001-team.sql,
 * change_hash). A desktop recomputes each and says the first seq where the chain parts.
 */
import { createHash } from 'node:crypto';
import type { TeamChange } from './team-changes';

export function changeHash(change: Omit<TeamChange, 'hash'>): string {
  const text = [
    change.prevHash,
    String(change.seq),
    change.id,
    change.kind,
    change.subject,
    change.actor,
    change.madeAt,
    change.receivedAt,
    change.payload,
  ].join('|');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export type ChainCheck = { ok: true; head: string } | { ok: false; seq: number; problem: string };

/** Check changes pulled in order after a known head (`prevHash` of the first must equal it). */
export function checkChain(after: string, changes: readonly TeamChange[]): ChainCheck {
  let previous = after;
  for (const change of changes) {
    if (change.prevHash !== previous)
      return {
        ok: false,
        seq: change.seq,
        problem: 'does not follow the change before it (a change is missing or was replaced)',
      };
    if (changeHash(change) !== change.hash)
      return {
        ok: false,
        seq: change.seq,
        problem: 'was altered after the server stored it (its hash does not match)',
      };
    previous = change.hash;
  }
  return { ok: true, head: previous };
}
