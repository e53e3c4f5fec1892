/**
 * The audit log: a hash-chained, append-only record of every user decision and every statement
 * import (migration 0009, recipe in entry-hash.ts, stored by AuditLogRepository).
 *
 * A decision and its log entry commit together or not at all: `appendInTransaction` refuses to run
 * outside the caller's transaction, and computes the entry's seq and prev_hash from the last entry
 * inside it. What goes into `details` is ruled in entry-hash.ts: ids, amounts, codes and the notes a
 * person typed — never secrets or personal data.
 */
import type { Ledger } from '../../ledger/db';
import { AuditLogRepository } from '../../ledger/repositories/audit-log';
import { canonicalDetails, entryHash, GENESIS_HASH, type AuditDetails } from './entry-hash';

/** Who made the decision: a person in the app, a person at the CLI, or an automatic sync/pass. */
export const AUDIT_ACTORS = ['user', 'cli', 'sync'] as const;
export type AuditActor = (typeof AUDIT_ACTORS)[number];

/** Every kind of entry; add a new one here (the table only checks the `domain.verb` shape). */
export const AUDIT_ACTIONS = [
  'statement.imported',
  'match.automatic',
  'match.confirmed',
  'match.rejected',
  'match.manual',
  'match.split',
  'item.resolved',
  'period.signed_off',
  'period.unlocked',
  'period.reviewed',
  'decision.undone',
  'settings.reconciliation_changed',
  'settings.accounts_changed',
  'balance.opening_entered',
  'journal.exported',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface NewAuditEntry {
  workspaceId: number;
  /** UTC ISO 8601 with `Z`, from the caller's injected clock. */
  at: string;
  actor: AuditActor;
  action: AuditAction;
  /** What the entry is about: a bank line id, a payment reference, a period ... (1–200 characters). */
  subject: string;
  details: AuditDetails;
}

export interface AuditEntry extends NewAuditEntry {
  seq: number;
  prevHash: string;
  hash: string;
}

const UTC_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

function checkEntry(entry: NewAuditEntry): void {
  if (!Number.isSafeInteger(entry.workspaceId) || entry.workspaceId < 1)
    throw new Error(`Audit entry: workspaceId must be a positive whole number, not ${entry.workspaceId}.`);
  if (!UTC_INSTANT.test(entry.at) || Number.isNaN(Date.parse(entry.at)))
    throw new Error(`Audit entry: at must be a UTC ISO 8601 time ending in Z, not "${entry.at}".`);
  if (!(AUDIT_ACTORS as readonly string[]).includes(entry.actor))
    throw new Error(`Audit entry: unknown actor "${entry.actor}".`);
  if (!(AUDIT_ACTIONS as readonly string[]).includes(entry.action))
    throw new Error(`Audit entry: unknown action "${entry.action}".`);
  if (entry.subject.length < 1 || entry.subject.length > 200)
    throw new Error('Audit entry: subject must be 1 to 200 characters.');
}

/** One repository per connection, so its statements are prepared once and reused by every append. */
const repositories = new WeakMap<Ledger, AuditLogRepository>();

function repositoryOf(db: Ledger): AuditLogRepository {
  let repository = repositories.get(db);
  if (repository === undefined) {
    repository = new AuditLogRepository(db);
    repositories.set(db, repository);
  }
  return repository;
}

/**
 * Append one entry inside the caller's open transaction (the one that writes the decision), so both
 * commit together. Throws when no transaction is open, and AuditDetailsError for details that are
 * not canonical-JSON material (see entry-hash.ts).
 */
export function appendInTransaction(db: Ledger, entry: NewAuditEntry): AuditEntry {
  if (!db.inTransaction) {
    throw new Error(
      'The audit log is written inside the transaction that stores the decision: call appendInTransaction from within db.transaction(...).',
    );
  }
  checkEntry(entry);
  const details = canonicalDetails(entry.details);
  const repository = repositoryOf(db);
  const last = repository.last(entry.workspaceId);
  const fields = {
    prevHash: last?.hash ?? GENESIS_HASH,
    workspaceId: entry.workspaceId,
    seq: (last?.seq ?? 0) + 1,
    at: entry.at,
    actor: entry.actor,
    action: entry.action,
    subject: entry.subject,
    details,
  };
  const hash = entryHash(fields);
  repository.insert({ ...fields, hash });
  return {
    ...entry,
    details: JSON.parse(details) as AuditDetails,
    seq: fields.seq,
    prevHash: fields.prevHash,
    hash,
  };
}
