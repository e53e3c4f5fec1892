import { AppError } from '../../../shared/ipc/errors';
import type { Ledger } from './db';
import { SchemaObjectsRepository, type ForeignKeyProblem } from './repositories/schema-objects';

export interface IntegrityOptions {
  /** integrity_check (every index against its table) instead of the faster quick_check. */
  full?: boolean;
  /** How many problems to collect at most; default 10. */
  maxProblems?: number;
  /** Also run foreign_key_check (default true). */
  foreignKeys?: boolean;
}

export type { ForeignKeyProblem };

/** The restore hint every damaged-ledger message ends with. */
export const RESTORE_HINT = 'Restore it from a backup with "floatdesk restore --from <backup file>".';

function isSqliteDamage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || code === 'SQLITE_IOERR_SHORT_READ';
}

/**
 * Runs SQLite's structural check (quick_check, or integrity_check when `full`) and
 * foreign_key_check; returns the first problems found, [] for a healthy ledger. Writes nothing.
 */
export function findIntegrityProblems(db: Ledger, options: IntegrityOptions = {}): string[] {
  const limit = Math.max(1, Math.trunc(options.maxProblems ?? 10));
  const check = options.full ? 'integrity_check' : 'quick_check';
  const problems: string[] = [];
  try {
    const rows = db.pragma(`${check}(${limit})`) as Record<string, string>[];
    // SQLite may put several findings in one row, one per line, under a "*** in database" heading.
    for (const row of rows) {
      for (const line of (Object.values(row)[0] ?? '').split('\n')) {
        if (line !== 'ok' && line.trim() !== '' && !line.startsWith('*** in database')) problems.push(line);
      }
    }
    if (options.foreignKeys !== false) problems.push(...findForeignKeyProblems(db, limit - problems.length));
  } catch (error) {
    if (!isSqliteDamage(error)) throw error;
    problems.push(String((error as Error).message ?? error));
  }
  return problems.slice(0, limit);
}

/** Rows whose parent row is missing (foreign_key_check), at most `limit`. */
export function findForeignKeyRows(db: Ledger, limit = 10): ForeignKeyProblem[] {
  return new SchemaObjectsRepository(db).foreignKeyRows(limit);
}

export function foreignKeyProblemText(row: ForeignKeyProblem): string {
  return `${row.table} row ${String(row.rowid)} refers to a missing ${row.parent} row`;
}

function findForeignKeyProblems(db: Ledger, limit: number): string[] {
  return findForeignKeyRows(db, limit).map(foreignKeyProblemText);
}

/** `more`: the check stopped collecting at `problems.length`; there are others. */
export function ledgerCorrupt(path: string, problems: readonly string[], more = false): AppError {
  const count = more
    ? `more than ${problems.length} problems`
    : problems.length === 1
      ? 'a problem'
      : `${problems.length} problems`;
  return new AppError(
    'ledger_corrupt',
    `The ledger is damaged (${count} found in ${path}). ${RESTORE_HINT}`,
    {
      path,
      problems: [...problems],
    },
  );
}

/** Throws AppError('ledger_corrupt') naming the first problems when the ledger fails its check. */
export function checkLedgerIntegrity(db: Ledger, options: IntegrityOptions = {}): void {
  const limit = Math.max(1, Math.trunc(options.maxProblems ?? 10));
  const problems = findIntegrityProblems(db, { ...options, maxProblems: limit + 1 });
  if (problems.length > 0) throw ledgerCorrupt(db.name, problems.slice(0, limit), problems.length > limit);
}
