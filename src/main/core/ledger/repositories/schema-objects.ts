/**
 * What a ledger file's schema holds, read from sqlite_schema and PRAGMA foreign_key_check: whether a
 * table or trigger exists (an older schema, a foreign or tampered file may lack one), how many objects
 * there are at all, and the rows whose parent row is missing. Reads only; works on any connection.
 */
import type Database from 'better-sqlite3';
import type { Ledger } from '../db';

export interface ForeignKeyProblem {
  table: string;
  rowid: number | bigint | null;
  parent: string;
}

export class SchemaObjectsRepository {
  private byName: Database.Statement<[string, string], number> | undefined;

  constructor(private readonly db: Ledger) {}

  has(type: 'table' | 'trigger', name: string): boolean {
    this.byName ??= this.db
      .prepare<[string, string], number>('SELECT count(*) FROM sqlite_schema WHERE type = ? AND name = ?')
      .pluck();
    return this.byName.get(type, name) === 1;
  }

  /** How many tables, indexes, triggers and views the file holds (0: an empty file). */
  count(): number {
    return this.db.prepare<[], number>('SELECT count(*) FROM sqlite_schema').pluck().get() ?? 0;
  }

  /** Rows whose parent row is missing (foreign_key_check), at most `limit`. */
  foreignKeyRows(limit: number): ForeignKeyProblem[] {
    const rows: ForeignKeyProblem[] = [];
    if (limit <= 0) return rows;
    for (const row of this.db.prepare<[], ForeignKeyProblem>('PRAGMA foreign_key_check').iterate()) {
      rows.push(row);
      if (rows.length >= limit) break;
    }
    return rows;
  }
}
