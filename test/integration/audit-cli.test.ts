import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openLedger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { AUDIT_LOG_SCHEMA_VERSION } from '../../src/main/core/reconcile/audit/verify-ledger';
import { appendDecisions, tamper } from '../helpers/audit-fixture';
import { assertBuilt, runCli } from '../helpers/cli';
import { seedLedger } from '../helpers/ledger-safety-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let workspace: string;
let ledgerPath: string;

beforeAll(() => assertBuilt());
beforeEach(() => {
  temp = makeTempDir();
  workspace = join(temp.dir, 'books');
  ledgerPath = join(workspace, 'ledger.sqlite');
});
afterEach(() => temp.cleanup());

/** A workspace the app has opened (so migrated), with `count` audited decisions; the last hash. */
function auditedWorkspace(count: number): string {
  seedLedger(workspace, 1);
  const db = openLedger(ledgerPath);
  try {
    const workspaceId = db.prepare('SELECT id FROM workspaces').pluck().get() as number;
    return appendDecisions(db, workspaceId, count).at(-1)?.hash ?? '';
  } finally {
    db.close();
  }
}

const verify = (): ReturnType<typeof runCli> => runCli(['audit', 'verify', '--workspace', workspace]);

function expectOneLine(result: ReturnType<typeof runCli>, status: number, pattern: RegExp): void {
  expect(result.stderr).toBe('');
  expect(result.status).toBe(status);
  expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stdout.trimEnd()).toMatch(pattern);
}

describe('floatdesk audit verify', () => {
  it('is listed in the help', () => {
    expect(runCli(['--help']).stdout).toContain('audit verify [--workspace <dir>]');
  });

  it('an intact log: one line with the count and the start of the last hash, exit 0', () => {
    const lastHash = auditedWorkspace(4);
    expectOneLine(
      verify(),
      0,
      new RegExp(`^Audit log intact: 4 entries, last hash ${lastHash.slice(0, 12)}…$`),
    );
  });

  it('a ledger with no entries yet is intact with 0 entries', () => {
    auditedWorkspace(0);
    expectOneLine(verify(), 0, /^Audit log intact: 0 entries$/);
  });

  it('an edited entry: one line naming its seq, reason and time, exit 1', () => {
    auditedWorkspace(5);
    tamper(ledgerPath, "UPDATE audit_log SET details = replace(details, '1003.50', '3.50') WHERE seq = 4");
    expectOneLine(
      verify(),
      1,
      /^Audit log broken at entry 4, written 2026-11-22T09:03:00\.000Z: hash does not match its content\.$/,
    );
  });

  it('a deleted entry: names the entry after the gap and the missing one, exit 1', () => {
    auditedWorkspace(5);
    tamper(ledgerPath, 'DELETE FROM audit_log WHERE seq = 2');
    expectOneLine(
      verify(),
      1,
      /^Audit log broken at entry 3, written 2026-11-22T09:02:00\.000Z: sequence gap \(entry 2 is missing\)\.$/,
    );
  });

  it('says so when the append-only triggers were dropped but every entry still checks out', () => {
    auditedWorkspace(2);
    tamper(ledgerPath, 'SELECT 1');
    expectOneLine(
      verify(),
      0,
      /^Audit log intact: 2 entries, last hash [0-9a-f]{12}… Warning: its append-only triggers have been removed/,
    );
  });

  it('reads only: an older ledger is neither migrated nor changed, and has 0 entries', () => {
    mkdirSync(workspace, { recursive: true });
    const db = openLedger(ledgerPath);
    migrate(db, MIGRATIONS.slice(0, AUDIT_LOG_SCHEMA_VERSION - 1));
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const before = readFileSync(ledgerPath);
    expectOneLine(
      verify(),
      0,
      new RegExp(
        `^Audit log intact: 0 entries \\(this ledger is at schema ${AUDIT_LOG_SCHEMA_VERSION - 1}, from before the audit log`,
      ),
    );
    expect(readFileSync(ledgerPath).equals(before)).toBe(true);
    const check = new Database(ledgerPath, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(AUDIT_LOG_SCHEMA_VERSION - 1);
    check.close();
  });

  it('a removed audit_log table is reported as broken', () => {
    auditedWorkspace(1);
    tamper(ledgerPath, 'DROP TABLE audit_log');
    expectOneLine(
      verify(),
      1,
      /^Audit log broken: the ledger is at schema \d+ but its audit_log table has been removed\.$/,
    );
  });

  it('no ledger, or a wrong subcommand: the usual one-line failures', () => {
    const missing = runCli(['audit', 'verify', '--workspace', join(temp.dir, 'nothing-here')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr.trimEnd()).toMatch(
      /^floatdesk: There is no ledger in .*nothing-here\. Check --workspace\. \[not_found\]$/,
    );
    const wrong = runCli(['audit', 'check', '--workspace', workspace]);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr.trimEnd()).toBe('floatdesk: Usage: floatdesk audit verify [--workspace <dir>]');
  });
});
