/**
 * Period close through the core's dispatch on a real SQLite file: sign-off locks the settled items
 * and freezes the report (hash-verified), every change to a locked item is refused with `locked`
 * and writes nothing, unlocking with a reason gives the items back. Drift: a signed-off request the
 * real simulator changes, over HTTP, is announced once.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openLedger } from '../../src/main/core/ledger/db';
import { ReconSignOffsRepository } from '../../src/main/core/ledger/repositories/recon-signoffs';
import { ReconService } from '../../src/main/core/recon/service';
import type { AuditEntry } from '../../src/main/core/recon/audit/audit-log';
import { readAuditLog } from '../helpers/audit-log-read';
import { auditLedgerFile } from '../../src/main/core/recon/audit/verify-ledger';
import type { Core } from '../../src/main/core/services';
import type { Channel } from '../../src/shared/ipc/channels';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import type { ErrorShape } from '../../src/shared/ipc/errors';
import {
  ledgerDigest,
  RECON_NOW,
  RECON_STATEMENT,
  reconCore,
  seedReconWorkspace,
  statementBase64,
} from '../helpers/recon-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let ledgerPath: string;
let core: Core;

beforeEach(async () => {
  temp = makeTempDir();
  ledgerPath = seedReconWorkspace(temp.dir);
  core = reconCore(temp.dir);
  await call('recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
  // A tolerance of 10.00 GBP lets the run match FDP3W8R6T4 (paid 1200.00, approved 1190.00).
  await call('recon:settings.update', {
    automatic: { exactReference: true, fuzzyReference: true, splitSum: false },
    tolerances: [{ currency: 'GBP', amount: '10.00' }],
    startDate: null,
  });
  await call('recon:run', {});
});
afterEach(async () => {
  await core.close();
  temp.cleanup();
});

async function call<C extends Channel>(channel: C, input: unknown = {}): Promise<ChannelOutput<C>> {
  const envelope = await core.dispatch(channel, input);
  if (!envelope.ok) throw new Error(`${channel}: ${JSON.stringify(envelope.error)}`);
  return envelope.value as ChannelOutput<C>;
}

async function failure(channel: string, input: unknown): Promise<ErrorShape> {
  const envelope = await core.dispatch(channel, input);
  if (envelope.ok) throw new Error(`${channel} succeeded: ${JSON.stringify(envelope.value)}`);
  return envelope.error;
}

function auditEntries(): AuditEntry[] {
  const db = openLedger(ledgerPath, { readonly: true });
  try {
    return readAuditLog(db, 1);
  } finally {
    db.close();
  }
}

const allItems = async () => (await call('recon:items', { asOf: '2026-10-31', limit: 500 })).items;
const itemOf = async (id: string) => (await allItems()).find((item) => item.id === id)!;

/** Resolves request FDB2V6J4L9 (one option of the 300.00 tie) and signs off as of today. */
async function signOffOctober() {
  await call('recon:resolve', { kind: 'request', id: 'FDB2V6J4L9', reasonCode: 'other', note: 'Paid twice' });
  return call('recon:signoff', { note: 'October close', acknowledgeOpenItems: true });
}

describe('sign-off', () => {
  it('locks the settled items as of the date, freezes the report and keeps the audit log intact', async () => {
    const { signOff } = await signOffOctober();
    const entry = auditEntries().at(-1)!;
    expect(entry).toMatchObject({
      action: 'period.signed_off',
      subject: 'signoff:1',
      details: {
        signOffId: 1,
        asOf: '2026-10-31',
        lockedRequests: 2,
        lockedLines: 1,
        reportSha256: signOff.reportSha256,
        note: 'October close',
      },
    });
    expect(signOff).toEqual({
      id: 1,
      asOf: '2026-10-31',
      signedAt: '2026-10-31T18:00:00.000Z',
      actor: 'user',
      actorName: null,
      note: 'October close',
      lockedRequests: 2, // the matched request and the resolved one
      lockedLines: 1,
      auditSeq: entry.seq,
      auditHash: entry.hash,
      reportSha256: signOff.reportSha256,
      state: 'signed_off',
      preparer: null,
      review: null,
      unlocked: null,
      drift: [],
    });
    const items = await allItems();
    const lockedBy = { signOffId: 1, asOf: '2026-10-31' };
    for (const id of ['FDK7Q2M9X1', 'FDB2V6J4L9', '2026100200000101'])
      expect(items.find((item) => item.id === id)).toMatchObject({
        state: 'signed_off',
        lockedBy,
        ageing: null,
      });
    // Open items carry forward, unlocked: also those in a match (and the bank lines of that match)
    // when the match leaves something open.
    for (const [id, state] of [
      ['FDW1G7Q4B5', 'awaiting_payment'],
      ['FDP3W8R6T4', 'variance'], // approved for less than paid
      ['FDZ5N1H7C8', 'paid_awaiting_approval'],
      ['FDN7D2V9H4', 'refund_expected'], // paid, then removed
    ]) {
      const item = items.find((candidate) => candidate.id === id)!;
      expect(item).toMatchObject({ state, lockedBy: null });
      for (const line of item.match?.lineIds ?? [])
        expect(items.find((candidate) => candidate.id === line)!.lockedBy).toBeNull();
    }
    expect(items.filter((item) => item.lockedBy !== null)).toHaveLength(3);
    expect(items.find((item) => item.id === 'FDK7Q2M9X1')!.match).toMatchObject({
      lineIds: ['2026100200000101'],
    });

    const report = await call('recon:signoff.report', { id: 1 });
    expect(report.signOff).toEqual(signOff);
    expect(report.items).toEqual(items);
    expect(report.summary).toEqual(await call('recon:summary', { asOf: '2026-10-31' }));
    expect(report.summary.states.signed_off).toBe(2);
    const text = JSON.stringify({ summary: report.summary, items: report.items });
    expect(createHash('sha256').update(text).digest('hex')).toBe(signOff.reportSha256);

    expect(await call('recon:signoffs')).toEqual({ signOffs: [signOff] });
    // Refused sign-offs write nothing at all.
    const digest = ledgerDigest(ledgerPath);
    const nothing = await failure('recon:signoff', {});
    expect(nothing).toMatchObject({ code: 'invalid_input', details: { issues: [{ field: 'asOf' }] } });
    expect(await failure('recon:signoff', { asOf: '2026-11-30' })).toMatchObject({ code: 'invalid_input' });
    expect(await failure('recon:signoff', { asOf: '2026-09-30' })).toMatchObject({ code: 'invalid_input' });
    expect(ledgerDigest(ledgerPath)).toBe(digest);
    const audit = auditLedgerFile(ledgerPath);
    if (audit.kind !== 'checked') throw new Error(`audit not checked: ${audit.kind}`);
    expect(audit.workspaces[0]!.result).toMatchObject({ ok: true, entries: auditEntries().length });
  });

  it('locks only what is dated on or before the date; a later sign-off takes the rest', async () => {
    await call('recon:resolve', {
      kind: 'request',
      id: 'FDW1G7Q4B5',
      reasonCode: 'other',
      note: 'Withdrawn',
    });
    const first = await call('recon:signoff', { asOf: '2026-10-15', acknowledgeOpenItems: true });
    expect(first.signOff).toMatchObject({ lockedRequests: 1, lockedLines: 1 }); // not FDW1G7Q4B5 (20th)
    expect(await itemOf('FDW1G7Q4B5')).toMatchObject({ state: 'resolved', lockedBy: null });
    const second = await call('recon:signoff', { acknowledgeOpenItems: true });
    expect(second.signOff).toMatchObject({ id: 2, lockedRequests: 1, lockedLines: 0 });
    expect((await itemOf('FDW1G7Q4B5')).lockedBy).toEqual({ signOffId: 2, asOf: '2026-10-31' });
    expect((await itemOf('FDK7Q2M9X1')).lockedBy).toEqual({ signOffId: 1, asOf: '2026-10-15' });
    // Open matched items were never locked: they carry forward, and stay open to change.
    expect(await itemOf('FDN7D2V9H4')).toMatchObject({ state: 'refund_expected', lockedBy: null });
    expect(await itemOf('FDZ5N1H7C8')).toMatchObject({ state: 'paid_awaiting_approval', lockedBy: null });
    expect(await itemOf('FDP3W8R6T4')).toMatchObject({ state: 'variance', lockedBy: null });
    await call('recon:resolve', { kind: 'request', id: 'FDN7D2V9H4', reasonCode: 'other', note: 'Refunded' });
    // Once resolved it is settled, and the next sign-off locks it.
    expect(await call('recon:signoff', { acknowledgeOpenItems: true })).toMatchObject({
      signOff: { id: 3, lockedRequests: 1 },
    });
    expect((await itemOf('FDN7D2V9H4')).lockedBy).toEqual({ signOffId: 3, asOf: '2026-10-31' });
  });

  it('a run never touches locked items', async () => {
    await signOffOctober();
    const locked = (await allItems()).filter((item) => item.state === 'signed_off');
    expect(locked).toHaveLength(3); // 2 requests, 1 line
    // With FDB2V6J4L9 resolved, line …104 has one candidate left: the run proposes that (amount and
    // date are never matched without a person), nothing locked.
    const run = await call('recon:run', {});
    expect(run.matchesAdded).toBe(0);
    const after = await allItems();
    expect(after.filter((item) => item.state === 'signed_off')).toEqual(locked);
    const { suggestions } = await call('recon:suggestions');
    expect(suggestions.flatMap((s) => s.options.map((o) => [o.lineIds, o.requestReferences]))).toContainEqual(
      [['2026100600000104'], ['FDM8Y3D5G2']],
    );
  });

  it('refuses every change to a locked item with `locked`, naming it and the sign-off, and writes nothing', async () => {
    await signOffOctober();
    const { suggestions } = await call('recon:suggestions');
    const tie = suggestions.find((s) => s.options.some((o) => o.requestReferences[0] === 'FDB2V6J4L9'))!;
    const index = tie.options.findIndex((o) => o.requestReferences[0] === 'FDB2V6J4L9');
    expect(tie.options[index]).toMatchObject({
      confirmable: false,
      whyNot: 'FDB2V6J4L9 is signed off (as of 2026-10-31, sign-off 1): unlock that sign-off first',
    });
    expect(tie.options[1 - index]).toMatchObject({ confirmable: true, whyNot: null });
    const auto = (await itemOf('FDK7Q2M9X1')).match!.decisionId!;
    const resolution = (await itemOf('FDB2V6J4L9')).resolution!.decisionId!;

    const digest = ledgerDigest(ledgerPath);
    const refusals = [
      await failure('recon:match.confirm', { key: tie.key, option: index }),
      await failure('recon:match.manual', {
        lineIds: ['2026100200000101'],
        requestReferences: ['FDW1G7Q4B5'],
      }),
      await failure('recon:resolve', { kind: 'request', id: 'FDK7Q2M9X1', reasonCode: 'other', note: 'x' }),
      await failure('recon:resolve', {
        kind: 'line',
        id: '2026100200000101',
        reasonCode: 'other',
        note: 'x',
      }),
      await failure('recon:undo', { decisionId: auto, reason: 'Wrong payment' }),
      await failure('recon:undo', { decisionId: resolution, reason: 'Wrong reason' }),
      await failure('recon:match.reject', { key: tie.key }),
    ];
    expect(refusals.map((error) => error.code)).toEqual(Array(7).fill('locked'));
    expect(refusals[6]!.message).toMatch(/^FDB2V6J4L9 is signed off/);
    expect(refusals[0]!.message).toBe(
      'FDB2V6J4L9 is signed off (as of 2026-10-31, sign-off 1). Unlock that sign-off first, with a reason.',
    );
    expect(refusals[1]!.message).toMatch(
      /^Bank line 2026100200000101 is signed off \(as of 2026-10-31, sign-off 1\)/,
    );
    expect(refusals[4]!.message).toMatch(/^FDK7Q2M9X1 is signed off/);
    expect(ledgerDigest(ledgerPath)).toBe(digest);
  });

  it('unlock with a reason: the items come back and can be changed again; the report stays', async () => {
    const { signOff } = await signOffOctober();
    const auto = (await itemOf('FDK7Q2M9X1')).match!.decisionId!;
    let digest = ledgerDigest(ledgerPath);
    expect(await failure('recon:unlock', { id: 1, reason: 'ok' })).toMatchObject({ code: 'invalid_input' });
    expect(await failure('recon:unlock', { id: 9, reason: 'Statement corrected' })).toMatchObject({
      code: 'not_found',
    });
    expect(ledgerDigest(ledgerPath)).toBe(digest);
    const { signOff: unlocked } = await call('recon:unlock', {
      id: 1,
      reason: 'Bank corrected the statement',
    });
    const entry = auditEntries().at(-1)!;
    expect(entry).toMatchObject({
      action: 'period.unlocked',
      subject: 'signoff:1',
      details: { signOffId: 1, reason: 'Bank corrected the statement' },
    });
    expect(unlocked).toEqual({
      ...signOff,
      unlocked: {
        at: '2026-10-31T18:00:00.000Z',
        actor: 'user',
        actorName: null,
        reason: 'Bank corrected the statement',
        auditSeq: entry.seq,
      },
    });
    digest = ledgerDigest(ledgerPath);
    expect(await failure('recon:unlock', { id: 1, reason: 'Once more' })).toMatchObject({
      code: 'invalid_input',
      details: { issues: [{ field: 'id' }] },
    });
    expect(ledgerDigest(ledgerPath)).toBe(digest);
    expect(await itemOf('FDK7Q2M9X1')).toMatchObject({ state: 'matched', lockedBy: null });
    expect((await call('recon:signoff.report', { id: 1 })).signOff.reportSha256).toBe(signOff.reportSha256);

    await call('recon:undo', { decisionId: auto, reason: 'Wrong payment' });
    expect(await itemOf('FDK7Q2M9X1')).toMatchObject({
      state: 'awaiting_payment',
      match: null,
      lockedBy: null,
    });
    const again = await call('recon:signoff', { acknowledgeOpenItems: true });
    expect(again.signOff).toMatchObject({ id: 2, lockedRequests: 1, lockedLines: 0 });
    expect((await itemOf('FDB2V6J4L9')).lockedBy).toEqual({ signOffId: 2, asOf: '2026-10-31' });
    expect((await itemOf('FDK7Q2M9X1')).lockedBy).toBeNull();
    const audit = auditLedgerFile(ledgerPath);
    if (audit.kind !== 'checked') throw new Error(`audit not checked: ${audit.kind}`);
    expect(audit.workspaces[0]!.result).toMatchObject({ ok: true });
  });

  it('reads the locks in the same read transaction as the items and decisions', async () => {
    await signOffOctober();
    const before = await allItems();
    expect(before.filter((item) => item.lockedBy !== null)).toHaveLength(3);
    // Another connection unlocks the sign-off just as the locks are read.
    const other = openLedger(ledgerPath);
    // The first read of the locks at a new ledger version is their generation (period/locks.ts).
    const read = ReconSignOffsRepository.prototype.lockGeneration;
    let unlocked = false;
    const spy = vi.spyOn(ReconSignOffsRepository.prototype, 'lockGeneration').mockImplementation(function (
      this: ReconSignOffsRepository,
      workspaceId: number,
    ) {
      if (!unlocked) {
        unlocked = true;
        new ReconService(other, 1, () => RECON_NOW, 'user').unlock({ id: 1, reason: 'Meanwhile' });
      }
      return read.call(this, workspaceId);
    });
    try {
      // A write of this connection to what the reconciliation reads (its settings): the next answer
      // reads the ledger again, locks included.
      await call('recon:settings.update', {
        automatic: { exactReference: true, fuzzyReference: true, splitSum: false },
        tolerances: [{ currency: 'GBP', amount: '10.00' }],
        startDate: '2020-01-01',
      });
      // The answer is of one ledger version: the one its items and decisions were read at.
      expect(await allItems()).toEqual(before);
      expect(spy).toHaveBeenCalled();
      spy.mockRestore();
      // The next reading sees the unlock.
      expect((await allItems()).filter((item) => item.lockedBy !== null)).toEqual([]);
    } finally {
      spy.mockRestore();
      other.close();
    }
  });

  it('a frozen report whose hash does not match is reported as a damaged ledger', async () => {
    await signOffOctober();
    await core.close();
    const db = openLedger(ledgerPath);
    db.exec(`DROP TRIGGER recon_signoffs_no_update;
             UPDATE recon_signoffs SET report_sha256 = '${'0'.repeat(64)}' WHERE id = 1;`);
    db.close();
    core = reconCore(temp.dir);
    expect(await failure('recon:signoff.report', { id: 1 })).toMatchObject({ code: 'ledger_corrupt' });
    expect(await failure('recon:signoff.report', { id: 2 })).toMatchObject({ code: 'not_found' });
  });
});

describe('suggestion options across currencies', () => {
  it('are shown as not confirmable, and recon:match.confirm refuses exactly those', async () => {
    await call('recon:profiles.save', {
      name: 'Simple',
      profile: { columns: { date: 'Date', amount: 'Amount', currency: 'Currency', reference: 'Reference' } },
    });
    const csv = 'Date,Amount,Currency,Reference\r\n2026-10-15,-75.50,GBP,FDE5U7K3Z8\r\n';
    await call('recon:import', {
      fileName: 'fx.csv',
      contentBase64: Buffer.from(csv).toString('base64'),
      profile: 'Simple',
    });
    await call('recon:run', {});
    const { suggestions } = await call('recon:suggestions');
    const fx = suggestions.find((s) => s.reason === 'weak_evidence')!;
    expect(fx.options[0]).toMatchObject({
      confirmable: false,
      whyNot:
        'paid in GBP for a EUR request: resolve the request with the reason “Exchange-rate difference” instead',
    });
    expect(
      suggestions.filter((s) => s !== fx).flatMap((s) => s.options.map((o) => [o.confirmable, o.whyNot])),
    ).toEqual(Array(4).fill([true, null]));
    expect(await failure('recon:match.confirm', { key: fx.key, option: 0 })).toMatchObject({
      code: 'invalid_input',
    });
    const tie = suggestions.find((s) => s !== fx)!;
    await call('recon:match.confirm', { key: tie.key, option: 0 });
  });
});
