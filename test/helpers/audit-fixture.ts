import Database from 'better-sqlite3';
import type { Ledger } from '../../src/main/core/ledger/db';
import { appendInTransaction, type AuditEntry } from '../../src/main/core/reconcile/audit/audit-log';

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
 * What a tamperer with the sqlite3 tool does: opens the file directly, drops the append-only
 * triggers and runs `sql`.
 */
export function tamper(ledgerPath: string, sql: string, ...params: unknown[]): void {
  const raw = new Database(ledgerPath);
  try {
    for (const trigger of ['audit_log_no_update', 'audit_log_no_delete', 'audit_log_no_replace'])
      raw.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
    raw.prepare(sql).run(...params);
  } finally {
    raw.close();
  }
}
