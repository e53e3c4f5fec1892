/**
 * The team's audit chain, checked on the desktop: every change pulled carries the hash of the one
 * before and its own, taken by the server over all its fields (server/0001-team.sql,
 * change_hash). A desktop recomputes each and says the first seq where the chain parts.
 */
import { hash } from 'node:crypto';
import type { TeamChange, TeamHead } from './team-changes';

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
  // The one-shot hash: a log of 100,000 changes is hashed change by change on every desktop.
  return hash('sha256', text, 'hex');
}

export type ChainCheck = { ok: true; head: TeamHead } | { ok: false; seq: number; problem: string };

/**
 * Check changes pulled in order after a known head: each is numbered one after the one before (a
 * skipped number is a change taken out) and its `prevHash` is the hash of the one before.
 */
export function checkChain(after: TeamHead, changes: readonly TeamChange[]): ChainCheck {
  let previous = after.hash;
  let seq = after.seq;
  for (const change of changes) {
    if (change.seq !== seq + 1)
      return {
        ok: false,
        seq: change.seq,
        problem: `comes after change ${seq}: ${change.seq - seq - 1 > 0 ? 'the changes between are missing' : 'it is out of order'}`,
      };
    seq = change.seq;
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
  return { ok: true, head: { seq, hash: previous } };
}
