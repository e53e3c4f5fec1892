/**
 * Settings → Reconciliation through the core's dispatch on a real SQLite file: the auto-match
 * policy (which rules match without a person, tolerance per currency) and the start date. Changes
 * are audited; a preview lists exactly the matches the run then stores; amounts beyond tolerance and
 * amount-and-date matches wait for a person; items before the start date are listed, marked, counted
 * apart and never matched automatically.
 */
import { describe, expect, it } from 'vitest';
import { openLedger } from '../../src/main/core/ledger/db';
import type { AuditEntry } from '../../src/main/core/recon/audit/audit-log';
import { readAuditLog } from '../helpers/audit-log-read';
import { auditLedgerFile } from '../../src/main/core/recon/audit/verify-ledger';
import type { ChannelInput, ChannelOutput } from '../../src/shared/ipc/contract';
import type { ErrorShape } from '../../src/shared/ipc/errors';
import { dispatched, ledgerDigest, refusal, useImportedReconWorkspace } from '../helpers/recon-fixture';

const workspace = useImportedReconWorkspace();

type Known =
  | 'recon:import'
  | 'recon:profiles.save'
  | 'recon:run'
  | 'recon:summary'
  | 'recon:items'
  | 'recon:suggestions'
  | 'recon:settings.get'
  | 'recon:settings.update';

async function call<C extends Known>(channel: C, input: unknown = {}): Promise<ChannelOutput<C>> {
  return dispatched(workspace.core, channel, input);
}

async function failure(channel: string, input: unknown): Promise<ErrorShape> {
  return refusal(workspace.core, channel, input);
}

function auditEntries(): AuditEntry[] {
  const db = openLedger(workspace.ledgerPath, { readonly: true });
  try {
    return readAuditLog(db, 1);
  } finally {
    db.close();
  }
}

const DEFAULTS: ChannelInput<'recon:settings.update'> = {
  automatic: { exactReference: true, fuzzyReference: true, splitSum: false },
  tolerances: [],
  startDate: null,
};
const update = (changes: Partial<ChannelInput<'recon:settings.update'>>) =>
  call('recon:settings.update', { ...DEFAULTS, ...changes });

/** Request references of each automatic match in force, sorted. */
async function storedAutomatic(): Promise<string[]> {
  const { items } = await call('recon:items', { limit: 500 });
  const references = items
    .filter((item) => item.kind === 'request' && item.match !== null && item.match.rule !== 'manual')
    .map((item) => item.match!.requestReferences.join('+'));
  return [...new Set(references)].sort();
}

describe('recon:settings', () => {
  it('answers the defaults, saves a change with one audit entry holding before and after', async () => {
    expect(await call('recon:settings.get')).toEqual({ ...DEFAULTS, updatedAt: null });
    const saved = await update({
      automatic: { exactReference: true, fuzzyReference: false, splitSum: true },
      tolerances: [
        { currency: 'JPY', amount: '100' },
        { currency: 'GBP', amount: '2.5' },
      ],
      startDate: '2026-10-01',
    });
    expect(saved).toEqual({
      automatic: { exactReference: true, fuzzyReference: false, splitSum: true },
      tolerances: [
        { currency: 'GBP', amount: '2.50' },
        { currency: 'JPY', amount: '100' },
      ],
      startDate: '2026-10-01',
      updatedAt: '2026-10-31T18:00:00.000Z',
    });
    expect(await call('recon:settings.get')).toEqual(saved);
    const entry = auditEntries().at(-1)!;
    expect(entry).toMatchObject({
      action: 'settings.reconciliation_changed',
      actor: 'user',
      subject: 'settings:reconciliation',
      details: {
        before: { automatic: DEFAULTS.automatic, tolerances: {}, startDate: null },
        after: {
          automatic: { exactReference: true, fuzzyReference: false, splitSum: true },
          tolerances: { GBP: '2.50', JPY: '100' },
          startDate: '2026-10-01',
        },
      },
    });
    const report = auditLedgerFile(workspace.ledgerPath);
    if (report.kind !== 'checked') throw new Error('the audit log could not be checked');
    expect(report.workspaces[0]!.result).toMatchObject({ ok: true });
  });

  it('refuses a tolerance finer than its currency, a currency twice, or a negative amount: nothing written', async () => {
    const before = ledgerDigest(workspace.ledgerPath);
    const entries = auditEntries().length;
    const finer = await failure('recon:settings.update', {
      ...DEFAULTS,
      tolerances: [{ currency: 'JPY', amount: '1.5' }],
    });
    expect(finer).toMatchObject({
      code: 'invalid_input',
      details: { issues: [{ field: 'tolerances[0].amount' }] },
    });
    expect(finer.message).toMatch(/JPY has 0 decimal place/);
    const twice = await failure('recon:settings.update', {
      ...DEFAULTS,
      tolerances: [
        { currency: 'GBP', amount: '1' },
        { currency: 'GBP', amount: '2' },
      ],
    });
    expect(twice).toMatchObject({ code: 'invalid_input' });
    const negative = await failure('recon:settings.update', {
      ...DEFAULTS,
      tolerances: [{ currency: 'GBP', amount: '-1' }],
    });
    expect(negative).toMatchObject({ code: 'invalid_input' });
    expect(ledgerDigest(workspace.ledgerPath)).toBe(before);
    expect(auditEntries()).toHaveLength(entries);
  });
});

describe('the policy in a run', () => {
  it('a payment quoting another request for a fifth of its amount, and one with no reference, wait for a person', async () => {
    await call('recon:profiles.save', {
      name: 'Simple',
      profile: { columns: { date: 'Date', amount: 'Amount', currency: 'Currency', reference: 'Reference' } },
    });
    // 3500.00 quoting FDC3J8T6M1 (approved for 700.00); 600.00 with no reference, the day of FDW1G7Q4B5.
    const csv =
      'Date,Amount,Currency,Reference\r\n2026-10-16,-3500.00,GBP,FDC3J8T6M1\r\n2026-10-20,-600.00,GBP,\r\n';
    await call('recon:import', {
      fileName: 'more.csv',
      contentBase64: Buffer.from(csv).toString('base64'),
      profile: 'Simple',
    });
    await call('recon:run', {});
    expect(await storedAutomatic()).toEqual(['FDK7Q2M9X1', 'FDN7D2V9H4', 'FDZ5N1H7C8']);
    const { suggestions } = await call('recon:suggestions');
    const about = (reference: string) =>
      suggestions.find((s) => s.options.some((o) => o.requestReferences.includes(reference)));
    expect(about('FDC3J8T6M1')).toMatchObject({
      reason: 'weak_evidence',
      options: [{ rule: 'exact_reference', score: 0.9 }],
    });
    expect(about('FDC3J8T6M1')!.options[0]!.explanation).toMatch(
      /Not matched automatically\. The bank paid £3,500\.00 against £700\.00 approved/,
    );
    expect(about('FDW1G7Q4B5')).toMatchObject({ options: [{ rule: 'amount_date' }] });
    expect(about('FDW1G7Q4B5')!.options[0]!.explanation).toMatch(/never matched without a person/);
  });

  it('the preview lists exactly the matches the run then stores, each bank line as a person reads it', async () => {
    await update({ tolerances: [{ currency: 'GBP', amount: '10.00' }] });
    const before = ledgerDigest(workspace.ledgerPath);
    const preview = await call('recon:run', { preview: true });
    expect(ledgerDigest(workspace.ledgerPath)).toBe(before);
    // Within 10.00, FDP3W8R6T4 (paid 1200.00, approved 1190.00) is matched without a person.
    expect(preview.planned!.map((m) => [m.ruleText, m.requestReferences])).toEqual([
      ['Exact payment reference', ['FDK7Q2M9X1']],
      ['Exact payment reference', ['FDP3W8R6T4']],
      ['Exact payment reference', ['FDN7D2V9H4']],
      ['Payment reference with a typo', ['FDZ5N1H7C8']],
    ]);
    expect(preview.planned![0]!.lines).toEqual([
      {
        id: '2026100200000101',
        bookingDate: '2026-10-02',
        amount: { amount: '-2500.00', currency: 'GBP' },
        text: expect.stringMatching(/\S/),
      },
    ]);
    expect(preview.matchesAdded).toBe(preview.planned!.length);
    const run = await call('recon:run', {});
    expect(run.planned).toBeUndefined();
    expect(run.matchesAdded).toBe(4);
    expect(await storedAutomatic()).toEqual(
      preview.planned!.map((m) => m.requestReferences.join('+')).sort(),
    );
  });

  it('with exact references left to a person, the preview and the run hold only the near reference', async () => {
    await update({ automatic: { exactReference: false, fuzzyReference: true, splitSum: false } });
    const preview = await call('recon:run', { preview: true });
    expect(preview.planned!.map((m) => m.requestReferences)).toEqual([['FDZ5N1H7C8']]);
    await call('recon:run', {});
    expect(await storedAutomatic()).toEqual(['FDZ5N1H7C8']);
    const { suggestions } = await call('recon:suggestions');
    expect(
      suggestions.filter((s) =>
        s.options[0]!.explanation.includes('leave matches by "exact payment reference"'),
      ),
    ).toHaveLength(3);
  });
});

describe('the reconciliation start date', () => {
  it('lists older items marked out of scope, counts them apart, and never matches them automatically', async () => {
    await update({ startDate: '2026-10-06' });
    const summary = await call('recon:summary', { asOf: '2026-10-31' });
    // Before the 6th: requests of the 1st, 2nd, 4th and two of the 5th; lines of the 2nd, 3rd, 5th.
    expect(summary.outOfScope).toEqual({ requests: 5, lines: 3 });
    const { items, total } = await call('recon:items', { asOf: '2026-10-31', limit: 500 });
    const out = items.filter((item) => item.outOfScope === true).map((item) => item.id);
    expect(out).toHaveLength(8);
    expect(out).toContain('FDK7Q2M9X1');
    expect(items.find((item) => item.id === 'FDH4S9K2P7')!.outOfScope).toBeUndefined();
    // A state asked for lists what its count counts: no out-of-scope item.
    const awaiting = await call('recon:items', {
      asOf: '2026-10-31',
      states: ['awaiting_payment'],
      limit: 500,
    });
    expect(awaiting.items.some((item) => item.outOfScope === true)).toBe(false);
    expect(awaiting.total).toBe(summary.states.awaiting_payment);
    const counted = Object.values(summary.states).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(counted);

    // Only FDN7D2V9H4 (the 16th, paid the 17th) is matched: the references of the 1st to the 5th
    // are before the start, so neither matched nor proposed.
    const run = await call('recon:run', {});
    expect(run.matchesAdded).toBe(1);
    expect(await storedAutomatic()).toEqual(['FDN7D2V9H4']);
    const { suggestions } = await call('recon:suggestions');
    // A line of the 6th and two requests of the 5th straddle the start: a person decides.
    expect(suggestions.map((s) => s.options.flatMap((o) => o.requestReferences))).toEqual([
      ['FDB2V6J4L9', 'FDM8Y3D5G2'],
      ['FDH4S9K2P7', 'FDT6C1F8W3'],
    ]);
  });
});
