/**
 * The reconciliation workbook: one file with exactly the six sheets Summary, Roll-forward,
 * Matches, Open items, Resolutions and Audit, in order, with their headers, built from the
 * reconciliation service on a reconciled ledger (test/helpers/recon-fixture.ts), read back and
 * compared with what the service says; `part` picks one sheet; a sign-off's frozen report is
 * exported as frozen. A person reads words (bank lines, flags, who acted); ids and codes sit in
 * columns of their own; a filtered export applies and names every open-item filter.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { reconciliationTables } from '../../src/main/core/export/tables/reconciliation';
import { writeXlsx } from '../../src/main/core/export/xlsx';
import type { Core } from '../../src/main/core/services';
import type { Channel } from '../../src/shared/ipc/channels';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import {
  RECON_NOW,
  RECON_STATEMENT,
  reconCore,
  seedReconWorkspace,
  statementBase64,
} from '../helpers/recon-fixture';
import { makeTempDir } from '../helpers/temp-dir';
import { readXlsx, serialToDate, type ReadSheet } from '../helpers/xlsx-read';
import { flagWords, stateWords } from '../../src/shared/domain/recon-words';
import { FloatsRepository } from '../../src/main/core/ledger/repositories/floats';

let temp: ReturnType<typeof makeTempDir>;
let ledgerPath: string;
let core: Core;

async function call<C extends Channel>(channel: C, input: unknown = {}): Promise<ChannelOutput<C>> {
  const envelope = await core.dispatch(channel, input);
  if (!envelope.ok) throw new Error(`${channel}: ${JSON.stringify(envelope.error)}`);
  return envelope.value as ChannelOutput<C>;
}

beforeEach(async () => {
  temp = makeTempDir();
  ledgerPath = seedReconWorkspace(temp.dir);
  core = reconCore(temp.dir);
  await call('recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
  await call('recon:run', {});
});
afterEach(async () => {
  await core.close();
  temp.cleanup();
});

/** Exports on a read-only connection of its own, as the export runner does. */
async function exportWorkbook(filters: Parameters<typeof reconciliationTables>[1]): Promise<ReadSheet[]> {
  const db: Ledger = openLedger(ledgerPath, { readonly: true });
  const path = join(temp.dir, `recon-${Math.random().toString(36).slice(2)}.xlsx`);
  try {
    db.exec('BEGIN');
    await writeXlsx(reconciliationTables({ db, workspaceId: 1, clock: () => RECON_NOW }, filters), path);
  } finally {
    db.close();
  }
  return readXlsx(path);
}

const headers = (sheet: ReadSheet): unknown[] => sheet.rows[0]!.map((cell) => cell?.value);
const column = (sheet: ReadSheet, header: string): unknown[] => {
  const index = headers(sheet).indexOf(header);
  expect(index).toBeGreaterThanOrEqual(0);
  return sheet.rows.slice(1).map((row) => row[index]?.value ?? null);
};

describe('reconciliation workbook', () => {
  it('has exactly the six sheets in order, with their headers and frozen header rows', async () => {
    const sheets = await exportWorkbook(undefined);
    expect(sheets.map((s) => s.name)).toEqual([
      'Summary',
      'Roll-forward',
      'Matches',
      'Open items',
      'Resolutions',
      'Audit',
    ]);
    expect(sheets.map(headers)).toEqual([
      ['As of', 'Section', 'Measure', 'Currency', 'Count', 'Amount', 'Code', 'Notes'],
      [
        'Row',
        'Period from',
        'Period to',
        'Currency',
        'Opening',
        'Top-ups',
        'Spend',
        'Closing',
        'Difference',
        'Flag',
        'Float',
        'At (UTC)',
        'At (as recorded)',
        'Message',
        'Flag code',
        'Notes',
      ],
      [
        'Rule',
        'Score',
        'Bank lines',
        'Requests',
        'Currency',
        'Paid',
        'Requested',
        'Explanation',
        'Decision',
        'Locked by sign-off',
        'Rule code',
        'Bank line ids',
        'Notes',
      ],
      [
        'Kind',
        'Reference or bank id',
        'State',
        'Age',
        'Date',
        'Currency',
        'Amount',
        'Float or bank text',
        'State code',
        'Notes',
      ],
      [
        'Kind',
        'Reference or bank id',
        'Date',
        'Currency',
        'Amount',
        'Float or bank text',
        'Reason',
        'Note',
        'Resolved by',
        'Resolved at (UTC)',
        'Resolved at (as recorded)',
        'Decision',
        'Reason code',
        'Notes',
      ],
      [
        'Seq',
        'At (UTC)',
        'At (as recorded)',
        'Action',
        'Subject',
        'Actor',
        'Details',
        'Hash',
        'Previous hash',
        'Actor code',
        'Notes',
      ],
    ]);
    for (const sheet of sheets) {
      expect(sheet.frozenRows).toBe(1);
      expect(sheet.xml).not.toMatch(/<f[ >]/);
    }
  });

  it('says what the service says: summary counts, matches, open items and the audit log', async () => {
    const sheets = await exportWorkbook({ asOf: '2026-10-31' });
    const [summary, , matches, open, , audit] = sheets as [
      ReadSheet,
      ReadSheet,
      ReadSheet,
      ReadSheet,
      ReadSheet,
      ReadSheet,
    ];
    const expected = await call('recon:summary', { asOf: '2026-10-31' });
    const items = (await call('recon:items', { asOf: '2026-10-31', limit: 500 })).items;

    expect(
      serialToDate(summary.rows[1]![0]!.value as number)
        .toISOString()
        .slice(0, 10),
    ).toBe('2026-10-31');
    const measures = column(summary, 'Measure');
    const counts = column(summary, 'Count');
    expect(counts[measures.indexOf('Matched')]).toBe(expected.states.matched);
    expect(column(summary, 'Code')[measures.indexOf('Matched')]).toBe('matched');
    expect(measures.some((m) => typeof m === 'string' && /^[a-z]+_[a-z_]+$/.test(m))).toBe(false);
    expect(measures[0]).toMatch(/^Complete report: every open item/);
    expect(counts[measures.indexOf('Open suggestions')]).toBe(expected.suggestions);
    const gbp = expected.currencies.find((c) => c.currency === 'GBP')!;
    const paidRow = summary.rows.find(
      (row) => row[2]?.value === 'Paid (matched bank payments)' && row[3]?.value === 'GBP',
    )!;
    expect(paidRow[5]).toMatchObject({ type: 'n', value: Number(gbp.paid.amount), format: '#,##0.00 "GBP"' });

    const matched = new Set(
      items.filter((i) => i.match !== null).map((i) => i.match!.requestReferences.join('; ')),
    );
    expect(new Set(column(matches, 'Requests'))).toEqual(matched);
    expect(column(matches, 'Rule').every((rule) => typeof rule === 'string' && !rule.includes('_'))).toBe(
      true,
    );
    expect(column(matches, 'Rule code')).toEqual(
      column(matches, 'Rule code').filter((code) =>
        ['exact_reference', 'fuzzy_reference', 'amount_date', 'split_sum', 'manual'].includes(code as string),
      ),
    );
    const firstMatch = matches.rows[1]!;
    expect(firstMatch[5]?.type).toBe('n');
    expect(firstMatch[6]?.type).toBe('n');

    const openItems = items.filter((i) => !['matched', 'resolved', 'signed_off'].includes(i.state));
    expect(column(open, 'Reference or bank id')).toEqual(openItems.map((i) => i.id));
    expect(column(open, 'State')).toEqual(openItems.map((i) => stateWords(i.state)));
    expect(column(open, 'State code')).toEqual(openItems.map((i) => i.state));
    expect(column(open, 'Amount')).toEqual(openItems.map((i) => Number(i.amount.amount)));

    const db = openLedger(ledgerPath, { readonly: true });
    const log = db.prepare('SELECT seq, hash FROM audit_log ORDER BY seq').all() as {
      seq: number;
      hash: string;
    }[];
    db.close();
    expect(column(audit, 'Seq')).toEqual(log.map((e) => e.seq));
    expect(column(audit, 'Hash')).toEqual(log.map((e) => e.hash));
  });

  it('holds every open item whatever filter is passed, unless filtering is chosen; then it says so', async () => {
    const items = (await call('recon:items', { asOf: '2026-10-31', limit: 500 })).items;
    const openIds = items
      .filter((i) => !['matched', 'resolved', 'signed_off'].includes(i.state))
      .map((i) => i.id);
    expect(new Set(items.filter((i) => openIds.includes(i.id)).map((i) => i.state)).size).toBeGreaterThan(1);

    // The screen's State filter alone does not narrow the report.
    const [complete] = await exportWorkbook({
      asOf: '2026-10-31',
      part: 'open-items',
      states: ['approved_unpaid'],
    });
    expect(complete!.name).toBe('Open items');
    expect(column(complete!, 'Reference or bank id')).toEqual(openIds);
    expect(headers(complete!)).not.toContain('Filter applied');

    // Only the explicit choice narrows it, and the file names the filter: sheet, column and summary.
    const sheets = await exportWorkbook({
      asOf: '2026-10-31',
      states: ['approved_unpaid'],
      onlyFiltered: true,
    });
    const filtered = sheets.find((sheet) => sheet.name === 'Open items (filtered)')!;
    const codes = column(filtered, 'State code');
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.length).toBeLessThan(openIds.length);
    expect(codes.every((state) => state === 'approved_unpaid')).toBe(true);
    expect(new Set(column(filtered, 'Filter applied'))).toEqual(
      new Set(['Only open items with state Approved, not paid']),
    );
    expect(column(sheets[0]!, 'Measure')[0]).toBe(
      'Filtered: Only open items with state Approved, not paid (the Open items part holds only these; the other parts are complete)',
    );
  });

  it('has a Resolutions part: each resolved item with its reason in words, note, who and when', async () => {
    await call('settings:update', { signerName: 'Ana Ruiz' });
    await call('recon:resolve', {
      kind: 'request',
      id: 'FDB2V6J4L9',
      reasonCode: 'bank_fee',
      note: 'Fee taken',
    });
    const [resolutions] = await exportWorkbook({ asOf: '2026-10-31', part: 'resolutions' });
    expect(resolutions!.name).toBe('Resolutions');
    const row = (header: string): unknown => column(resolutions!, header)[0];
    // FDX2K8P5Q7 was closed at the platform unpaid: FloatDesk resolved it itself, and says so.
    expect(column(resolutions!, 'Reference or bank id')).toEqual(['FDB2V6J4L9', 'FDX2K8P5Q7']);
    expect(column(resolutions!, 'Reason')[1]).toBe('Closed at the platform before it was paid');
    expect(column(resolutions!, 'Resolved by')[1]).toBe('FloatDesk, automatically');
    expect(row('Reference or bank id')).toBe('FDB2V6J4L9');
    expect(row('Reason')).toBe('Bank fee');
    expect(row('Reason code')).toBe('bank_fee');
    expect(row('Note')).toBe('Fee taken');
    expect(row('Resolved by')).toBe('Ana Ruiz');
    expect(row('Resolved at (as recorded)')).toBe('2026-10-31T18:00:00.000Z');
  });

  it('exports a sign-off’s frozen report', async () => {
    await call('recon:resolve', {
      kind: 'request',
      id: 'FDB2V6J4L9',
      reasonCode: 'other',
      note: 'Paid twice',
    });
    const { signOff } = await call('recon:signoff', { note: '=October close', acknowledgeOpenItems: true });
    const frozen = await call('recon:signoff.report', { id: signOff.id });
    const sheets = await exportWorkbook({ signOffId: signOff.id });
    expect(sheets.map((s) => s.name)).toEqual([
      'Summary',
      'Roll-forward',
      'Matches',
      'Open items',
      'Resolutions',
      'Audit',
    ]);
    const measures = column(sheets[0]!, 'Measure');
    expect(measures[1]).toContain(`Frozen report of sign-off ${signOff.id}`);
    expect(measures[1]).toContain('by FloatDesk user (no name set)');
    expect(measures).toContain('Note: =October close');
    const counts = column(sheets[0]!, 'Count');
    expect(counts[measures.indexOf('Matched')]).toBe(frozen.summary.states.matched);
    const open = frozen.items.filter((i) => !['matched', 'resolved', 'signed_off'].includes(i.state));
    expect(column(sheets[3]!, 'Reference or bank id')).toEqual(open.map((i) => i.id));
    expect(column(sheets[4]!, 'Reason')).toEqual(['Other', 'Closed at the platform before it was paid']);
    expect(column(sheets[5]!, 'Seq').at(-1)).toBe(signOff.auditSeq);
  });
});

describe('the report reads in words for a person, codes in their own columns', () => {
  const SHA = /sha256:/;
  /** Columns that hold ids, codes or hashes for machines: everything else is read by a person. */
  const MACHINE_COLUMNS = new Set([
    'Bank line ids',
    'Reference or bank id',
    'Subject',
    'Details',
    'Hash',
    'Previous hash',
  ]);

  it('names matched bank lines by date, amount, text and reference; their ids only in "Bank line ids"', async () => {
    // A bank line with no id of the bank's own (a CSV without one): FloatDesk computes `sha256:…`.
    const csv =
      'Date,Amount,Currency,Description,Reference\r\n2026-10-21,-600.00,GBP,Top-up Books,FDW1G7Q4B5\r\n';
    await call('recon:import', {
      fileName: 'no-ids.csv',
      contentBase64: Buffer.from(csv).toString('base64'),
    });
    await call('recon:run', {});
    const items = (await call('recon:items', { asOf: '2026-10-31', limit: 500 })).items;
    const line = items.find((item) => item.kind === 'line' && item.id.startsWith('sha256:'))!;
    expect(line.match?.requestReferences).toEqual(['FDW1G7Q4B5']);

    const sheets = await exportWorkbook({ asOf: '2026-10-31' });
    const matches = sheets.find((sheet) => sheet.name === 'Matches')!;
    const row = column(matches, 'Requests').indexOf('FDW1G7Q4B5');
    expect(column(matches, 'Bank lines')[row]).toBe(
      '2026-10-21, -600.00 GBP, Top-up Books, reference FDW1G7Q4B5',
    );
    expect(column(matches, 'Bank line ids')[row]).toBe(line.id);
    // Every match: its lines' ids in the ids column, in the words column a date and a signed amount.
    const matched = items.filter((item) => item.match !== null).map((item) => item.match!.lineIds.join('; '));
    expect(new Set(column(matches, 'Bank line ids'))).toEqual(new Set(matched));
    for (const words of column(matches, 'Bank lines')) expect(words).toMatch(/^2026-10-\d\d, -\d+\.\d\d GBP/);

    for (const sheet of sheets) {
      for (const header of headers(sheet)) {
        if (typeof header !== 'string' || MACHINE_COLUMNS.has(header)) continue;
        for (const value of column(sheet, header)) expect(String(value ?? '')).not.toMatch(SHA);
      }
    }
  });

  it('gives roll-forward flags in words with their codes apart, and messages with dates, not instants', async () => {
    // One balance mid-period: no balance near either bound, so the float is flagged.
    const db = openLedger(ledgerPath);
    new FloatsRepository(db).recordSnapshots(
      1,
      [
        {
          currency: 'GBP',
          name: 'main',
          available: '5000.00',
          pending: '0',
          platformRefreshedAt: '2026-10-15T09:00:00.000Z',
        },
      ],
      '2026-10-15T09:00:00.000Z',
    );
    db.close();
    const [rollForward] = await exportWorkbook({ asOf: '2026-10-31', part: 'roll-forward' });
    const rows = column(rollForward!, 'Row');
    const flags = column(rollForward!, 'Flag').filter((_, index) => rows[index] === 'Flag');
    const codes = column(rollForward!, 'Flag code').filter((_, index) => rows[index] === 'Flag');
    expect(codes.length).toBeGreaterThan(0);
    expect(flags).toEqual(codes.map((code) => flagWords(code as string)));
    for (const flag of flags) expect(flag).not.toMatch(/[a-z]+_[a-z]+/);
    for (const message of column(rollForward!, 'Message').filter((m) => m !== null))
      expect(message).not.toMatch(/\dT\d\d:\d\d/);
  });

  it('names who acted in the Audit part: the signer, else in words; the code in "Actor code"', async () => {
    await call('settings:update', { signerName: 'Ana Ruiz' });
    await call('recon:resolve', { kind: 'request', id: 'FDB2V6J4L9', reasonCode: 'bank_fee', note: 'Fee' });
    const [audit] = await exportWorkbook({ asOf: '2026-10-31', part: 'audit' });
    const actors = column(audit!, 'Actor');
    const codes = column(audit!, 'Actor code');
    const actions = column(audit!, 'Action');
    expect(actors.at(-1)).toBe('Ana Ruiz');
    expect(actions.at(-1)).toBe('item.resolved');
    expect(codes.at(-1)).toBe('user');
    // The import and run before a name was set.
    expect(actors[0]).toBe('FloatDesk user (no name set)');
    expect(codes.every((code) => ['user', 'cli', 'sync'].includes(code as string))).toBe(true);
    for (const actor of actors) expect(['user', 'cli', 'sync']).not.toContain(actor);
  });

  it('a filtered export applies every filter of the open items, as recon:items does, and names each', async () => {
    const query = {
      search: 'FD',
      currencies: ['GBP'],
      floats: ['main'],
      direction: 'in' as const,
      amountMin: '400',
      amountMax: '1000.00',
    };
    const expected = (await call('recon:items', { asOf: '2026-10-31', limit: 500, ...query })).items.filter(
      (i) => !['matched', 'resolved', 'signed_off'].includes(i.state),
    );
    const all = (await call('recon:items', { asOf: '2026-10-31', limit: 500 })).items.filter(
      (i) => !['matched', 'resolved', 'signed_off'].includes(i.state),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);

    const sheets = await exportWorkbook({ asOf: '2026-10-31', ...query, onlyFiltered: true });
    const filtered = sheets.find((sheet) => sheet.name === 'Open items (filtered)')!;
    expect(column(filtered, 'Reference or bank id')).toEqual(expected.map((i) => i.id));
    const words =
      'Only open items with search “FD”; currency GBP; float “main”; money in (requests); amount 400.00 GBP to 1000.00 GBP';
    expect(new Set(column(filtered, 'Filter applied'))).toEqual(new Set([words]));
    expect(column(sheets[0]!, 'Measure')[0]).toBe(
      `Filtered: ${words} (the Open items part holds only these; the other parts are complete)`,
    );

    // Money out only, by an amount typed in the search: the bank line of 980.00.
    const [lines] = await exportWorkbook({
      asOf: '2026-10-31',
      part: 'open-items',
      search: '980',
      searchAmount: '980',
      direction: 'out',
      onlyFiltered: true,
    });
    expect(column(lines!, 'Kind')).toEqual(['bank line']);
    expect(column(lines!, 'Amount')).toEqual([-980]);
    expect(column(lines!, 'Filter applied')[0]).toBe(
      'Only open items with search “980”; money out (bank payments)',
    );

    // The same filters without the explicit choice: every open item.
    const [complete] = await exportWorkbook({ asOf: '2026-10-31', part: 'open-items', ...query });
    expect(complete!.name).toBe('Open items');
    expect(column(complete!, 'Reference or bank id')).toEqual(all.map((i) => i.id));
  });

  it('a state filter leaves out what lies before the reconciliation start date, as the screen does, and says so', async () => {
    const settings = await call('recon:settings.get', {});
    await call('recon:settings.update', {
      automatic: settings.automatic,
      tolerances: settings.tolerances,
      startDate: '2026-10-10',
    });
    const query = { states: ['approved_unpaid' as const, 'awaiting_payment' as const] };
    const expected = (await call('recon:items', { asOf: '2026-10-31', limit: 500, ...query })).items;
    const all = (await call('recon:items', { asOf: '2026-10-31', limit: 500 })).items;
    // Some of those states' items lie before the start date: the screen leaves them out.
    expect(
      all.filter((i) => query.states.includes(i.state as (typeof query.states)[number])).length,
    ).toBeGreaterThan(expected.length);

    const [filtered] = await exportWorkbook({
      asOf: '2026-10-31',
      part: 'open-items',
      ...query,
      onlyFiltered: true,
    });
    expect(column(filtered!, 'Reference or bank id')).toEqual(expected.map((i) => i.id));
    expect(column(filtered!, 'Filter applied')[0]).toBe(
      'Only open items with state Approved, not paid or Awaiting payment; not those dated before the reconciliation start date 2026-10-10',
    );
  });
});
