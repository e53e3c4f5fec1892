import { ledgerTooNew, type Ledger } from './db';
import { ledgerCorrupt } from './integrity';
import type { Migration } from './migrations';

export interface MigrationOutcome {
  from: number;
  to: number;
  applied: string[];
}

/** Every row whose foreign key points at no row, as "table rowid → parent". */
function danglingRows(db: Ledger): string[] {
  const rows = db.pragma('foreign_key_check') as { table: string; rowid: number | null; parent: string }[];
  return rows.map((row) => `${row.table} ${row.rowid ?? '?'} → ${row.parent}`);
}

export function schemaVersionOf(db: Ledger): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function assertOrdered(migrations: readonly Migration[]): void {
  migrations.forEach((step, index) => {
    if (step.version !== index + 1) {
      throw new Error(
        `Migration list out of order: position ${index + 1} holds version ${step.version} (${step.name}).`,
      );
    }
  });
}

/**
 * Bring the ledger to the latest schema: all pending steps in one transaction, tracked in
 * PRAGMA user_version. A ledger written by a newer FloatDesk is refused, never touched.
 */
export function migrate(db: Ledger, migrations: readonly Migration[]): MigrationOutcome {
  assertOrdered(migrations);
  const latest = migrations.length;
  const from = schemaVersionOf(db);
  if (from > latest) throw ledgerTooNew(db.name, from, latest);
  const pending = migrations.slice(from);
  if (pending.length === 0) return { from, to: from, applied: [] };

  // Foreign keys are off while the steps run (they cannot be switched inside a transaction), so a
  // step may rebuild a table other tables point at, as SQLite's ALTER TABLE guide does; every key
  // is then checked before the transaction commits.
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) === 1;
  if (foreignKeys) db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      // Rows that already pointed at missing rows (a damaged or tampered ledger) are the audit's and
      // the integrity check's to report; only what the steps themselves broke stops the migration.
      const before = new Set(danglingRows(db));
      for (const step of pending) db.exec(step.sql);
      const broken = danglingRows(db).filter((row) => !before.has(row));
      if (broken.length > 0) {
        throw ledgerCorrupt(db.name, [
          `Migrating to schema ${latest} left ${broken.length} row(s) pointing at missing rows (first: ${broken[0]}).`,
        ]);
      }
      db.pragma(`user_version = ${latest}`);
    }).immediate();
  } finally {
    if (foreignKeys) db.pragma('foreign_keys = ON');
  }
  return {
    from,
    to: latest,
    applied: pending.map((step) => `${String(step.version).padStart(4, '0')}-${step.name}`),
  };
}
