import type { Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import type { PlatformClient } from '../platform/client';
import type { SyncTrigger } from '../ledger/repositories/sync-runs';

export const DATASETS = ['floats', 'transfers', 'brands', 'templates'] as const;
export type Dataset = (typeof DATASETS)[number];

export interface SyncProgress {
  dataset: Dataset;
  /**
   * A short word for what is happening: 'reading', 'windows', 'open', 'signed-off', 'assets',
   * 'downloading', 'saving'.
   */
  phase: string;
  done: number;
  /** Null while the total is not known yet. */
  total: number | null;
}

/** What every dataset sync receives from the orchestrator (sync/run.ts). */
export interface SyncContext {
  db: Ledger;
  client: PlatformClient;
  workspaceId: number;
  workspaceDir: string;
  syncRunId: number;
  /** What started the run ('manual', 'cli': a person); absent counts as automatic. */
  trigger?: SyncTrigger;
  clock: Clock;
  /** Aborted when the person cancels; a dataset stops at its next commit point. */
  signal: AbortSignal;
  progress: (update: Omit<SyncProgress, 'dataset'>) => void;
}

export interface DatasetOutcome {
  itemsRead: number;
  itemsChanged: number;
  requestsMade: number;
  /** Set when the dataset finished but could not read everything (e.g. a group over the cap). */
  incomplete?: string;
}

export type DatasetSync = (context: SyncContext) => Promise<DatasetOutcome>;
