/**
 * Checking an audit log: recompute every entry's hash from its stored columns and follow the chain.
 * Reads only. What the chain cannot show on its own is the loss of the newest entries (a cut tail
 * leaves a valid, shorter chain): verify-ledger.ts also checks every row that refers to an entry
 * (decisions, sign-offs and their recorded head, unlocks), and a copy kept elsewhere catches the rest.
 */
import type { Ledger } from '../../ledger/db';
import { AuditLogRepository, type StoredAuditRow } from '../../ledger/repositories/audit-log';
import { entryHash, GENESIS_HASH } from './entry-hash';

export const AUDIT_BREAKS = [
  'hash does not match its content',
  'chain broken: prev_hash differs from the previous entry',
  'sequence gap',
] as const;
export type AuditBreak = (typeof AUDIT_BREAKS)[number];

export interface AuditFirstBad {
  /** The seq of the first entry that does not check out. */
  seq: number;
  /** When that entry says it was written (its `at` column, as stored). */
  at: string;
  reason: AuditBreak;
  /** For a sequence gap: the seq that should have come here (the first missing one). */
  expectedSeq?: number;
}

export type AuditVerification =
  | { ok: true; entries: number; lastHash: string | null }
  | { ok: false; entries: number; firstBad: AuditFirstBad };

/** The hash the row's columns produce, whatever a tamperer put in them (wrong types included). */
function recomputed(row: StoredAuditRow): string {
  return entryHash({
    prevHash: row.prev_hash as string,
    workspaceId: row.workspace_id as number,
    seq: row.seq as number,
    at: row.at as string,
    actor: row.actor as string,
    action: row.action as string,
    subject: row.subject as string,
    details: row.details as string,
  });
}

/**
 * Walk one workspace's entries in seq order. The first entry that fails is reported: its own hash
 * does not match its columns (it was edited); its seq is not the next one (entries before it were
 * deleted); or its prev_hash is not the previous entry's hash (an entry was replaced, with its
 * hash recomputed, or the chain was spliced). `entries` is how many entries the log holds.
 */
export function verifyAuditChain(db: Ledger, workspaceId: number): AuditVerification {
  const log = new AuditLogRepository(db);
  const entries = log.count(workspaceId);
  const rows = log.chain(workspaceId);
  let expectedSeq = 1;
  let previousHash = GENESIS_HASH;
  for (const row of rows) {
    const seq = Number(row.seq);
    const at = String(row.at);
    if (recomputed(row) !== row.hash) return fail(entries, { seq, at, reason: AUDIT_BREAKS[0] });
    if (row.seq !== expectedSeq) return fail(entries, { seq, at, reason: 'sequence gap', expectedSeq });
    if (row.prev_hash !== previousHash) return fail(entries, { seq, at, reason: AUDIT_BREAKS[1] });
    expectedSeq += 1;
    previousHash = row.hash as string;
  }
  return { ok: true, entries, lastHash: entries === 0 ? null : previousHash };
}

function fail(entries: number, firstBad: AuditFirstBad): AuditVerification {
  return { ok: false, entries, firstBad };
}
