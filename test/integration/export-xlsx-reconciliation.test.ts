/**
 * The reconciliation workbook (issue 8): one file with exactly the five sheets Summary, Roll-forward,
 * Matches, Open items and Audit, in order, with their headers, built from the reconciliation
 * service on a reconciled ledger (test/helpers/recon-fixture.ts), read back and compared with what
 * the service says; `part` picks one sheet; a sign-off's frozen report is exported as frozen.
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
  it('has exactly the five sheets in order, with their headers and frozen header rows', async () => {
    const sheets = await exportWorkbook(undefined);
    expect(sheets.map((s) => s.name)).toEqual(['Summary', 'Roll-forward', 'Matches', 'Open items', 'Audit']);
    expect(sheets.map(headers)).toEqual([
      ['As of', 'Section', 'Measure', 'Currency', 'Count', 'Amount', 'Notes'],
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
    const [summary, , matches, open, audit] = sheets as [
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
    expect(counts[measures.indexOf('matched')]).toBe(expected.states.matched);
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
    expect(column(matches, 'Rule').every((rule) => typeof rule === 'string' && rule.length > 0)).toBe(true);
    const firstMatch = matches.rows[1]!;
    expect(firstMatch[5]?.type).toBe('n');
    expect(firstMatch[6]?.type).toBe('n');

    const openItems = items.filter((i) => !['matched', 'resolved', 'signed_off'].includes(i.state));
    expect(column(open, 'Reference or bank id')).toEqual(openItems.map((i) => i.id));
    expect(column(open, 'State')).toEqual(openItems.map((i) => i.state));
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

  it('exports one part, and open items with the state filter', async () => {
    const [only] = await exportWorkbook({ part: 'open-items', states: ['approved_unpaid'] });
    expect(only!.name).toBe('Open items');
    const states = column(only!, 'State');
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((state) => state === 'approved_unpaid')).toBe(true);
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
    expect(sheets.map((s) => s.name)).toEqual(['Summary', 'Roll-forward', 'Matches', 'Open items', 'Audit']);
    const measures = column(sheets[0]!, 'Measure');
    expect(measures[0]).toContain(`Frozen report of sign-off ${signOff.id}`);
    expect(measures).toContain('Note: =October close');
    const counts = column(sheets[0]!, 'Count');
    expect(counts[measures.indexOf('matched')]).toBe(frozen.summary.states.matched);
    const open = frozen.items.filter((i) => !['matched', 'resolved', 'signed_off'].includes(i.state));
    expect(column(sheets[3]!, 'Reference or bank id')).toEqual(open.map((i) => i.id));
    expect(column(sheets[4]!, 'Seq').at(-1)).toBe(signOff.auditSeq);
  });
});
