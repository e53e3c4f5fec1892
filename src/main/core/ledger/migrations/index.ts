import workspacesFloats from './0001-workspaces-floats.sql?raw';
import syncLedger from './0002-sync-ledger.sql?raw';
import locks from './0003-locks.sql?raw';
import brandsAsSent from './0004-brands-as-sent.sql?raw';

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
  { version: 3, name: 'locks', sql: locks },
  { version: 4, name: 'brands-as-sent', sql: brandsAsSent },
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS.length;
