import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { migrate, schemaVersionOf } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { WorkspacesRepository } from '../../src/main/core/ledger/repositories/workspaces';
import { appendInTransaction } from '../../src/main/core/recon/audit/audit-log';
import { verifyAuditChain, type AuditVerification } from '../../src/main/core/recon/audit/audit-verify';
import { entryHash, GENESIS_HASH } from '../../src/main/core/recon/audit/entry-hash';
import { AUDIT_LOG_SCHEMA_VERSION, auditLedgerFile } from '../../src/main/core/recon/audit/verify-ledger';
import { appendDecisions, tamper } from '../helpers/audit-fixture';
import { readAuditLog } from '../helpers/audit-log-read';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let ledgerPath: string;
let db: Ledger;
let workspaceId: number;

beforeEach(() => {
  temp = makeTempDir();
  ledgerPath = join(temp.dir, 'ledger.sqlite');
  db = openLedger(ledgerPath);
  migrate(db, MIGRATIONS);
  workspaceId = new WorkspacesRepository(db).ensure({
    name: 'Books',
    kind: 'platform',
    baseUrl: null,
    now: '2026-11-01T00:00:00.000Z',
  }).id;
});
afterEach(() => {
  if (db.open) db.close();
  temp.cleanup();
});

/** Tamper from a second connection, the way someone with the sqlite3 tool would, then check. */
function tamperAndVerify(sql: string, ...params: unknown[]): AuditVerification {
  tamper(ledgerPath, sql, ...params);
  return verifyAuditChain(db, workspaceId);
}

describe('audit log: appending', () => {
  it('numbers entries 1, 2, 3 ... and chains each to the previous hash', () => {
    const entries = appendDecisions(db, workspaceId, 4);
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4]);
    expect(entries[0]!.prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.prevHash).toBe(entries[i - 1]!.hash);
    expect(verifyAuditChain(db, workspaceId)).toEqual({ ok: true, entries: 4, lastHash: entries[3]!.hash });
    expect(readAuditLog(db, workspaceId)).toEqual(entries);
  });

  it('stores details as canonical JSON and the hash the documented recipe gives', () => {
    db.transaction(() =>
      appendInTransaction(db, {
        workspaceId,
        at: '2026-11-22T10:00:00.000Z',
        actor: 'user',
        action: 'match.manual',
        subject: 'bank-line:7',
        details: { requestId: 12, amount: '99.00', warnings: ['tolerance'], bankLineId: 7 },
      }),
    )();
    const row = db.prepare('SELECT * FROM audit_log').get() as Record<string, string | number>;
    expect(row.details).toBe('{"amount":"99.00","bankLineId":7,"requestId":12,"warnings":["tolerance"]}');
    // The auditor's recipe, with SQLite's own json_array and any SHA-256 tool.
    const text = db
      .prepare(
        'SELECT json_array(prev_hash, workspace_id, seq, at, actor, action, subject, details) FROM audit_log',
      )
      .pluck()
      .get() as string;
    expect(createHash('sha256').update(text, 'utf8').digest('hex')).toBe(row.hash);
    expect(
      entryHash({
        prevHash: String(row.prev_hash),
        workspaceId: Number(row.workspace_id),
        seq: Number(row.seq),
        at: String(row.at),
        actor: String(row.actor),
        action: String(row.action),
        subject: String(row.subject),
        details: String(row.details),
      }),
    ).toBe(row.hash);
  });

  it('refuses to append outside a transaction, and writes nothing', () => {
    expect(() =>
      appendInTransaction(db, {
        workspaceId,
        at: '2026-11-22T10:00:00.000Z',
        actor: 'user',
        action: 'match.confirmed',
        subject: 'bank-line:1',
        details: {},
      }),
    ).toThrow(/inside the transaction/);
    expect(() =>
      appendInTransaction(db, {
        workspaceId,
        at: '2026-11-22T10:00:00.000Z',
        actor: 'user',
        action: 'match.confirmed',
        subject: 's',
        details: {},
      }),
    ).toThrow(/inside the transaction/);
    expect(db.prepare('SELECT count(*) FROM audit_log').pluck().get()).toBe(0);
  });

  it('commits the entry with the decision or not at all', () => {
    appendDecisions(db, workspaceId, 2);
    expect(() =>
      db.transaction(() => {
        appendInTransaction(db, {
          workspaceId,
          at: '2026-11-22T11:00:00.000Z',
          actor: 'user',
          action: 'item.resolved',
          subject: 'x',
          details: {},
        });
        throw new Error('the decision itself failed');
      })(),
    ).toThrow(/decision itself failed/);
    expect(() =>
      db.transaction(() =>
        appendInTransaction(db, {
          workspaceId,
          at: '2026-11-22T11:00:00.000Z',
          actor: 'user',
          action: 'item.resolved',
          subject: 'x',
          details: { apiSecret: 'hunter2' },
        }),
      )(),
    ).toThrow(/never go into the audit log/);
    const third = appendDecisions(db, workspaceId, 1, 10)[0]!;
    expect(third.seq).toBe(3);
    expect(verifyAuditChain(db, workspaceId)).toMatchObject({ ok: true, entries: 3, lastHash: third.hash });
  });

  it('refuses malformed entries before writing', () => {
    const base = {
      at: '2026-11-22T10:00:00.000Z',
      actor: 'user',
      action: 'match.confirmed',
      subject: 's',
      details: {},
    } as const;
    const append = (patch: object): unknown =>
      db.transaction(() => appendInTransaction(db, { ...base, ...patch, workspaceId }))();
    expect(() => append({ at: '2026-11-22 10:00' })).toThrow(/UTC ISO 8601/);
    expect(() => append({ at: '2026-11-22T10:00:00+01:00' })).toThrow(/UTC ISO 8601/);
    expect(() => append({ actor: 'root' })).toThrow(/unknown actor/);
    expect(() => append({ action: 'match.deleted' })).toThrow(/unknown action/);
    expect(() => append({ subject: '' })).toThrow(/subject/);
    expect(verifyAuditChain(db, workspaceId)).toEqual({ ok: true, entries: 0, lastHash: null });
  });

  it('keeps a separate chain per workspace', () => {
    const other = db
      .prepare("INSERT INTO workspaces (name, kind, created_at) VALUES ('Other', 'demo', 'now') RETURNING id")
      .pluck()
      .get() as number;
    appendDecisions(db, workspaceId, 3);
    const theirs = appendDecisions(db, other, 2);
    expect(theirs.map((entry) => [entry.seq, entry.prevHash === GENESIS_HASH])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(verifyAuditChain(db, workspaceId)).toMatchObject({ ok: true, entries: 3 });
    expect(verifyAuditChain(db, other)).toMatchObject({ ok: true, entries: 2 });
  });
});

describe('audit log: append-only', () => {
  it('the triggers refuse UPDATE and DELETE, even of one column', () => {
    appendDecisions(db, workspaceId, 2);
    expect(() => db.prepare("UPDATE audit_log SET details = '{}' WHERE seq = 1").run()).toThrow(
      /append-only: entries cannot be changed/,
    );
    expect(() => db.prepare('UPDATE audit_log SET at = at').run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM audit_log WHERE seq = 2').run()).toThrow(
      /append-only: entries cannot be deleted/,
    );
    expect(() => db.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
    expect(verifyAuditChain(db, workspaceId)).toMatchObject({ ok: true, entries: 2 });
  });
});

describe('audit log: verify finds a tamperer', () => {
  beforeEach(() => {
    appendDecisions(db, workspaceId, 5);
  });

  it.each([
    [
      'an amount in details',
      `UPDATE audit_log SET details = replace(details, '1002.50', '1002.05') WHERE seq = 3`,
    ],
    [
      'a note in details',
      `UPDATE audit_log SET details = json_set(details, '$.note', 'nothing to see') WHERE seq = 3`,
    ],
    ['the time it was written', `UPDATE audit_log SET at = '2026-11-21T09:02:00.000Z' WHERE seq = 3`],
    ['the subject', `UPDATE audit_log SET subject = 'bank-line:999' WHERE seq = 3`],
    ['the action', `UPDATE audit_log SET action = 'match.rejected' WHERE seq = 3`],
    ['the stored hash', `UPDATE audit_log SET hash = substr(hash, 2) || substr(hash, 1, 1) WHERE seq = 3`],
  ])('an edit of %s: reports exactly that entry', (_what, sql) => {
    const atBefore = readAuditLog(db, workspaceId)[2]!.at;
    const result = tamperAndVerify(sql);
    expect(result).toMatchObject({
      ok: false,
      entries: 5,
      firstBad: { seq: 3, reason: 'hash does not match its content' },
    });
    if (!result.ok && !sql.includes('SET at')) expect(result.firstBad.at).toBe(atBefore);
  });

  it('a deleted middle entry: a sequence gap at the entry after it', () => {
    expect(tamperAndVerify('DELETE FROM audit_log WHERE seq = 3')).toEqual({
      ok: false,
      entries: 4,
      firstBad: { seq: 4, at: '2026-11-22T09:03:00.000Z', reason: 'sequence gap', expectedSeq: 3 },
    });
  });

  it('a deleted first entry: a sequence gap at entry 2', () => {
    expect(tamperAndVerify('DELETE FROM audit_log WHERE seq = 1')).toMatchObject({
      ok: false,
      firstBad: { seq: 2, reason: 'sequence gap', expectedSeq: 1 },
    });
  });

  it('an edited entry whose hash was recomputed with the recipe: the chain breaks at the next one', () => {
    const row = db.prepare('SELECT * FROM audit_log WHERE seq = 3').get() as Record<string, string | number>;
    const forged = '{"amount":"1.00","currency":"GBP","note":"decision 2","requestId":3}';
    const hash = entryHash({
      prevHash: String(row.prev_hash),
      workspaceId,
      seq: 3,
      at: String(row.at),
      actor: String(row.actor),
      action: String(row.action),
      subject: String(row.subject),
      details: forged,
    });
    expect(
      tamperAndVerify('UPDATE audit_log SET details = ?, hash = ? WHERE seq = 3', forged, hash),
    ).toMatchObject({
      ok: false,
      firstBad: { seq: 4, reason: 'chain broken: prev_hash differs from the previous entry' },
    });
  });

  it('a deleted middle entry with the later ones renumbered: their hashes no longer match', () => {
    tamper(ledgerPath, 'DELETE FROM audit_log WHERE seq = 3');
    expect(tamperAndVerify('UPDATE audit_log SET seq = seq - 1 WHERE seq > 3')).toMatchObject({
      ok: false,
      firstBad: { seq: 3, reason: 'hash does not match its content' },
    });
  });
});

describe('auditLedgerFile (what the CLI reads)', () => {
  it('checks every workspace and sees dropped triggers, without writing to the file', () => {
    appendDecisions(db, workspaceId, 3);
    db.close();
    const before = readFileSync(ledgerPath);
    expect(auditLedgerFile(ledgerPath)).toMatchObject({
      kind: 'checked',
      workspaces: [{ workspaceId, result: { ok: true, entries: 3 } }],
      triggersPresent: true,
    });
    expect(readFileSync(ledgerPath).equals(before)).toBe(true);
    tamper(ledgerPath, 'SELECT 1');
    expect(auditLedgerFile(ledgerPath)).toMatchObject({ kind: 'checked', triggersPresent: false });
  });

  it('tells a ledger from before the audit log from one whose log was removed, and never migrates', () => {
    db.close();
    const oldPath = join(temp.dir, 'old.sqlite');
    const old = openLedger(oldPath);
    migrate(old, MIGRATIONS.slice(0, AUDIT_LOG_SCHEMA_VERSION - 1));
    old.close();
    expect(auditLedgerFile(oldPath)).toEqual({
      kind: 'before_audit_log',
      schemaVersion: AUDIT_LOG_SCHEMA_VERSION - 1,
    });
    const check = new Database(oldPath, { readonly: true });
    expect(schemaVersionOf(check)).toBe(AUDIT_LOG_SCHEMA_VERSION - 1);
    check.close();

    tamper(ledgerPath, 'DROP TABLE audit_log');
    expect(auditLedgerFile(ledgerPath)).toMatchObject({ kind: 'table_missing' });
    expect(() => auditLedgerFile(join(temp.dir, 'none', 'ledger.sqlite'))).toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
  });
});
