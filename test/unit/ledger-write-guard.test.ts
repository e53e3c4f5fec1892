// Once the ledger is found damaged, nothing more is written: write channels are refused before they
// do anything, and the connection itself refuses every statement that would change the file.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../src/shared/ipc/channels';
import { AppError } from '../../src/shared/ipc/errors';
import { LedgerWriteGuard, READING_CHANNELS } from '../../src/main/core/ledger/write-guard';

/** Every channel that changes the ledger or acts on the platform. A new channel must be put on one side. */
const WRITING = [
  'floats:threshold.set',
  'notifications:dismiss',
  'sync:run',
  'transfers:submit',
  'transfers:drafts.save',
  'transfers:drafts.delete',
  'settings:update',
  'settings:bank-details.set',
  'workspaces:create',
  'workspaces:switch',
  'connection:set',
  'recon:import',
  'recon:profiles.save',
  'recon:run',
  'recon:match.confirm',
  'recon:match.reject',
  'recon:match.manual',
  'recon:resolve',
  'recon:undo',
  'recon:opening.set',
  'recon:demo-statement.load',
  'recon:signoff',
  'recon:unlock',
  'recon:review',
  'recon:settings.update',
  'journals:export',
  'catalogue:template.update',
  'team:join',
  'team:sync',
  'team:password.forget',
  'team:conflict.settle',
  'journals:mapping.save',
  'journals:mapping.import',
];

const damage = new AppError('ledger_corrupt', 'The ledger is damaged (a problem found in x). Restore it.');

describe('the channels a damaged ledger still answers', () => {
  it('are exactly those that only read; every other channel writes', () => {
    const writing = CHANNELS.filter((channel) => !READING_CHANNELS.has(channel));
    expect(writing).toEqual(WRITING);
  });
});

describe('LedgerWriteGuard', () => {
  it('lets everything through until writing stops, then refuses writes with the damage', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (x INTEGER)');
    const guard = new LedgerWriteGuard(db);
    expect(() => guard.check('recon:resolve')).not.toThrow();
    db.exec('INSERT INTO t VALUES (1)');

    guard.stopWrites(damage);
    expect(guard.damage).toBe(damage);
    expect(() => guard.check('recon:resolve')).toThrow(damage);
    expect(() => guard.check('sync:run')).toThrow(damage);
    expect(() => guard.check('floats:list')).not.toThrow();

    // Whatever a service tries on the connection itself is refused by SQLite, and said as the damage.
    let refused: unknown;
    try {
      db.exec('INSERT INTO t VALUES (2)');
    } catch (error) {
      refused = error;
    }
    expect((refused as { code?: string }).code).toMatch(/^SQLITE_READONLY/);
    expect(guard.translate(refused)).toBe(damage);
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(1);
    db.close();
  });

  it('puts storage failures in words while the ledger is healthy', () => {
    const db = new Database(':memory:');
    const guard = new LedgerWriteGuard(db);
    const full = new Database.SqliteError('database or disk is full', 'SQLITE_FULL');
    expect(guard.translate(full)).toMatchObject({ code: 'disk_full' });
    const other = new Error('a bug');
    expect(guard.translate(other)).toBe(other);
    db.close();
  });
});
