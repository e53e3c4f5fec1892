/**
 * Settings → Accounting through the core's dispatch on a real SQLite file: the account mapping is
 * saved whole or not at all (a bad row named by float, currency and field), imported from a mapping
 * file (its errors name line and column), exported as the file `--accounts` reads, and audited.
 */
import { describe, expect, it } from 'vitest';
import { parseAccountMapping } from '../../src/main/core/journals/account-mapping';
import { storedMapping } from '../../src/main/core/journals/mapping-store';
import { openLedger } from '../../src/main/core/ledger/db';
import { auditLedgerFile } from '../../src/main/core/recon/audit/verify-ledger';
import type { AccountMappingRowInput } from '../../src/shared/ipc/contract-journal-mapping';
import { readAuditLog } from '../helpers/audit-log-read';
import { dispatched, ledgerDigest, refusal, useImportedReconWorkspace } from '../helpers/recon-fixture';

const workspace = useImportedReconWorkspace();

const TITLES =
  'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account,tax_code,tracking';
const FILE =
  `\uFEFF${TITLES}\r\n` +
  'main,GBP,1210,1200,5000,8100,1220,No VAT,Region=UK\r\n' +
  '"euro, main",EUR,1211,1201,5001,8101,1221,,\r\n';

const row = (change: Partial<AccountMappingRowInput> = {}): AccountMappingRowInput => ({
  float: 'main',
  currency: 'GBP',
  floatAccount: '1210',
  bankAccount: '1200',
  costAccount: '5000',
  varianceAccount: '8100',
  refundsAccount: '1220',
  taxCode: '',
  tracking: '',
  roundingAccount: '',
  taxCodes: '',
  ...change,
});

function auditEntries() {
  const db = openLedger(workspace.ledgerPath, { readonly: true });
  try {
    return readAuditLog(db, 1).filter((entry) => entry.action === 'settings.accounts_changed');
  } finally {
    db.close();
  }
}

describe('journals:mapping', () => {
  it('answers no rows and lists the floats the ledger knows as unmapped, until saved', async () => {
    const first = await dispatched(workspace.core, 'journals:mapping.get');
    expect(first.rows).toEqual([]);
    expect(first.updatedAt).toBeNull();
    // The seeded requests' floats (no float sync ran): each named once, by currency then name.
    expect(first.unmapped).toContainEqual({ float: 'euro', currency: 'EUR' });
    expect(new Set(first.unmapped.map((f) => `${f.currency} ${f.float}`)).size).toBe(first.unmapped.length);
    const [known] = first.unmapped;
    const saved = await dispatched(workspace.core, 'journals:mapping.save', {
      rows: [row({ float: known!.float, currency: known!.currency, tracking: 'Region = UK' })],
    });
    expect(saved.rows).toEqual([
      row({ float: known!.float, currency: known!.currency, tracking: 'Region=UK' }),
    ]);
    expect(saved.unmapped).toEqual(first.unmapped.slice(1));
    expect(saved.updatedAt).toBe('2026-10-31T18:00:00.000Z');
    expect(await dispatched(workspace.core, 'journals:mapping.get')).toEqual(saved);
    expect(auditEntries()).toMatchObject([
      {
        actor: 'user',
        subject: 'settings:accounts',
        details: { source: 'settings', rows: 1, changed: [`${known!.currency} ${known!.float}`] },
      },
    ]);
    const report = auditLedgerFile(workspace.ledgerPath);
    if (report.kind !== 'checked') throw new Error('the audit log could not be checked');
    expect(report.workspaces[0]!.result).toMatchObject({ ok: true });
  });

  it('refuses a bad row naming float, currency and field, and writes nothing', async () => {
    await dispatched(workspace.core, 'journals:mapping.save', { rows: [row()] });
    const before = ledgerDigest(workspace.ledgerPath);
    const error = await refusal(workspace.core, 'journals:mapping.save', {
      rows: [row({ costAccount: '5001' }), row({ float: 'euro', currency: 'EUR', refundsAccount: '' })],
    });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(
      'The account mapping was not saved: "euro" in EUR: refunds receivable account: it is empty; it is required. Correct it and save again.',
    );
    expect(error.details?.issues).toEqual([
      { field: 'rows[1].refundsAccount', problem: 'refunds receivable account: it is empty; it is required' },
    ]);
    expect(ledgerDigest(workspace.ledgerPath)).toBe(before);
    expect((await dispatched(workspace.core, 'journals:mapping.get')).rows).toEqual([row()]);
  });

  it('imports a mapping file, and refuses a bad one naming line and column with nothing written', async () => {
    const imported = await dispatched(workspace.core, 'journals:mapping.import', { text: FILE });
    expect(imported.rows).toEqual([
      row({
        float: 'euro, main',
        currency: 'EUR',
        floatAccount: '1211',
        bankAccount: '1201',
        costAccount: '5001',
        varianceAccount: '8101',
        refundsAccount: '1221',
      }),
      row({ taxCode: 'No VAT', tracking: 'Region=UK' }),
    ]);
    expect(auditEntries().at(-1)).toMatchObject({ details: { source: 'import', rows: 2 } });
    const before = ledgerDigest(workspace.ledgerPath);
    const error = await refusal(workspace.core, 'journals:mapping.import', {
      text: `${TITLES}\r\nmain,GBP,1210,,5000,8100,1220,,\r\nother,GBX,1,2,3,4,5,,\r\n`,
    });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(
      'The account mapping file cannot be used: line 2, column bank_account: this cell is empty; it is required (and 1 more problem(s)). Fix the file and import it again.',
    );
    expect(error.details?.problems).toEqual([
      { line: 2, column: 'bank_account', problem: 'this cell is empty; it is required' },
      {
        line: 3,
        column: 'currency',
        problem: '"GBX" is not an ISO 4217 currency code (write e.g. GBP or EUR)',
      },
    ]);
    expect(ledgerDigest(workspace.ledgerPath)).toBe(before);
  });

  it('exports exactly the mapping file: parseAccountMapping reads it as the stored mapping', async () => {
    await dispatched(workspace.core, 'journals:mapping.import', { text: FILE });
    const exported = await dispatched(workspace.core, 'journals:mapping.export');
    expect(exported.fileName).toBe('account-mapping-2026-10-31.csv');
    expect(exported.rows).toBe(2);
    expect(exported.text).toBe(
      `\uFEFF${TITLES}\r\n"euro, main",EUR,1211,1201,5001,8101,1221,,\r\nmain,GBP,1210,1200,5000,8100,1220,No VAT,Region=UK\r\n`,
    );
    const db = openLedger(workspace.ledgerPath, { readonly: true });
    try {
      expect(parseAccountMapping(exported.text)).toEqual(storedMapping(db, 1));
      expect(parseAccountMapping(exported.text).rows).toEqual(
        [...parseAccountMapping(FILE).rows].sort((a, b) => (a.currency < b.currency ? -1 : 1)),
      );
    } finally {
      db.close();
    }
    // Imported again, the export changes nothing.
    await dispatched(workspace.core, 'journals:mapping.import', { text: exported.text });
    expect((await dispatched(workspace.core, 'journals:mapping.export')).text).toBe(exported.text);
    expect(auditEntries().at(-1)).toMatchObject({ details: { source: 'import', rows: 2, changed: [] } });
  });
});
