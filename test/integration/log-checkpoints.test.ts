/**
 * Checkpoints during a large import (a real SQLite ledger in write-ahead-log mode): one per log's
 * worth of pages the import adds, never two at once, and one at the end; not one per batch once the
 * log's file has grown past the size (its file keeps its size after a checkpoint).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { beginBulkWrites, openLedger, unsyncedWrite, type Ledger } from '../../src/main/core/ledger/db';
import { checkpointHere } from '../../src/main/core/ledger/checkpoint';
import { LogCheckpoints } from '../../src/main/core/recon/import/log-checkpoints';
import { makeTempDir } from '../helpers/temp-dir';

const MB = 1024 * 1024;
let temp: ReturnType<typeof makeTempDir>;
let db: Ledger;

beforeEach(() => {
  temp = makeTempDir();
  db = openLedger(join(temp.dir, 'ledger.sqlite'));
  db.exec('CREATE TABLE filler (data BLOB NOT NULL) STRICT');
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

/** One batch of an import: about 256 KB of new pages. */
function writeBatch(): void {
  const insert = db.prepare('INSERT INTO filler (data) VALUES (randomblob(8192))');
  unsyncedWrite(db, () => {
    for (let i = 0; i < 32; i++) insert.run();
  });
}

function counted(): { checkpoint: (on: Ledger) => Promise<void>; started: () => number; finish: () => void } {
  let started = 0;
  let finish: () => void = () => undefined;
  return {
    checkpoint: (on) => {
      started += 1;
      checkpointHere(on);
      return new Promise<void>((resolve) => (finish = resolve));
    },
    started: () => started,
    finish: () => finish(),
  };
}

it('starts one checkpoint per log-worth of pages added, though the log file stays large after the first', async () => {
  const end = beginBulkWrites(db);
  const spy = counted();
  const checkpoints = new LogCheckpoints(db, spy.checkpoint, 2 * MB);
  for (let batch = 0; batch < 48; batch++) {
    writeBatch();
    checkpoints.afterBatch();
    spy.finish();
    await Promise.resolve();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  // 48 batches of 256 KB are 12 MB: a checkpoint every 2 MB makes 6 (the log's file, past 2 MB
  // after the first, would have asked for one after every batch).
  expect(statSync(`${db.name}-wal`).size).toBeGreaterThan(2 * MB);
  expect(spy.started()).toBeGreaterThanOrEqual(5);
  expect(spy.started()).toBeLessThanOrEqual(6);
  const last = checkpoints.last();
  await new Promise<void>((resolve) => setImmediate(resolve));
  spy.finish();
  await last;
  expect(spy.started()).toBeLessThanOrEqual(7);
  end();
});

it('never starts a second checkpoint while one is running', async () => {
  const spy = counted();
  const checkpoints = new LogCheckpoints(db, spy.checkpoint, 1 * MB);
  for (let batch = 0; batch < 24; batch++) {
    writeBatch();
    checkpoints.afterBatch();
  }
  expect(spy.started()).toBe(1);
  spy.finish();
  await new Promise<void>((resolve) => setImmediate(resolve));
  writeBatch();
  checkpoints.afterBatch();
  expect(spy.started()).toBe(2);
  const last = checkpoints.last();
  spy.finish();
  await new Promise<void>((resolve) => setImmediate(resolve));
  spy.finish();
  await last;
  expect(spy.started()).toBe(3);
});
