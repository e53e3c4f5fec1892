import { describe, expect, it } from 'vitest';
import { parseAccountMapping } from '../../src/main/core/journals/account-mapping';
import { missingMappings } from '../../src/main/core/journals/missing-mappings';
import { thrownAppError } from '../helpers/app-error';

const TITLES = 'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account';

function problemsOf(text: string): Array<{ line: number; column: string | null; problem: string }> {
  const error = thrownAppError(() => parseAccountMapping(text));
  expect(error.code).toBe('invalid_input');
  return error.details!.problems as Array<{ line: number; column: string | null; problem: string }>;
}

describe('account mapping file', () => {
  it('reads rows with the optional tax_code, tracking and rounding_account columns, a BOM and CRLF', () => {
    const text =
      `\uFEFF${TITLES},tax_code,tracking,rounding_account\r\n` +
      'Main,GBP,1210,1200,5000,8100,1220,No VAT,Region=UK; Team=Finance,\r\n' +
      '"Main, EU",EUR,1211,1201,5001,8101,1221,,, 8200 \r\n';
    expect(parseAccountMapping(text).rows).toEqual([
      {
        float: 'Main',
        currency: 'GBP',
        floatAccount: '1210',
        bankAccount: '1200',
        costAccount: '5000',
        varianceAccount: '8100',
        refundsAccount: '1220',
        taxCode: 'No VAT',
        tracking: [
          { name: 'Region', option: 'UK' },
          { name: 'Team', option: 'Finance' },
        ],
        roundingAccount: null,
        taxCodes: {},
      },
      {
        float: 'Main, EU',
        currency: 'EUR',
        floatAccount: '1211',
        bankAccount: '1201',
        costAccount: '5001',
        varianceAccount: '8101',
        refundsAccount: '1221',
        taxCode: null,
        tracking: [],
        roundingAccount: '8200',
        taxCodes: {},
      },
    ]);
  });

  it('reads tax codes by line, each kind once, and names a wrong one by line and column', () => {
    const text =
      `${TITLES},tax_code,tax_codes\n` +
      'Main,GBP,1210,1200,5000,8100,1220,No VAT,cost=20% (VAT on Expenses); rounding = Exempt\n';
    expect(parseAccountMapping(text).rows[0]!.taxCodes).toEqual({
      cost: '20% (VAT on Expenses)',
      rounding: 'Exempt',
    });
    const wrong = (cell: string): string =>
      thrownAppError(() =>
        parseAccountMapping(`${TITLES},tax_codes\nMain,GBP,1210,1200,5000,8100,1220,${cell}\n`),
      ).message;
    expect(wrong('fees=X')).toBe(
      'The account mapping file cannot be used: line 2, column tax_codes: "fees" is not a kind of line (the kinds are float, bank, cost, variance, refunds, rounding). Fix the file and import it again.',
    );
    expect(wrong('cost=A;cost=B')).toMatch(/line 2, column tax_codes: the kind "cost" is given twice/);
    expect(wrong('cost')).toMatch(/"cost" is not a tax code by line: write kind=Code/);
  });

  it('reads the columns in any order', () => {
    const text =
      'currency,float,bank_account,float_account,cost_account,refunds_account,variance_account\nGBP,Main,1200,1210,5000,1220,8100\n';
    const [row] = parseAccountMapping(text).rows;
    expect(row).toMatchObject({
      float: 'Main',
      currency: 'GBP',
      bankAccount: '1200',
      floatAccount: '1210',
      refundsAccount: '1220',
      varianceAccount: '8100',
    });
  });

  it('names a missing, unknown or repeated title', () => {
    expect(problemsOf('float,currency,float_account,bank_account,cost_account,variance_account\n')).toEqual([
      { line: 1, column: 'refunds_account', problem: 'the column "refunds_account" is missing' },
    ]);
    const unknown = problemsOf(`${TITLES},colour\nMain,GBP,1,2,3,4,5,red\n`);
    expect(unknown[0]).toMatchObject({ line: 1, column: 'colour' });
    expect(problemsOf(`${TITLES},float\n`)[0]).toMatchObject({
      line: 1,
      column: 'float',
      problem: 'the column "float" is there twice',
    });
    expect(problemsOf('')[0]).toMatchObject({ line: 1, column: null });
  });

  it('names the line and column of each bad cell, in the message too', () => {
    const text = `${TITLES}\nMain,GBP,1210,1200,5000,8100,1220\nSide,ZZZ,1210,,5000,8100,1220\n`;
    const error = thrownAppError(() => parseAccountMapping(text));
    expect(error.message).toBe(
      'The account mapping file cannot be used: line 3, column currency: "ZZZ" is not an ISO 4217 currency code (write e.g. GBP or EUR) (and 1 more problem(s)). Fix the file and import it again.',
    );
    expect(error.details!.problems).toEqual([
      {
        line: 3,
        column: 'currency',
        problem: '"ZZZ" is not an ISO 4217 currency code (write e.g. GBP or EUR)',
      },
      { line: 3, column: 'bank_account', problem: 'this cell is empty; it is required' },
    ]);
  });

  it('refuses a row with the wrong number of fields, a repeated float and currency, bad tracking', () => {
    expect(problemsOf(`${TITLES}\nMain,GBP,1210\n`)).toEqual([
      { line: 2, column: null, problem: '3 field(s) where the titles name 7' },
    ]);
    expect(problemsOf(`${TITLES}\nMain,GBP,1,2,3,4,5\nMain,GBP,1,2,3,4,5\n`)).toEqual([
      { line: 3, column: 'float', problem: 'Main in GBP is already mapped on line 2' },
    ]);
    expect(problemsOf(`${TITLES},tracking\nMain,GBP,1,2,3,4,5,Region\n`)[0]).toMatchObject({
      line: 2,
      column: 'tracking',
    });
    expect(problemsOf(`${TITLES},tracking\nMain,GBP,1,2,3,4,5,A=1;B=2;C=3\n`)[0]).toMatchObject({
      line: 2,
      column: 'tracking',
      problem: '3 tracking values; at most 2 are allowed',
    });
  });

  it('refuses broken quoting and a file with titles only', () => {
    expect(problemsOf(`${TITLES}\n"Main,GBP,1,2,3,4,5\n`)[0]).toMatchObject({ line: 2, column: null });
    expect(problemsOf(`${TITLES}\n`)).toEqual([
      { line: 1, column: null, problem: 'the file has titles but no mapping row' },
    ]);
  });
});

describe('missing mappings', () => {
  const mapping = parseAccountMapping(
    `${TITLES}\nMain,GBP,1210,1200,5000,8100,1220\nSide,GBP,1211,1201,5000,8100,1220\nMain,EUR,1,2,3,4,5\n`,
  );

  it('lists each unmapped float and currency once, in words, sorted', () => {
    expect(
      missingMappings(
        [
          { float: 'Main', currency: 'GBP' },
          { float: 'Main', currency: 'USD' },
          { float: 'Promo', currency: 'EUR' },
          { float: 'Main', currency: 'USD' },
        ],
        mapping,
      ),
    ).toEqual([
      'Float "Promo" in EUR has no accounts: add a row "Promo,EUR,…" to the mapping.',
      'Float "Main" in USD has no accounts: add a row "Main,USD,…" to the mapping.',
    ]);
  });

  it('needs the currency rows to agree on the bank account for a bank line, and some row at all', () => {
    expect(missingMappings([{ float: null, currency: 'EUR' }], mapping)).toEqual([]);
    expect(missingMappings([{ float: null, currency: 'GBP' }], mapping)).toEqual([
      'Bank lines in GBP have no single bank account: the GBP rows name different bank or variance accounts; make them agree.',
    ]);
    expect(missingMappings([{ float: null, currency: 'CHF' }], mapping)).toEqual([
      'Bank lines in CHF have no accounts: no float in CHF is mapped; add one.',
    ]);
  });
});
