/**
 * Sign-off by a named person with what stays open acknowledged, against a real
 * ledger file: recon:open-totals says what stays open; recon:signoff refuses (writing nothing) while
 * anything is open and not acknowledged; with a name in Settings, decisions, runs, sign-offs and
 * unlocks carry the name of their time in their rows and audit entries; a CLI run says so.
 */
import { describe, expect, it } from 'vitest';
import { openLedger } from '../../src/main/core/ledger/db';
import { ReconDecisionsRepository } from '../../src/main/core/ledger/repositories/recon-decisions';
import type { AuditEntry } from '../../src/main/core/recon/audit/audit-log';
import { readAuditLog } from '../helpers/audit-log-read';
import { auditLedgerFile } from '../../src/main/core/recon/audit/verify-ledger';
import type { Channel } from '../../src/shared/ipc/channels';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import type { ErrorShape } from '../../src/shared/ipc/errors';
import { dispatched, ledgerDigest, refusal, useImportedReconWorkspace } from '../helpers/recon-fixture';

const workspace = useImportedReconWorkspace();

async function call<C extends Channel>(channel: C, input: unknown = {}): Promise<ChannelOutput<C>> {
  return dispatched(workspace.core, channel, input);
}

async function failure(channel: string, input: unknown): Promise<ErrorShape> {
  return refusal(workspace.core, channel, input);
}

function readLedger<T>(read: (db: ReturnType<typeof openLedger>) => T): T {
  const db = openLedger(workspace.ledgerPath, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const auditEntries = (): AuditEntry[] => readLedger((db) => readAuditLog(db, 1));

describe('what stays open, acknowledged', () => {
  it('counts and totals the open items per state and currency, as recon:items lists them', async () => {
    await call('recon:run', {});
    const totals = await call('recon:open-totals', { asOf: '2026-10-31' });
    const items = (await call('recon:items', { asOf: '2026-10-31', limit: 500 })).items;
    const open = items.filter((item) => !['matched', 'resolved', 'signed_off'].includes(item.state));
    expect(open.length).toBeGreaterThan(0);
    expect(totals.needsAcknowledgement).toBe(true);
    expect(totals.open.reduce((sum, row) => sum + row.count, 0)).toBe(open.length);
    for (const row of totals.open) {
      const same = open.filter((i) => i.state === row.state && i.amount.currency === row.total.currency);
      expect(row.count).toBe(same.length);
      const cents = same.reduce((sum, item) => sum + Math.round(Number(item.amount.amount) * 100), 0);
      expect(Math.round(Number(row.total.amount) * 100)).toBe(cents);
    }
  });

  it('refuses a sign-off that does not acknowledge what stays open, and writes nothing', async () => {
    await call('recon:run', {});
    await call('recon:resolve', {
      kind: 'request',
      id: 'FDB2V6J4L9',
      reasonCode: 'other',
      note: 'Paid twice',
    });
    const digest = ledgerDigest(workspace.ledgerPath);
    for (const input of [{}, { acknowledgeOpenItems: false }]) {
      const refused = await failure('recon:signoff', input);
      expect(refused).toMatchObject({
        code: 'invalid_input',
        details: { issues: [{ field: 'acknowledgeOpenItems' }] },
      });
      expect(refused.message).toMatch(/open/);
    }
    expect(ledgerDigest(workspace.ledgerPath)).toBe(digest);
    expect((await call('recon:signoffs')).signOffs).toEqual([]);
    const { signOff } = await call('recon:signoff', { acknowledgeOpenItems: true });
    expect(signOff.lockedRequests).toBeGreaterThan(0);
    expect(auditEntries().at(-1)!.details).toMatchObject({ acknowledgedOpenItems: true });
  });
});

describe('a named person', () => {
  it('runs, decisions, sign-offs and unlocks carry the name of their time; the audit log checks out', async () => {
    expect((await call('settings:update', { signerName: '  Ana   Ruiz ' })).signerName).toBe('Ana Ruiz');
    const run = await call('recon:run', {});
    expect(run.matchesAdded).toBeGreaterThan(0);
    const runEntry = auditEntries().find((entry) => entry.action === 'match.automatic')!;
    // A run a person started is theirs, not "sync".
    expect(runEntry).toMatchObject({ actor: 'user', details: { by: 'Ana Ruiz' } });

    const resolved = await call('recon:resolve', {
      kind: 'request',
      id: 'FDB2V6J4L9',
      reasonCode: 'bank_fee',
      note: 'Fee',
    });
    await call('settings:update', { signerName: 'Ben Okafor' });
    const { signOff } = await call('recon:signoff', { note: 'October', acknowledgeOpenItems: true });
    expect(signOff).toMatchObject({ actor: 'user', actorName: 'Ben Okafor' });
    const { signOff: unlocked } = await call('recon:unlock', { id: signOff.id, reason: 'bank reversal' });
    expect(unlocked.unlocked).toMatchObject({ actor: 'user', actorName: 'Ben Okafor' });

    const entries = auditEntries();
    expect(entries.find((e) => e.action === 'item.resolved')).toMatchObject({
      actor: 'user',
      details: { by: 'Ana Ruiz', reasonCode: 'bank_fee' },
    });
    expect(entries.find((e) => e.action === 'period.signed_off')!.details).toMatchObject({
      by: 'Ben Okafor',
    });
    expect(entries.find((e) => e.action === 'period.unlocked')!.details).toMatchObject({ by: 'Ben Okafor' });
    readLedger((db) => {
      const repo = new ReconDecisionsRepository(db);
      expect(repo.get(1, resolved.decisionId)).toMatchObject({ actor: 'user', actorName: 'Ana Ruiz' });
      expect(repo.get(1, 1)).toMatchObject({ kind: 'auto_match', actor: 'user', actorName: 'Ana Ruiz' });
    });
    const audit = auditLedgerFile(workspace.ledgerPath);
    if (audit.kind !== 'checked') throw new Error(`audit not checked: ${audit.kind}`);
    expect(audit.workspaces[0]!.result).toMatchObject({ ok: true });
  });

  it('without a name a person is still a person; a run from the command line says so', async () => {
    await workspace.reopen('cli');
    await call('settings:update', { signerName: 'Ana Ruiz' });
    await call('recon:run', {});
    const runEntry = auditEntries().find((entry) => entry.action === 'match.automatic')!;
    expect(runEntry.actor).toBe('cli');
    expect(runEntry.details).not.toHaveProperty('by');
    readLedger((db) => {
      expect(new ReconDecisionsRepository(db).get(1, 1)).toMatchObject({ actor: 'cli', actorName: null });
    });
  });
});
