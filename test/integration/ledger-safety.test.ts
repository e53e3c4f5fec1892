import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger } from '../../src/main/core/ledger/db';
import { checkLedgerIntegrity, findIntegrityProblems } from '../../src/main/core/ledger/integrity';
import { SYNC_LOCK, acquireLock, releaseLock } from '../../src/main/core/ledger/locks';
import { createCore } from '../../src/main/core/services';
import { HOLD_SYNC_LOCK, HOLD_WRITE_TRANSACTION, startLedgerChild } from '../helpers/ledger-child';
import {
  contentChecksum,
  coreConfig,
  corruptMiddlePage,
  fileDigest,
  seedLedger,
} from '../helpers/ledger-safety-fixture';
import { makeTempDir } from '../helpers/temp-dir';
import { thrownAppError } from '../helpers/app-error';

let temp: ReturnType<typeof makeTempDir>;
let workspace: string;

beforeEach(() => {
  temp = makeTempDir();
  workspace = join(temp.dir, 'books');
});
afterEach(() => temp.cleanup());

describe('integrity check on open', () => {
  it('opens a healthy ledger, and the full check agrees', () => {
    const ledgerPath = seedLedger(workspace);
    createCore(coreConfig(workspace)).close();
    const db = openLedger(ledgerPath);
    expect(findIntegrityProblems(db, { full: true })).toEqual([]);
    expect(() => checkLedgerIntegrity(db, { full: true })).not.toThrow();
    db.close();
  });

  it.each([
    ['its cells ruined', false, /Tree \d+ page \d+/],
    ['its page header ruined', true, /malformed/],
  ])(
    'reports a page with %s as ledger_corrupt, says how to restore, and writes nothing',
    (_label, header, finding) => {
      const original = seedLedger(workspace);
      const damaged = join(temp.dir, 'damaged');
      createCore(coreConfig(damaged)).close();
      copyFileSync(original, join(damaged, 'ledger.sqlite'));
      corruptMiddlePage(join(damaged, 'ledger.sqlite'), { header });
      const before = fileDigest(join(damaged, 'ledger.sqlite'));

      const error = thrownAppError(() => createCore(coreConfig(damaged)));
      expect(error.code).toBe('ledger_corrupt');
      expect(error.message).toMatch(
        /^The ledger is damaged \(.+ found in .+ledger\.sqlite\)\. Restore it from a backup with "floatdesk restore --from <backup file>"\.$/,
      );
      const problems = error.details?.problems as string[];
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.length).toBeLessThanOrEqual(10);
      expect(problems[0]).toMatch(finding);
      expect(fileDigest(join(damaged, 'ledger.sqlite'))).toBe(before);

      const db = openLedger(join(damaged, 'ledger.sqlite'));
      expect(() => checkLedgerIntegrity(db, { full: true })).toThrow(
        expect.objectContaining({ code: 'ledger_corrupt' }),
      );
      expect(findIntegrityProblems(db, { full: true, maxProblems: 2 }).length).toBeLessThanOrEqual(2);
      db.close();
    },
  );

  it('reports a row whose parent is missing (written with foreign keys off)', () => {
    const ledgerPath = seedLedger(workspace, 1);
    const raw = new Database(ledgerPath);
    raw.pragma('foreign_keys = OFF');
    raw
      .prepare(
        "INSERT INTO floats (id, workspace_id, currency, name, first_seen_at) VALUES (77, 99, 'JPY', 'Tokyo', 'now')",
      )
      .run();
    raw.close();
    const before = contentChecksum(ledgerPath);

    const error = thrownAppError(() => createCore(coreConfig(workspace)));
    expect(error.code).toBe('ledger_corrupt');
    expect(error.details?.problems).toEqual(['floats row 77 refers to a missing workspaces row']);
    expect(contentChecksum(ledgerPath)).toBe(before);
  });
});

describe('a ledger locked by another FloatDesk', () => {
  it('a write waiting past the busy timeout fails as ledger_busy and nothing is written', async () => {
    const ledgerPath = seedLedger(workspace, 5);
    const before = contentChecksum(ledgerPath);
    const child = await startLedgerChild(HOLD_WRITE_TRANSACTION, [ledgerPath, '6000']);
    try {
      const started = Date.now();
      const error = thrownAppError(() => createCore(coreConfig(workspace, { busyTimeoutMs: 300 })));
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(error.code).toBe('ledger_busy');
      expect(error.message).toBe(
        'The ledger is busy with another FloatDesk process. Wait a moment and try again.',
      );

      const db = openLedger(ledgerPath, { busyTimeoutMs: 200 });
      expect(thrownAppError(() => acquireLock(db, SYNC_LOCK, { owner: 'cli', now: new Date() })).code).toBe(
        'ledger_busy',
      );
      db.close();
      expect(contentChecksum(ledgerPath)).toBe(before);
    } finally {
      await child.kill();
    }
    // Killed mid-transaction: its uncommitted row never reaches the ledger either.
    expect(contentChecksum(ledgerPath)).toBe(before);
    const after = openLedger(ledgerPath);
    expect(findIntegrityProblems(after, { full: true })).toEqual([]);
    after.close();
  });
});

describe('two syncs at once on one workspace', () => {
  it('the second is refused while the first process lives, and takes over once it is killed', async () => {
    const ledgerPath = seedLedger(workspace, 1);
    const child = await startLedgerChild(HOLD_SYNC_LOCK, [ledgerPath]);
    const db = openLedger(ledgerPath);
    try {
      const error = thrownAppError(() => acquireLock(db, SYNC_LOCK, { owner: 'app', now: new Date() }));
      expect(error.code).toBe('ledger_busy');
      expect(error.message).toMatch(
        new RegExp(
          `^Another FloatDesk \\(sync started by cli, pid ${child.pid}, at \\d\\d:\\d\\d\\) is already syncing this workspace\\. Wait for it to finish\\.$`,
        ),
      );
      expect(db.prepare('SELECT owner, pid FROM locks').all()).toEqual([{ owner: 'cli', pid: child.pid }]);

      await child.kill();
      const { record, replacedStale } = acquireLock(db, SYNC_LOCK, { owner: 'app', now: new Date() });
      expect(replacedStale?.pid).toBe(child.pid);
      expect(record).toMatchObject({ owner: 'app', pid: process.pid });
      expect(releaseLock(db, SYNC_LOCK, { owner: 'app' })).toBe(true);
    } finally {
      await child.kill();
      db.close();
    }
  });
});
