import { ledgerTooNew, type Ledger } from './db';
import type { Migration } from './migrations';

export interface MigrationOutcome {
  from: number;
  to: number;
  applied: string[];
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

  db.transaction(() => {
    for (const step of pending) db.exec(step.sql);
    db.pragma(`user_version = ${latest}`);
  }).immediate();
  return {
    from,
    to: latest,
    applied: pending.map((step) => `${String(step.version).padStart(4, '0')}-${step.name}`),
  };
}
