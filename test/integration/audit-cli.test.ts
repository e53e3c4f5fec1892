import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openLedger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { AUDIT_LOG_SCHEMA_VERSION } from '../../src/main/core/recon/audit/verify-ledger';
import { appendDecisions, cutAuditTail, rewriteAuditEntry, tamper } from '../helpers/audit-fixture';
import { assertBuilt, runCli } from '../helpers/cli';
import { contentChecksum, seedLedger } from '../helpers/ledger-safety-fixture';
import { RECON_STATEMENT, reconCore, seedReconWorkspace, statementBase64 } from '../helpers/recon-fixture';
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

/**
 * A workspace with real reconciliation decisions made through the core: a statement import (entry 1),
 * request FDB2V6J4L9 resolved (entry 2) and the period signed off (entry 3, the head the sign-off
 * records), then `rounds` times request FDW1G7Q4B5 resolved and the resolution undone: two decisions
 * and two entries a round.
 */
async function reconciledWorkspace(rounds: number): Promise<void> {
  seedReconWorkspace(workspace);
  const core = reconCore(workspace);
  const call = async (channel: string, input: unknown): Promise<Record<string, unknown>> => {
    const envelope = await core.dispatch(channel, input);
    if (!envelope.ok) throw new Error(`${channel}: ${JSON.stringify(envelope.error)}`);
    return envelope.value as Record<string, unknown>;
  };
  try {
    await call('recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
    await call('recon:resolve', {
      kind: 'request',
      id: 'FDB2V6J4L9',
      reasonCode: 'other',
      note: 'Paid twice',
    });
    await call('recon:signoff', { note: 'October close', acknowledgeOpenItems: true });
    for (let round = 0; round < rounds; round++) {
      const { decisionId } = await call('recon:resolve', {
        kind: 'request',
        id: 'FDW1G7Q4B5',
        reasonCode: 'other',
        note: `round ${round}`,
      });
      await call('recon:undo', { decisionId, reason: `round ${round}: resolved by mistake` });
    }
  } finally {
    await core.close();
  }
}

describe('references to audit entries', () => {
  it('a deleted tail (triggers dropped, rows deleted, triggers restored) is found through the 40 decisions that point at it', async () => {
    await reconciledWorkspace(20);
    expectOneLine(verify(), 0, /^Audit log intact: 43 entries, last hash [0-9a-f]{12}…$/);

    cutAuditTail(ledgerPath, 4);
    const db = new Database(ledgerPath, { readonly: true });
    expect(db.prepare('SELECT max(seq) FROM audit_log').pluck().get()).toBe(3);
    expect(
      db
        .prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'audit_log_%'")
        .pluck()
        .get(),
    ).toBe(3);
    expect(db.prepare('SELECT count(*) FROM recon_decisions WHERE audit_seq >= 4').pluck().get()).toBe(40);
    db.close();

    expectOneLine(
      verify(),
      1,
      /^Audit log broken: its newest entries 4–43 are missing \(the log ends at entry 3\), yet 40 decisions refer to them\.$/,
    );
  });

  it('a chain rewritten with recomputed hashes is caught by the head the sign-off recorded', async () => {
    await reconciledWorkspace(1);
    rewriteAuditEntry(ledgerPath, 2, (details) => details.replace('Paid twice', 'Paid once'));
    expectOneLine(
      verify(),
      1,
      /^Audit log broken: sign-off 1 recorded entry 3 with hash [0-9a-f]{12}… as the log's head, but that entry's hash is [0-9a-f]{12}… now\.$/,
    );
  });
});

describe('floatdesk restore of a backup whose audit log was changed', () => {
  /** A checked backup of the reconciled workspace, then changed by `change` as a tamperer would. */
  function tamperedBackup(name: string, change: (path: string) => void): string {
    const made = runCli(['backup', '--workspace', workspace, '--to', join(temp.dir, `${name}.sqlite`)]);
    expect(made.status, made.stderr).toBe(0);
    const path = made.stdout.trim();
    change(path);
    return path;
  }

  const restore = (from: string, ...extra: string[]) =>
    runCli(['restore', '--workspace', workspace, '--from', from, ...extra]);

  it('refuses a backup whose tail was cut, with or without --accept-audit-damage, and changes nothing', async () => {
    await reconciledWorkspace(20);
    const backup = tamperedBackup('cut', (path) => cutAuditTail(path, 4));
    const before = contentChecksum(ledgerPath);
    for (const extra of [[], ['--accept-audit-damage']]) {
      const refused = restore(backup, ...extra);
      expect(refused.status).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr.trimEnd()).toMatch(
        /^floatdesk: The backup .+cut\.sqlite is damaged and cannot be used: Audit log broken: its newest entries 4–43 are missing \(the log ends at entry 3\), yet 40 decisions refer to them\. Choose another backup\. \[ledger_corrupt\]$/,
      );
    }
    expect(contentChecksum(ledgerPath)).toBe(before);
    expectOneLine(verify(), 0, /^Audit log intact: 43 entries/);
  });

  it('refuses a backup with an edited entry unless --accept-audit-damage is given, then restores it with a warning', async () => {
    await reconciledWorkspace(1);
    const backup = tamperedBackup('edited', (path) =>
      tamper(path, "UPDATE audit_log SET details = replace(details, 'round 0', 'round 9') WHERE seq = 4"),
    );
    const before = contentChecksum(ledgerPath);
    const refused = restore(backup);
    expect(refused.status).toBe(1);
    expect(refused.stderr.trimEnd()).toMatch(
      /^floatdesk: The audit log in the backup .+edited\.sqlite does not check out, so its history was changed: Audit log broken at entry 4, written .+: hash does not match its content\. Nothing was restored\. Choose another backup, or restore this one anyway with --accept-audit-damage \(its audit log will keep showing the damage\)\. \[ledger_corrupt\]$/,
    );
    expect(contentChecksum(ledgerPath)).toBe(before);

    const accepted = restore(backup, '--accept-audit-damage');
    expect(accepted.status).toBe(0);
    expect(accepted.stdout).toMatch(/^Restored .+ledger\.sqlite from .+edited\.sqlite/);
    expect(accepted.stderr.trimEnd()).toMatch(
      /^floatdesk: warning: restored with its audit log damaged, as --accept-audit-damage asked\. Audit log broken at entry 4, .+: hash does not match its content\.$/,
    );
    expect(contentChecksum(ledgerPath)).toBe(contentChecksum(backup));
    // Accepting it hides nothing: the verification keeps saying so.
    expectOneLine(verify(), 1, /^Audit log broken at entry 4, .+: hash does not match its content\.$/);
  });

  it('restores a backup whose audit log checks out, as before', async () => {
    await reconciledWorkspace(1);
    const backup = tamperedBackup('intact', () => {});
    const restored = restore(backup);
    expect({ status: restored.status, stderr: restored.stderr }).toEqual({ status: 0, stderr: '' });
    expectOneLine(verify(), 0, /^Audit log intact: 5 entries/);
  });
});
