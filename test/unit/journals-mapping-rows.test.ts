// Settings → Accounting's rows are checked by the mapping file's own rules, refused in words naming
// the float, currency and field, and written back as a mapping file that reads back the same.
import { describe, expect, it } from 'vitest';
import { parseAccountMapping } from '../../src/main/core/journals/account-mapping';
import { checkMappingRows, mappingCsv } from '../../src/main/core/journals/mapping-rows';
import type { AccountMappingRowInput } from '../../src/shared/ipc/contract-journal-mapping';
import { thrownAppError } from '../helpers/app-error';

const row = (change: Partial<AccountMappingRowInput> = {}): AccountMappingRowInput => ({
  float: 'Main float',
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

function refusal(rows: AccountMappingRowInput[]): {
  message: string;
  issues: { field: string; problem: string }[];
} {
  const error = thrownAppError(() => checkMappingRows(rows));
  expect(error.code).toBe('invalid_input');
  return { message: error.message, issues: error.details!.issues as { field: string; problem: string }[] };
}

describe('account mapping rows', () => {
  it('keeps rows trimmed, sorted by currency then float, with tracking as the file writes it', () => {
    expect(
      checkMappingRows([
        row({ float: ' Main float ', tracking: 'Region = UK ; Team=Finance', taxCode: ' No VAT ' }),
        row({ float: 'Euro float', currency: 'EUR', roundingAccount: ' 8200 ' }),
      ]),
    ).toEqual([
      { ...row({ float: 'Euro float', currency: 'EUR' }), taxCode: null, roundingAccount: '8200' },
      { ...row(), taxCode: 'No VAT', tracking: 'Region=UK;Team=Finance', roundingAccount: null },
    ]);
    expect(checkMappingRows([])).toEqual([]);
  });

  it('refuses an empty account naming the float, currency and field', () => {
    const { message, issues } = refusal([
      row(),
      row({ float: 'Euro float', currency: 'EUR', bankAccount: ' ' }),
    ]);
    expect(message).toBe(
      'The account mapping was not saved: "Euro float" in EUR: bank account: it is empty; it is required. Correct it and save again.',
    );
    expect(issues).toEqual([
      { field: 'rows[1].bankAccount', problem: 'bank account: it is empty; it is required' },
    ]);
  });

  it('refuses an unknown currency, bad tracking and a float mapped twice', () => {
    expect(refusal([row({ currency: 'GBX' })]).issues[0]!.field).toBe('rows[0].currency');
    expect(refusal([row({ tracking: 'Region' })]).issues[0]).toEqual({
      field: 'rows[0].tracking',
      problem: 'tracking: "Region" is not a tracking value: write Name=Option, e.g. Region=North',
    });
    expect(refusal([row({ tracking: 'A=1;B=2;C=3' })]).issues[0]!.problem).toMatch(/at most 2/);
    const twice = refusal([row(), row({ costAccount: '5001' })]);
    expect(twice.issues).toEqual([
      { field: 'rows[1].float', problem: 'float: Main float in GBP is already mapped on line 2' },
    ]);
  });

  it('refuses what a mapping file could not carry back: line breaks and formula-like starts', () => {
    expect(refusal([row({ costAccount: '50\n00' })]).issues[0]).toEqual({
      field: 'rows[0].costAccount',
      problem: 'the gift-card cost account holds a line break or tab; remove it',
    });
    const formula = refusal([row({ varianceAccount: '=HYPERLINK("x")' })]);
    expect(formula.issues[0]!.field).toBe('rows[0].varianceAccount');
    expect(formula.message).toMatch(
      /^The account mapping was not saved: "Main float" in GBP: the variance account starts with =/,
    );
  });

  it('writes a mapping file that parseAccountMapping reads back as the same rows', () => {
    const rows = checkMappingRows([
      row({ float: 'Main, "UK"', tracking: 'Region=UK;Team=Finance', taxCode: 'No VAT' }),
      row({ float: 'Euro float', currency: 'EUR', roundingAccount: '8200' }),
    ]);
    const text = mappingCsv(rows);
    expect(
      text.startsWith(
        '\uFEFFfloat,currency,float_account,bank_account,cost_account,variance_account,refunds_account,tax_code,tracking,rounding_account\r\n',
      ),
    ).toBe(true);
    // No row names a rounding account: the file it always was, without the column.
    expect(mappingCsv(checkMappingRows([row()]))).toBe(
      '\uFEFFfloat,currency,float_account,bank_account,cost_account,variance_account,refunds_account,tax_code,tracking\r\n' +
        'Main float,GBP,1210,1200,5000,8100,1220,,\r\n',
    );
    expect(parseAccountMapping(text).rows).toEqual([
      {
        ...row({ float: 'Euro float', currency: 'EUR' }),
        taxCode: null,
        tracking: [],
        roundingAccount: '8200',
        taxCodes: {},
      },
      {
        ...row({ float: 'Main, "UK"' }),
        roundingAccount: null,
        taxCodes: {},
        taxCode: 'No VAT',
        tracking: [
          { name: 'Region', option: 'UK' },
          { name: 'Team', option: 'Finance' },
        ],
      },
    ]);
    // Tax codes by line: their column only when a row has some, read back the same.
    const taxed = mappingCsv(checkMappingRows([row({ taxCodes: 'rounding=Exempt; cost=VAT 20%' })]));
    expect(taxed).toBe(
      '\uFEFFfloat,currency,float_account,bank_account,cost_account,variance_account,refunds_account,tax_code,tracking,tax_codes\r\n' +
        'Main float,GBP,1210,1200,5000,8100,1220,,,cost=VAT 20%;rounding=Exempt\r\n',
    );
    expect(parseAccountMapping(taxed).rows[0]!.taxCodes).toEqual({ cost: 'VAT 20%', rounding: 'Exempt' });
  });
});
