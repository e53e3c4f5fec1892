/**
 * Reconciliation through the core's dispatch (every input and answer checked against the contract)
 * on a real SQLite file: a camt.053 statement whose lines pay transfer requests stored as a sync
 * stores them. Import, run, review decisions and undo, each decision with exactly one audit entry
 * and the audit log intact; a preview writes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger } from '../../src/main/core/ledger/db';
import type { AuditEntry } from '../../src/main/core/recon/audit/audit-log';
import { readAuditLog } from '../helpers/audit-log-read';
import { auditLedgerFile } from '../../src/main/core/recon/audit/verify-ledger';
import type { Core } from '../../src/main/core/services';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import type { ErrorShape } from '../../src/shared/ipc/errors';
import {
  ledgerContentDigest,
  ledgerDigest,
  RECON_STATEMENT,
  reconCore,
  seedReconWorkspace,
  statementBase64,
} from '../helpers/recon-fixture';
import { statementFixture } from '../helpers/statement-fixtures';
import { recordBalances } from '../helpers/ledger-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let ledgerPath: string;
let core: Core;

beforeEach(() => {
  temp = makeTempDir();
  ledgerPath = seedReconWorkspace(temp.dir);
  core = reconCore(temp.dir);
});
afterEach(async () => {
  await core.close();
  temp.cleanup();
});

async function call<C extends keyof ChannelMap>(channel: C, input: unknown = {}): Promise<ChannelMap[C]> {
  const envelope = await core.dispatch(channel, input);
  if (!envelope.ok) throw new Error(`${channel}: ${JSON.stringify(envelope.error)}`);
  return envelope.value as ChannelMap[C];
}

async function failure(channel: string, input: unknown): Promise<ErrorShape> {
  const envelope = await core.dispatch(channel, input);
  if (envelope.ok) throw new Error(`${channel} succeeded: ${JSON.stringify(envelope.value)}`);
  return envelope.error;
}

type ChannelMap = {
  [
    C in
      | 'recon:import'
      | 'recon:profiles.save'
      | 'recon:profiles.list'
      | 'recon:run'
      | 'recon:summary'
      | 'recon:items'
      | 'recon:suggestions'
      | 'recon:match.confirm'
      | 'recon:match.reject'
      | 'recon:match.manual'
      | 'recon:resolve'
      | 'recon:undo'
      | 'recon:rollforward'
  ]: ChannelOutput<C>;
};

function auditEntries(): AuditEntry[] {
  const db = openLedger(ledgerPath, { readonly: true });
  try {
    return readAuditLog(db, 1);
  } finally {
    db.close();
  }
}

/** Runs `decide` and checks it appended exactly one audit entry, with this action. */
async function audited<T>(
  action: string,
  decide: () => Promise<T>,
): Promise<{ value: T; entry: AuditEntry }> {
  const before = auditEntries().length;
  const value = await decide();
  const after = auditEntries();
  expect(after).toHaveLength(before + 1);
  const entry = after.at(-1)!;
  expect(entry.action).toBe(action);
  return { value, entry };
}

const importFixture = () =>
  call('recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });

describe('statement import', () => {
  it('stores the statement once, with one audit entry per import and no personal data in it', async () => {
    const first = await audited('statement.imported', importFixture);
    expect(first.value).toEqual({
      format: 'camt053',
      stored: true,
      linesRead: 9,
      linesAdded: 9,
      linesAlreadyKnown: 0,
      errors: [],
      errorsTotal: 0,
      refusal: null,
    });
    expect(first.entry.details).toMatchObject({
      fileName: RECON_STATEMENT,
      format: 'camt053',
      linesAdded: 9,
      linesAlreadyKnown: 0,
    });
    expect(JSON.stringify(first.entry.details)).not.toMatch(/GIFTCARD|OFFICE|GB29/);
    const again = await audited('statement.imported', importFixture);
    expect(again.value).toMatchObject({ stored: true, linesAdded: 0, linesAlreadyKnown: 9 });
  });

  it('refuses a statement that does not add up: nothing stored, every problem with its line, no audit entry', async () => {
    const before = ledgerContentDigest(ledgerPath);
    const result = await call('recon:import', {
      fileName: 'broken-unbalanced-camt053.xml',
      contentBase64: statementBase64('broken-unbalanced-camt053.xml'),
    });
    expect(result.stored).toBe(false);
    expect(result.refusal).toMatch(/does not add up/);
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors.every((problem) => problem.line > 0)).toBe(true);
    expect(auditEntries()).toHaveLength(0);
    expect(ledgerContentDigest(ledgerPath)).toBe(before);
  });

  it('reads a CSV statement through a saved profile', async () => {
    const { options } = statementFixture('uk-lloyds.csv');
    expect(await call('recon:profiles.save', { name: 'Lloyds', profile: options.profile })).toEqual({
      name: 'Lloyds',
    });
    expect((await call('recon:profiles.list')).profiles.map((p) => p.name)).toEqual(['Lloyds']);
    const result = await call('recon:import', {
      fileName: 'uk-lloyds.csv',
      contentBase64: statementBase64('uk-lloyds.csv'),
      profile: 'lloyds',
    });
    expect(result).toMatchObject({ format: 'csv', stored: true, linesRead: 6, linesAdded: 6, errors: [] });
  });

  it('reads a CSV by its titles without a profile: the mapping in the answer and in the audit entry', async () => {
    const input = { fileName: 'uk-lloyds.csv', contentBase64: statementBase64('uk-lloyds.csv') };
    const refused = await call('recon:import', input);
    expect(refused).toMatchObject({ stored: false, linesRead: 0 });
    expect(refused.mapping).toBeUndefined();
    expect(refused.errors[0]!.problem).toMatch(/does not say its currency/);
    expect(auditEntries()).toHaveLength(0);

    const result = await call('recon:import', { ...input, currency: 'GBP' });
    expect(result).toMatchObject({ format: 'csv', stored: true, linesRead: 6, linesAdded: 6, errors: [] });
    expect(result.mapping).toMatch(
      /^booking date "Transaction Date", money out "Debit Amount", money in "Credit Amount", currency GBP,/,
    );
    const [entry] = auditEntries();
    expect(entry).toMatchObject({ action: 'statement.imported', details: { columnMapping: result.mapping } });

    const { options } = statementFixture('uk-lloyds.csv');
    await call('recon:profiles.save', { name: 'Lloyds', profile: options.profile });
    const listed = await call('recon:profiles.list');
    expect(listed.profiles[0]!.description).toBe(
      'booking date "Transaction Date", money out "Debit Amount", money in "Credit Amount", currency GBP, text "Transaction Description", date format found per file, amount separators found per file, delimiter found per file, account 30-96-26 12345678',
    );
    expect(await failure('recon:import', { ...input, profile: 'Lloyds', currency: 'GBP' })).toMatchObject({
      code: 'invalid_input',
      details: { issues: [{ field: 'currency' }] },
    });
  });

  it('names the field when the content is not base64 or the CSV profile does not exist', async () => {
    expect(await failure('recon:import', { fileName: 'x.csv', contentBase64: 'not base64!' })).toMatchObject({
      code: 'invalid_input',
      details: { issues: [{ field: 'contentBase64' }] },
    });
    expect(
      await failure('recon:import', { fileName: 'x.csv', contentBase64: 'YSxi', profile: 'Nobody' }),
    ).toMatchObject({ code: 'not_found', details: { issues: [{ field: 'profile' }] } });
  });
});

describe('matching run and review', () => {
  beforeEach(async () => {
    await importFixture();
  });

  it('a preview computes the run and writes nothing', async () => {
    const before = ledgerDigest(ledgerPath);
    const preview = await call('recon:run', { preview: true });
    expect(preview).toMatchObject({ matchesAdded: 3, suggestions: 3 });
    expect(ledgerDigest(ledgerPath)).toBe(before);
    expect(await call('recon:suggestions')).toEqual({ total: 0, suggestions: [] });
  });

  it('stores the automatic matches under one audit entry; running again adds nothing', async () => {
    const { value: run, entry } = await audited('match.automatic', () => call('recon:run', {}));
    // FDP3W8R6T4 (paid 1200.00, approved 1190.00) is a suggestion: beyond the tolerance (0.00).
    expect(run).toMatchObject({ matchesAdded: 3, suggestions: 3 });
    expect(run.summary).toEqual({
      asOf: '2026-10-31',
      states: {
        // FDE5U7K3Z8 (EUR: no EUR statement), FDW1G7Q4B5 (pending), FDP3W8R6T4 (suggested; the
        // statement does not cover the days before it)
        awaiting_payment: 3,
        paid_awaiting_approval: 1, // FDZ5N1H7C8
        matched: 1, // FDK7Q2M9X1
        variance: 0,
        approved_unpaid: 6, // the four in ties, FDR9L5X2N6, FDC3J8T6M1
        refund_expected: 1, // FDN7D2V9H4
        unmatched_bank_payment: 5, // lines …102 (suggested), …104, …105, …106, …107
        resolved: 1, // FDX2K8P5Q7: cancelled unpaid, closed automatically
        signed_off: 0,
      },
      suggestions: 3,
      currencies: [
        {
          currency: 'EUR',
          paid: { amount: '0.00', currency: 'EUR' },
          matchedRequested: { amount: '0.00', currency: 'EUR' },
          openRequests: 1,
          rollForwardDifference: null,
        },
        {
          currency: 'GBP',
          paid: { amount: '3650.00', currency: 'GBP' },
          matchedRequested: { amount: '3650.00', currency: 'GBP' },
          openRequests: 10,
          rollForwardDifference: null,
        },
      ],
    });
    // The person who started the run (in the app), not "sync".
    expect(entry).toMatchObject({
      actor: 'user',
      details: { matchesAdded: 3, byRule: { exact_reference: 2, fuzzy_reference: 1 } },
    });
    const before = auditEntries().length;
    expect(await call('recon:run', {})).toMatchObject({ matchesAdded: 0, suggestions: 3 });
    expect(auditEntries()).toHaveLength(before);

    const { suggestions } = await call('recon:suggestions');
    expect(
      suggestions.map((s) => [s.reason, s.options.map((o) => [o.rule, o.lineIds, o.requestReferences])]),
    ).toEqual([
      [
        'tie',
        [
          ['amount_date', ['2026100600000104'], ['FDB2V6J4L9']],
          ['amount_date', ['2026100600000104'], ['FDM8Y3D5G2']],
        ],
      ],
      [
        'tie',
        [
          ['amount_date', ['2026100900000105'], ['FDH4S9K2P7']],
          ['amount_date', ['2026100900000105'], ['FDT6C1F8W3']],
        ],
      ],
      ['weak_evidence', [['exact_reference', ['2026100300000102'], ['FDP3W8R6T4']]]],
    ]);
    expect(suggestions[2]!.options[0]!.explanation).toBe(
      'Reference FDP3W8R6T4 found in the remittance text; paid £1,200.00, requested £1,200.00, approved £1,190.00. Not matched automatically. The bank paid £1,200.00 against £1,190.00 approved: £10.00 apart, more than the tolerance of £0.00.',
    );
    const items = await call('recon:items', { asOf: '2026-10-31', limit: 500 });
    const matchOf = (id: string) => items.items.find((item) => item.id === id)?.match;
    expect(matchOf('FDK7Q2M9X1')).toMatchObject({
      rule: 'exact_reference',
      lineIds: ['2026100200000101'],
      score: 1,
      decisionId: expect.any(Number),
    });
    expect(matchOf('FDK7Q2M9X1')?.explanation).toBe(
      'Reference FDK7Q2M9X1 found in the bank reference; paid £2,500.00, requested £2,500.00.',
    );
    expect(matchOf('FDZ5N1H7C8')).toMatchObject({ rule: 'fuzzy_reference', lineIds: ['2026100500000103'] });
    expect(matchOf('FDN7D2V9H4')).toMatchObject({ rule: 'exact_reference', lineIds: ['2026101700000109'] });
  });

  it("pages the suggestions in the run's order, counting them all", async () => {
    const run = await call('recon:run', {});
    const all = await call('recon:suggestions');
    expect(all.total).toBe(all.suggestions.length);
    expect(all.total).toBe(run.suggestions);
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(await call('recon:suggestions', { limit: 1 })).toEqual({
      total: all.total,
      suggestions: [all.suggestions[0]],
    });
    expect(await call('recon:suggestions', { offset: 1, limit: 2 })).toEqual({
      total: all.total,
      suggestions: all.suggestions.slice(1, 3),
    });
    expect(await call('recon:suggestions', { offset: all.total })).toEqual({
      total: all.total,
      suggestions: [],
    });
    expect(await failure('recon:suggestions', { limit: 0 })).toMatchObject({ code: 'invalid_input' });
    // Deciding one leaves it out of the count and the pages at once.
    await call('recon:match.reject', { key: all.suggestions[0]!.key });
    expect(await call('recon:suggestions', { limit: 1 })).toEqual({
      total: all.total - 1,
      suggestions: [all.suggestions[1]],
    });
    expect((await call('recon:summary', {})).suggestions).toBe(all.total - 1);
  });

  it('confirm, reject, match by hand, resolve and undo: each one audit entry, the log intact', async () => {
    await call('recon:run', {});
    const [tie300, tie450, edited] = (await call('recon:suggestions')).suggestions;
    // Beyond the tolerance, so not automatic: a person takes it, as a variance.
    await audited('match.confirmed', () => call('recon:match.confirm', { key: edited!.key, option: 0 }));

    const confirmed = await audited('match.confirmed', () =>
      call('recon:match.confirm', { key: tie300!.key, option: 0 }),
    );
    expect(confirmed.value).toEqual({ decisionId: expect.any(Number), auditSeq: confirmed.entry.seq });
    expect(confirmed.entry.details).toMatchObject({
      decisionId: confirmed.value.decisionId,
      lineIds: ['2026100600000104'],
      requestReferences: ['FDB2V6J4L9'],
      paid: '300.00',
      requested: '300.00',
    });
    expect(await failure('recon:match.confirm', { key: tie300!.key, option: 1 })).toMatchObject({
      code: 'invalid_input',
    });

    await audited('match.rejected', () => call('recon:match.reject', { key: tie450!.key }));
    expect(await call('recon:suggestions')).toEqual({ total: 0, suggestions: [] });
    // A rejected suggestion is not offered again by later runs.
    expect(await call('recon:run', {})).toMatchObject({ matchesAdded: 0, suggestions: 0 });

    const manual = await audited('match.manual', () =>
      call('recon:match.manual', {
        lineIds: ['2026101300000106'],
        requestReferences: ['FDR9L5X2N6'],
        note: 'Bank charge deducted on the way',
      }),
    );
    expect(manual.value.warnings).toEqual([
      'The amount paid (£980.00) differs from the amount requested £1,000.00 by £20.00, more than the tolerance of £0.00.',
    ]);
    expect(manual.entry.details).toMatchObject({
      note: 'Bank charge deducted on the way',
      warnings: manual.value.warnings,
    });

    const mixed = await failure('recon:match.manual', {
      lineIds: ['2026101400000107'],
      requestReferences: ['FDE5U7K3Z8'],
    });
    expect(mixed).toMatchObject({
      code: 'invalid_input',
      details: { issues: [{ field: 'requestReferences[0]' }] },
    });
    expect(mixed.message).toMatch(/EUR.*GBP/);
    const taken = await failure('recon:match.manual', {
      lineIds: ['2026101300000106'],
      requestReferences: ['FDW1G7Q4B5'],
    });
    expect(taken).toMatchObject({ code: 'invalid_input' });
    expect(taken.message).toMatch(/already matched \(decision \d+\)/);

    const resolved = await audited('item.resolved', () =>
      call('recon:resolve', {
        kind: 'line',
        id: '2026101400000107',
        reasonCode: 'not_a_top_up',
        note: 'Stationery',
      }),
    );
    expect(resolved.entry.details).toMatchObject({
      reasonCode: 'not_a_top_up',
      note: 'Stationery',
      id: '2026101400000107',
    });
    expect(
      await failure('recon:resolve', {
        kind: 'line',
        id: '2026101400000107',
        reasonCode: 'other',
        note: 'again',
      }),
    ).toMatchObject({ code: 'invalid_input' });

    const undone = await audited('decision.undone', () =>
      call('recon:undo', { decisionId: manual.value.decisionId, reason: 'Matched the wrong line' }),
    );
    expect(undone.entry).toMatchObject({
      subject: `decision:${manual.value.decisionId}`,
      details: { undoes: manual.value.decisionId, undoneKind: 'manual' },
    });
    const count = auditEntries().length;
    expect(
      await failure('recon:undo', { decisionId: manual.value.decisionId, reason: 'Again' }),
    ).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/undone already/),
    });
    expect(
      await failure('recon:undo', { decisionId: undone.value.decisionId, reason: 'Again' }),
    ).toMatchObject({
      code: 'invalid_input',
    });
    expect(await failure('recon:undo', { decisionId: 9999, reason: 'Gone' })).toMatchObject({
      code: 'not_found',
    });
    expect(auditEntries()).toHaveLength(count);
    // Undone: the line and the request can be matched again.
    await audited('match.manual', () =>
      call('recon:match.manual', { lineIds: ['2026101300000106'], requestReferences: ['FDR9L5X2N6'] }),
    );

    const summary = await call('recon:summary', { asOf: '2026-10-31' });
    expect(summary.states).toEqual({
      awaiting_payment: 2,
      paid_awaiting_approval: 1,
      matched: 2, // + FDB2V6J4L9 confirmed
      variance: 2, // + FDR9L5X2N6 matched by hand, 980.00 for 1000.00
      approved_unpaid: 4, // FDM8Y3D5G2, the two of the rejected tie, FDC3J8T6M1
      refund_expected: 1,
      unmatched_bank_payment: 1, // …105 (its suggestion rejected); …107 is resolved
      resolved: 1,
      signed_off: 0,
    });
    expect(summary.currencies[1]).toMatchObject({
      currency: 'GBP',
      paid: { amount: '6130.00' },
      matchedRequested: { amount: '6150.00' },
    });
    const { items } = await call('recon:items', { asOf: '2026-10-31', states: ['resolved'] });
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'line',
        id: '2026101400000107',
        resolution: { reasonCode: 'not_a_top_up', note: 'Stationery', decisionId: resolved.value.decisionId },
      }),
      expect.objectContaining({
        kind: 'request',
        id: 'FDX2K8P5Q7',
        ageing: null,
        resolution: { reasonCode: 'closed_unpaid', note: expect.stringMatching(/^Removed or cancelled/) },
      }),
    ]);

    const report = auditLedgerFile(ledgerPath);
    expect(report).toMatchObject({ kind: 'checked', triggersPresent: true });
    if (report.kind !== 'checked') throw new Error('unreachable');
    expect(report.workspaces[0]!.result).toMatchObject({ ok: true, entries: auditEntries().length });
  });

  it('a match by hand outside both the tolerance and the date window is stored, with both warnings', async () => {
    const manual = await audited('match.manual', () =>
      call('recon:match.manual', { lineIds: ['2026101400000107'], requestReferences: ['FDW1G7Q4B5'] }),
    );
    expect(manual.value.warnings).toEqual([
      'The amount paid (£75.50) differs from the amount requested £600.00 by £524.50, more than the tolerance of £0.00.',
      'Bank line 2026101400000107 was booked on 2026-10-14, 6 days before request FDW1G7Q4B5 of 2026-10-20: outside the window of 2 day(s) before to 10 day(s) after.',
    ]);
    const { items } = await call('recon:items', { limit: 500 });
    expect(items.find((item) => item.id === 'FDW1G7Q4B5')!.match).toMatchObject({
      rule: 'manual',
      lineIds: ['2026101400000107'],
      decisionId: manual.value.decisionId,
    });
  });

  it('a suggestion across currencies cannot be confirmed: refused naming the option', async () => {
    await call('recon:profiles.save', {
      name: 'Simple',
      profile: { columns: { date: 'Date', amount: 'Amount', currency: 'Currency', reference: 'Reference' } },
    });
    const csv = 'Date,Amount,Currency,Reference\r\n2026-10-15,-75.50,GBP,FDE5U7K3Z8\r\n';
    expect(
      await call('recon:import', {
        fileName: 'fx.csv',
        contentBase64: Buffer.from(csv).toString('base64'),
        profile: 'Simple',
      }),
    ).toMatchObject({ stored: true, linesAdded: 1 });
    await call('recon:run', {});
    const fx = (await call('recon:suggestions')).suggestions.find((s) => s.reason === 'weak_evidence')!;
    expect(fx.options[0]).toMatchObject({ requestReferences: ['FDE5U7K3Z8'] });
    const before = auditEntries().length;
    const refused = await failure('recon:match.confirm', { key: fx.key, option: 0 });
    expect(refused).toMatchObject({ code: 'invalid_input', details: { issues: [{ field: 'option' }] } });
    expect(refused.message).toMatch(/EUR.*GBP/);
    expect(auditEntries()).toHaveLength(before);
  });

  it('the roll-forward of the float, and its difference in the summary', async () => {
    const main = { currency: 'GBP', name: 'main', pending: '0.00', platformRefreshedAt: null };
    recordBalances(ledgerPath, [{ ...main, available: '10000.00' }], '2026-09-30T12:00:00.000Z');
    recordBalances(ledgerPath, [{ ...main, available: '9000.00' }], '2026-10-31T12:00:00.000Z');
    await call('recon:run', {});
    const edited = (await call('recon:suggestions')).suggestions.find((s) => s.reason === 'weak_evidence')!;
    await call('recon:match.confirm', { key: edited.key, option: 0 });
    const rollForward = await call('recon:rollforward', { from: '2026-10-01', to: '2026-10-31' });
    expect(rollForward.currencies).toEqual([
      expect.objectContaining({
        currency: 'GBP',
        opening: { amount: '10000.00', currency: 'GBP' },
        closing: { amount: '9000.00', currency: 'GBP' },
        difference: { amount: '0.00', currency: 'GBP' },
      }),
    ]);
    expect(rollForward.currencies[0]).toMatchObject({
      topUps: { amount: '6890.00' }, // every approval of the period, approved amounts
      spend: { amount: '7890.00' }, // derived: 10000.00 + 6890.00 − 9000.00
    });
    // The matched top-ups (FDK7Q2M9X1, FDP3W8R6T4) are not flagged; every other approval is.
    expect(
      rollForward.flags.map((flag) => [flag.kind, /top-up (\w+)/.exec(flag.message)?.[1], flag.at]),
    ).toEqual(
      ['FDB2V6J4L9', 'FDC3J8T6M1', 'FDH4S9K2P7', 'FDM8Y3D5G2', 'FDR9L5X2N6', 'FDT6C1F8W3'].map(
        (reference) => ['approval_without_bank_payment', reference, '2026-10-31T12:00:00.000Z'],
      ),
    );
    const summary = await call('recon:summary', { asOf: '2026-10-31' });
    expect(summary.currencies.find((row) => row.currency === 'GBP')?.rollForwardDifference).toEqual({
      amount: '0.00',
      currency: 'GBP',
    });
    expect(await failure('recon:rollforward', { from: '2026-10-31', to: '2026-10-01' })).toMatchObject({
      code: 'invalid_input',
    });
  });

  it('an automatic match undone is not stored again by the next run', async () => {
    await call('recon:run', {});
    const items = await call('recon:items', { limit: 500 });
    const auto = items.items.find((item) => item.id === 'FDK7Q2M9X1')!.match!;
    await audited('decision.undone', () =>
      call('recon:undo', { decisionId: auto.decisionId, reason: 'Not this payment' }),
    );
    expect(await call('recon:run', {})).toMatchObject({ matchesAdded: 0 });
    const after = await call('recon:items', { limit: 500 });
    expect(after.items.find((item) => item.id === 'FDK7Q2M9X1')!.match).toBeNull();
  });
});
