import Database from 'better-sqlite3';
import type { Ledger } from '../../src/main/core/ledger/db';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { appendInTransaction, type AuditEntry } from '../../src/main/core/recon/audit/audit-log';
import { entryHash } from '../../src/main/core/recon/audit/entry-hash';

/** Appends `count` decisions, each in its own transaction as the reconcile service will; one minute apart. */
export function appendDecisions(
  db: Ledger,
  workspaceId: number,
  count: number,
  firstMinute = 0,
): AuditEntry[] {
  const entries: AuditEntry[] = [];
  for (let i = 0; i < count; i++) {
    const minute = firstMinute + i;
    const at = new Date(Date.UTC(2026, 10, 22, 9, minute)).toISOString();
    db.transaction(() => {
      entries.push(
        appendInTransaction(db, {
          workspaceId,
          at,
          actor: i % 2 === 0 ? 'user' : 'cli',
          action: i % 3 === 0 ? 'match.confirmed' : 'item.resolved',
          subject: `bank-line:${100 + minute}`,
          details: {
            amount: `${1000 + minute}.50`,
            currency: 'GBP',
            requestId: minute + 1,
            note: `decision ${minute}`,
          },
        }),
      );
    }).immediate();
  }
  return entries;
}

/**
 * What a tamperer with the sqlite3 tool does: opens the file directly (foreign keys not enforced),
 * drops the append-only triggers and runs `sql`.
 */
export function tamper(ledgerPath: string, sql: string, ...params: unknown[]): void {
  const raw = new Database(ledgerPath);
  try {
    // As in the sqlite3 tool, where foreign keys are not enforced unless asked for.
    raw.pragma('foreign_keys = OFF');
    for (const trigger of ['audit_log_no_update', 'audit_log_no_delete', 'audit_log_no_replace'])
      raw.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
    raw.prepare(sql).run(...params);
  } finally {
    raw.close();
  }
}

/** The append-only triggers exactly as migration 0009 creates them. */
function auditTriggerSql(): string {
  const step = MIGRATIONS.find((migration) => migration.name === 'audit-log');
  const triggers = step?.sql.match(/CREATE TRIGGER audit_log_[\s\S]*?END;/g) ?? [];
  if (triggers.length !== 3) throw new Error('migration 0009 no longer holds three audit_log triggers');
  return triggers.join('\n');
}

/**
 * The tail deletion a tamperer with the sqlite3 tool can do: drop the append-only triggers, delete
 * every entry from `fromSeq` on, and put the triggers back so nothing looks touched. The rows that
 * point at the deleted entries (decisions, sign-offs) are left as they are.
 */
export function cutAuditTail(ledgerPath: string, fromSeq: number): void {
  tamper(ledgerPath, 'DELETE FROM audit_log WHERE seq >= ?', fromSeq);
  const raw = new Database(ledgerPath);
  try {
    raw.exec(auditTriggerSql());
  } finally {
    raw.close();
  }
}

/**
 * A cleverer tamperer: changes entry `seq`'s details with `edit` and recomputes its hash and every
 * later one, so the chain itself checks out again. Triggers are put back afterwards.
 */
export function rewriteAuditEntry(ledgerPath: string, seq: number, edit: (details: string) => string): void {
  const raw = new Database(ledgerPath);
  try {
    for (const trigger of ['audit_log_no_update', 'audit_log_no_delete', 'audit_log_no_replace'])
      raw.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
    const rows = raw
      .prepare<[number], HashedRow>(
        `SELECT workspace_id, seq, at, actor, action, subject, details, prev_hash FROM audit_log
          WHERE seq >= ? ORDER BY seq`,
      )
      .all(seq);
    const update = raw.prepare(
      'UPDATE audit_log SET details = ?, prev_hash = ?, hash = ? WHERE workspace_id = ? AND seq = ?',
    );
    let prevHash: string | undefined;
    for (const row of rows) {
      const details = row.seq === seq ? edit(row.details) : row.details;
      const previous = prevHash ?? row.prev_hash;
      prevHash = entryHash({
        prevHash: previous,
        workspaceId: row.workspace_id,
        seq: row.seq,
        at: row.at,
        actor: row.actor,
        action: row.action,
        subject: row.subject,
        details,
      });
      update.run(details, previous, prevHash, row.workspace_id, row.seq);
    }
    raw.exec(auditTriggerSql());
  } finally {
    raw.close();
  }
}

interface HashedRow {
  workspace_id: number;
  seq: number;
  at: string;
  actor: string;
  action: string;
  subject: string;
  details: string;
  prev_hash: string;
}
