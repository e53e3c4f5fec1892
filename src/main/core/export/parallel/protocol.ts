import type { CsvDialect } from '../csv-dialect';

/** What a CSV render worker is started with; plain data so it crosses into the thread. */
export interface RenderWorkerData {
  ledgerPath: string;
  nativeBinding?: string;
  dialect: CsvDialect;
  lineSql: string;
  lineParams: string[];
  /**
   * [started, failed]: the worker adds 1 to one of them once its read snapshot is taken (or could
   * not be), so the core can wait for every snapshot while it holds the ledger's write lock.
   */
  signals: SharedArrayBuffer;
}

export const STARTED = 0;
export const FAILED = 1;

/**
 * Core → worker: render these request ids (a JSON array, in export order); and/or take back a buffer
 * the core has written (the worker encodes into a few buffers that go back and forth, so neither
 * thread piles up garbage).
 */
export interface RenderSegment {
  segment?: number;
  ids?: string;
  count?: number;
  recycled?: ArrayBuffer;
}

/** Worker → core: the segment's CSV lines as UTF-8 (transferred, not copied), or why it failed. */
export type RenderResult =
  | { segment: number; buffer: ArrayBuffer; length: number; rows: number }
  | { segment: number; error: { code: string; message: string } };
