/**
 * journals:export and `floatdesk export journal` on a real ledger file: the October statement
 * imported and matched, a bank fee resolved, the month signed off. The journals balance, name the
 * sign-off (DRAFT before it), are written whole with the SHA-256 the audit log keeps, and are the
 * same bytes when exported again.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import Decimal from 'decimal.js';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openLedger } from '../../src/main/core/ledger/db';
import type { Core } from '../../src/main/core/services';
import type { JournalExport } from '../../src/shared/ipc/contract-journals';
import { GENERIC_COLUMNS } from '../../src/main/core/journals/formats/generic-csv';
import { readAuditLog } from '../helpers/audit-log-read';
import { assertBuilt, runCli } from '../helpers/cli';
import { readCsv } from '../helpers/csv-read';
import { readXlsx } from '../helpers/xlsx-read';
import {
  dispatched,
  reconCore,
  refusal,
  seedReconWorkspace,
  statementBase64,
  RECON_STATEMENT,
} from '../helpers/recon-fixture';
import { makeTempDir } from '../helpers/temp-dir';
import { RECON_MAPPING_CSV } from '../helpers/journals-fixture';

const AS_OF = '2026-10-31';
const MAPPING = RECON_MAPPING_CSV;

let temp: ReturnType<typeof makeTempDir>;
let core: Core;

beforeAll(() => assertBuilt());
beforeEach(async () => {
  temp = makeTempDir();
  seedReconWorkspace(temp.dir);
  core = reconCore(temp.dir, undefined, 'cli');
  await dispatched(core, 'recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
  await dispatched(core, 'recon:run', { asOf: AS_OF });
  const { items } = await dispatched(core, 'recon:items', {
    asOf: AS_OF,
    states: ['unmatched_bank_payment'],
    limit: 50,
  });
  const line = items.find((item) => item.amount.amount.startsWith('-'))!;
  await dispatched(core, 'recon:resolve', {
    kind: 'line',
    id: line.id,
    reasonCode: 'bank_fee',
    note: 'Bank charge',
  });
});
afterEach(async () => {
  await core.close();
  temp.cleanup();
});

type Format = 'csv' | 'xero' | 'quickbooks' | 'sage' | 'netsuite' | 'xlsx';

async function exported(
  destination: string,
  format: Format = 'csv',
  accounts = MAPPING,
): Promise<JournalExport> {
  const result = await dispatched(core, 'journals:export', { asOf: AS_OF, format, destination, accounts });
  if ('cancelled' in result) throw new Error('no file was written');
  return result;
}

const signOff = () => dispatched(core, 'recon:signoff', { asOf: AS_OF, acknowledgeOpenItems: true });

/** Debits and credits per journal, from the generic CSV as read back. */
function totals(rows: string[][]): Map<string, { debit: Decimal; credit: Decimal }> {
  const byJournal = new Map<string, { debit: Decimal; credit: Decimal }>();
  for (const [journal, , , , , , debit, credit] of rows.slice(1)) {
    const sums = byJournal.get(journal!) ?? { debit: new Decimal(0), credit: new Decimal(0) };
    byJournal.set(journal!, {
      debit: sums.debit.plus(debit === '' ? 0 : debit!),
      credit: sums.credit.plus(credit === '' ? 0 : credit!),
    });
  }
  return byJournal;
}

describe('journals of a period', () => {
  it('are a DRAFT before the sign-off, then name it; each journal balances; the file is what the audit log says', async () => {
    const draftPath = join(temp.dir, 'draft.csv');
    const draft = await exported(draftPath);
    expect(draft.signOffId).toBeNull();
    expect(draft.draftWhy).toBe(`nothing is signed off as of ${AS_OF}`);
    expect(draft.journals.every((journal) => journal.id.startsWith('DRAFT-'))).toBe(true);

    const { signOff: signed } = await signOff();
    const path = join(temp.dir, 'journals.csv');
    const result = await exported(path);
    expect(result.signOffId).toBe(signed.id);
    expect(result.period).toEqual({ from: '2026-10-01', to: AS_OF });
    expect(result.journals.map((journal) => journal.kind)).toEqual(
      expect.arrayContaining(['top_ups', 'refunds', 'resolutions']),
    );
    expect(result.journals.every((journal) => journal.id.startsWith(`FD-S${signed.id}-${AS_OF}-`))).toBe(
      true,
    );

    const bytes = readFileSync(path);
    expect(result.files).toEqual([
      {
        path,
        fileName: 'journals.csv',
        downloadId: null,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        bytes: bytes.length,
        lines: expect.any(Number),
      },
    ]);
    const rows = readCsv(bytes.toString('utf8'));
    expect(rows[0]).toEqual([...GENERIC_COLUMNS]);
    expect(rows.length - 1).toBe(result.files[0]!.lines);
    for (const [journal, { debit, credit }] of totals(rows)) {
      expect(debit.toFixed(2), journal).toBe(credit.toFixed(2));
      expect(debit.isZero(), journal).toBe(false);
    }
    // The top-up paid with reference FDK7Q2M9X1: 2,500.00 into the float, out of the bank.
    const paid = rows.filter((row) => row[4] === 'FDK7Q2M9X1');
    expect(paid.map((row) => [row[2], row[5], row[6], row[7]])).toEqual([
      ['1210', 'GBP', '2500.00', ''],
      ['1200', 'GBP', '', '2500.00'],
    ]);
    // The request paid, then removed at the platform: owed back.
    expect(rows.filter((row) => row[4] === 'FDN7D2V9H4').map((row) => row[2])).toEqual(['1300', '1200']);

    const db = openLedger(join(temp.dir, 'ledger.sqlite'), { readonly: true });
    try {
      const entries = readAuditLog(db, 1).filter((entry) => entry.action === 'journal.exported');
      expect(entries).toHaveLength(2);
      expect(entries[1]!.details).toMatchObject({
        asOf: AS_OF,
        signOffId: signed.id,
        draft: false,
        format: 'csv',
        files: [{ name: 'journals.csv', sha256: result.files[0]!.sha256, bytes: bytes.length }],
      });
      expect(entries[0]!.details).toMatchObject({ draft: true, signOffId: null });
    } finally {
      db.close();
    }

    // Generated once per sign-off: the same period exported again is the very same file.
    const again = await exported(join(temp.dir, 'again.csv'));
    expect(again.files[0]!.sha256).toBe(result.files[0]!.sha256);
  });

  it('preview what an export would write, with totals per account, and name what the mapping lacks', async () => {
    await signOff();
    const preview = await dispatched(core, 'journals:preview', { asOf: AS_OF, accounts: MAPPING });
    const written = await exported(join(temp.dir, 'written.csv'));
    expect(preview.missing).toEqual([]);
    expect(preview.journals.map((journal) => [journal.id, journal.lineCount])).toEqual(
      written.journals.map((journal) => [journal.id, journal.lines]),
    );
    for (const journal of preview.journals) {
      expect(journal.debit).toBe(journal.credit);
      expect(journal.lines).toHaveLength(journal.lineCount);
      expect(journal.lines.every((line) => (line.debit === null) !== (line.credit === null))).toBe(true);
    }
    const float = preview.accounts.find((account) => account.account === '1210')!;
    expect(float).toMatchObject({ currency: 'GBP' });
    expect(new Decimal(float.debit).greaterThan(0)).toBe(true);
    const sum = (field: 'debit' | 'credit') =>
      preview.accounts.reduce((total, account) => total.plus(account[field]), new Decimal(0)).toFixed(2);
    expect(sum('debit')).toBe(sum('credit'));

    const unmapped = await dispatched(core, 'journals:preview', { asOf: AS_OF });
    expect(unmapped.journals).toEqual([]);
    expect(unmapped.missing).toContain(
      'Float "main" in GBP has no accounts: add a row "main,GBP,…" to the mapping.',
    );
  });

  it('a period unlocked and signed again says what changed since the last export', async () => {
    const draft = await exported(join(temp.dir, 'draft.csv'));
    expect(draft.sinceLastExport).toBeNull();
    const { signOff: first } = await signOff();
    const signed = await exported(join(temp.dir, 'first.csv'));
    expect(signed.sinceLastExport).toMatchObject({
      signOffId: null,
      changes: [expect.stringMatching(/DRAFT/)],
    });
    const again = await exported(join(temp.dir, 'again.csv'));
    expect(again.sinceLastExport).toBeNull();

    await dispatched(core, 'recon:unlock', { id: first.id, reason: 'A top-up was matched wrongly' });
    const { items } = await dispatched(core, 'recon:items', { asOf: AS_OF, states: ['matched'], limit: 50 });
    const undone = items.find((item) => item.kind === 'request' && item.id === 'FDK7Q2M9X1')!;
    await dispatched(core, 'recon:undo', { decisionId: undone.match!.decisionId!, reason: 'Wrong match' });
    const { signOff: second } = await signOff();
    const preview = await dispatched(core, 'journals:preview', { asOf: AS_OF, accounts: MAPPING });
    expect(preview.signOffId).toBe(second.id);
    expect(preview.sinceLastExport).toEqual({
      exportedAt: expect.any(String),
      signOffId: first.id,
      changes: ['Removed: top-up FDK7Q2M9X1 (GBP).'],
    });
    const resigned = await exported(join(temp.dir, 'second.csv'));
    expect(resigned.sinceLastExport).toEqual(preview.sinceLastExport);
    expect(readFileSync(join(temp.dir, 'second.csv'), 'utf8')).not.toContain('FDK7Q2M9X1');
  });

  it("use the workspace's own mapping (Settings → Accounting) when none is given", async () => {
    await signOff();
    const before = await dispatched(core, 'journals:preview', { asOf: AS_OF });
    expect(before.missing.length).toBeGreaterThan(0);
    await dispatched(core, 'journals:mapping.import', { text: MAPPING });
    const preview = await dispatched(core, 'journals:preview', { asOf: AS_OF });
    expect(preview.missing).toEqual([]);
    const given = await dispatched(core, 'journals:preview', { asOf: AS_OF, accounts: MAPPING });
    expect(preview.journals).toEqual(given.journals);
    const result = await dispatched(core, 'journals:export', {
      asOf: AS_OF,
      format: 'csv',
      destination: join(temp.dir, 'stored.csv'),
    });
    expect('cancelled' in result).toBe(false);
    expect(readFileSync(join(temp.dir, 'stored.csv'), 'utf8')).toContain('FDK7Q2M9X1');
  });

  it('in the Xero format: dates as Xero reads them, a tax rate on every line, refused without one', async () => {
    await signOff();
    const noTax = MAPPING.replace(',tax_code', '').replace(/,No VAT/g, '');
    const refused = await refusal(core, 'journals:export', {
      asOf: AS_OF,
      format: 'xero',
      destination: join(temp.dir, 'xero.csv'),
      accounts: noTax,
    });
    expect(refused.code).toBe('invalid_input');
    expect(refused.message).toMatch(/tax rate/);
    expect(existsSync(join(temp.dir, 'xero.csv'))).toBe(false);

    const result = await exported(join(temp.dir, 'xero.csv'), 'xero');
    expect(result.files).toHaveLength(1);
    const text = readFileSync(result.files[0]!.path, 'utf8');
    const [titles, ...rows] = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    expect(titles).toMatch(/^\*?Narration,\*?Date,/);
    expect(rows.every((row) => /,31\/10\/2026,/.test(row))).toBe(true);
    expect(rows.every((row) => row.includes(',No VAT,'))).toBe(true);
  });

  it('refuses, naming them, the floats without accounts, and a missing mapping; nothing is written', async () => {
    await signOff();
    const onlyEuro = MAPPING.split('\n')
      .filter((line) => !line.startsWith('main,'))
      .join('\n');
    const missing = await refusal(core, 'journals:export', {
      asOf: AS_OF,
      format: 'csv',
      destination: join(temp.dir, 'missing.csv'),
      accounts: onlyEuro,
    });
    expect(missing.code).toBe('invalid_input');
    expect(missing.message).toMatch(/Float "main" in GBP has no accounts/);
    const none = await refusal(core, 'journals:export', {
      asOf: AS_OF,
      format: 'csv',
      destination: join(temp.dir, 'x.csv'),
    });
    expect(none.message).toMatch(/account mapping/);
    expect(
      readdirSync(temp.dir).filter((name) => name.endsWith('.csv') || name.endsWith('.partial')),
    ).toEqual([]);
  });

  it('in the QuickBooks, Sage, NetSuite and XLSX formats: their titles and dates, each file what the audit log says, the same bytes again', async () => {
    await signOff();
    const titles: Record<Exclude<Format, 'csv' | 'xero' | 'xlsx'>, string> = {
      quickbooks: 'Journal No.,Journal Date,Account Name,Debits,Credits,Description,Name',
      sage: 'Reference,Date,Description,Ledger Account Number,Details,Debit,Credit',
      netsuite: 'External ID,Date,Currency,Memo,Account,Debit,Credit,Line Memo,Department,Class,Location',
    };
    const shas: string[] = [];
    for (const format of ['quickbooks', 'sage', 'netsuite', 'xlsx'] as const) {
      const path = join(temp.dir, `journals-${format}.${format === 'xlsx' ? 'xlsx' : 'csv'}`);
      const result = await exported(path, format);
      expect(result.format).toBe(format);
      const bytes = readFileSync(path);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      expect(result.files, format).toEqual([
        {
          path,
          fileName: basename(path),
          downloadId: null,
          sha256,
          bytes: bytes.length,
          lines: expect.any(Number),
        },
      ]);
      shas.push(sha256);
      if (format === 'xlsx') {
        const [sheet] = readXlsx(path);
        expect(sheet!.rows[0]!.map((cell) => cell?.value)).toEqual([...GENERIC_COLUMNS, 'Notes']);
        expect(sheet!.rows.length - 1).toBe(result.files[0]!.lines);
        expect(sheet!.rows.flat().some((cell) => cell?.formula)).toBe(false);
        const paid = sheet!.rows.filter((row) => row[4]?.value === 'FDK7Q2M9X1');
        expect(paid.map((row) => [row[2]?.value, row[6]?.value, row[7]?.value])).toEqual([
          ['1210', 2500, undefined],
          ['1200', undefined, 2500],
        ]);
      } else {
        const text = bytes.toString('utf8');
        const [head, ...rows] = text.trimEnd().split('\r\n');
        expect(head, format).toBe(titles[format]);
        expect(rows, format).toHaveLength(result.files[0]!.lines);
        expect(text, format).toContain(',10/31/2026,');
        expect(text, format).toMatch(/,2500\.00,/);
      }
      // Generated once per sign-off: exported again, the very same bytes.
      const again = await exported(join(temp.dir, `again-${format}`), format);
      expect(again.files[0]!.sha256, format).toBe(sha256);
    }
    const db = openLedger(join(temp.dir, 'ledger.sqlite'), { readonly: true });
    try {
      const entries = readAuditLog(db, 1).filter((entry) => entry.action === 'journal.exported');
      expect(entries.filter((_, i) => i % 2 === 0).map((entry) => entry.details)).toMatchObject(
        ['quickbooks', 'sage', 'netsuite', 'xlsx'].map((format, i) => ({
          format,
          files: [{ sha256: shas[i] }],
        })),
      );
    } finally {
      db.close();
    }
  });

  it('from the command line: the file, its SHA-256 on stdout, exit 0; wrong usage exits 2', async () => {
    await signOff();
    await core.close();
    const accounts = join(temp.dir, 'accounts.csv');
    writeFileSync(accounts, MAPPING);
    const out = join(temp.dir, 'cli.csv');
    const run = runCli([
      'export',
      'journal',
      '--format',
      'csv',
      '--as-of',
      AS_OF,
      '--out',
      out,
      '--accounts',
      accounts,
      '--workspace',
      temp.dir,
    ]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const sha = createHash('sha256').update(readFileSync(out)).digest('hex');
    expect(run.stdout).toContain(`${out}  SHA-256 ${sha}`);
    expect(run.stdout).toMatch(/for 2026-10-01 to 2026-10-31 \(sign-off 1\)/);
    const usage = runCli(['export', 'journal', '--format', 'csv', '--out', out, '--workspace', temp.dir]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/--as-of YYYY-MM-DD is required/);
    const wrongTable = runCli([
      'export',
      'transfers',
      '--format',
      'csv',
      '--out',
      out,
      '--accounts',
      accounts,
    ]);
    expect(wrongTable.status).toBe(2);
    expect(wrongTable.stderr).toMatch(/--accounts applies only to "export journal"/);
    core = reconCore(temp.dir, undefined, 'cli');
  });

  it('from the command line in every new format: each file, its SHA-256 on stdout, exit 0', async () => {
    await signOff();
    await core.close();
    const accounts = join(temp.dir, 'accounts.csv');
    writeFileSync(accounts, MAPPING);
    for (const format of ['quickbooks', 'sage', 'netsuite', 'xlsx']) {
      const out = join(temp.dir, `cli-${format}.${format === 'xlsx' ? 'xlsx' : 'csv'}`);
      const run = runCli([
        'export',
        'journal',
        '--format',
        format,
        '--as-of',
        AS_OF,
        '--out',
        out,
        '--accounts',
        accounts,
        '--workspace',
        temp.dir,
      ]);
      expect(run.stderr, format).toBe('');
      expect(run.status, format).toBe(0);
      const sha = createHash('sha256').update(readFileSync(out)).digest('hex');
      expect(run.stdout, format).toContain(`${out}  SHA-256 ${sha}`);
    }
    expect(readXlsx(join(temp.dir, 'cli-xlsx.xlsx'))[0]!.rows[0]![0]?.value).toBe('Journal');
    core = reconCore(temp.dir, undefined, 'cli');
  });
});
