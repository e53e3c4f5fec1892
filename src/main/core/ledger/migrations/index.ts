import workspacesFloats from './0001-workspaces-floats.sql?raw';
import syncLedger from './0002-sync-ledger.sql?raw';

export interface Migration {
  /** The schema version this step produces; steps are numbered 1, 2, 3 ... without gaps. */
  version: number;
  name: string;
  sql: string;
}

/** Ordered list of every schema step. Append only: a released step is never edited. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'workspaces-floats', sql: workspacesFloats },
  { version: 2, name: 'sync-ledger', sql: syncLedger },
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS.length;
