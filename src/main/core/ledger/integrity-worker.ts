/**
 * Entry of the background integrity check (built as integrity-worker.js next to the core's entry):
 * runs the full integrity_check and foreign_key_check on a read-only connection of its own, so the
 * thread that answers calls never waits for it, and posts the problems found ([] when healthy).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openLedger } from './db';
import { findIntegrityProblems } from './integrity';
import type { IntegrityWorkerData, IntegrityWorkerResult } from './background-integrity';

if (!parentPort) throw new Error('The integrity check must be started as a worker thread.');
const port = parentPort;
const data = workerData as IntegrityWorkerData;

let result: IntegrityWorkerResult;
try {
  const db = openLedger(data.ledgerPath, {
    readonly: true,
    ...(data.nativeBinding === undefined ? {} : { nativeBinding: data.nativeBinding }),
  });
  try {
    result = { problems: findIntegrityProblems(db, { full: true, maxProblems: data.maxProblems }) };
  } finally {
    db.close();
  }
} catch (error) {
  const code = (error as { code?: unknown } | null)?.code;
  // Damage that stops SQLite from even opening the file is a finding like any other.
  result =
    code === 'ledger_corrupt'
      ? { problems: [(error as Error).message] }
      : { error: error instanceof Error ? error.message : String(error) };
}
port.postMessage(result);
