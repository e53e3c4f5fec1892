import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditorReferenceFor } from '../../src/shared/domain/creditor-reference';
import {
  checkFinanceEmail,
  checkTransferAmount,
  checkTransferForm,
  formatHundredths,
  transferAmountHundredths,
} from '../../src/shared/domain/transfer-form';

const MAX = 9_999_999_999n; // 99,999,999.99 in hundredths

/** Hundredths → the ways a person may type them: "12.5", "12.50", "12" (string work only, no Number). */
function spellings(hundredths: bigint): string[] {
  const whole = (hundredths / 100n).toString();
  const cents = (hundredths % 100n).toString().padStart(2, '0');
  const out = [`${whole}.${cents}`];
  if (cents.endsWith('0')) out.push(`${whole}.${cents[0]}`);
  if (cents === '00') out.push(whole);
  return out;
}

const inRange = fc.bigInt({ min: 1n, max: MAX });
const form = (amount: string) => ({ float: 'Main', currency: 'GBP', amount });
const amountIssue = (amount: string) =>
  checkTransferForm(form(amount)).find((issue) => issue.field === 'amount');

describe('transfer amounts', () => {
  it('accepts every amount with at most two decimals from 0.01 to 99,999,999.99, and reads it back exactly', () => {
    fc.assert(
      fc.property(inRange, (hundredths) => {
        for (const text of spellings(hundredths)) {
          expect(checkTransferAmount(text)).toBeNull();
          expect(checkTransferForm(form(text))).toEqual([]);
          expect(transferAmountHundredths(text)).toBe(hundredths);
        }
        expect(formatHundredths(hundredths)).toBe(spellings(hundredths)[0]);
      }),
    );
  });

  it('refuses more than two decimals, naming the field amount', () => {
    fc.assert(
      fc.property(
        inRange,
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 6 }),
        (h, last, zeros) => {
          const text = `${spellings(h)[0]}${'0'.repeat(zeros - 1)}${last}`;
          expect(amountIssue(text)).toEqual({ field: 'amount', problem: 'may have at most two decimals' });
        },
      ),
    );
  });

  it('refuses zero, negative amounts and amounts over the maximum', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX * 1000n }), (h) => {
        expect(amountIssue(`-${spellings(h)[0]}`)?.field).toBe('amount');
        expect(amountIssue(spellings(h + MAX + 1n)[0] as string)?.problem).toMatch(
          /from 0\.01 to 99,999,999\.99/,
        );
      }),
    );
    for (const zero of ['0', '0.0', '0.00', '000.00'])
      expect(amountIssue(zero)).toEqual({ field: 'amount', problem: 'must be from 0.01 to 99,999,999.99' });
    expect(checkTransferAmount('-5')?.problem).toBe('must be more than zero');
  });

  it('refuses exponents, thousands separators and anything that is not plain decimal text', () => {
    fc.assert(
      fc.property(inRange, fc.integer({ min: -3, max: 3 }), (h, exponent) => {
        expect(amountIssue(`${spellings(h)[0]}e${exponent}`)?.problem).toMatch(/exponent/);
        expect(amountIssue(`${spellings(h)[0]}E+${Math.abs(exponent)}`)?.field).toBe('amount');
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 100_000n, max: MAX }), (h) => {
        const [text] = spellings(h) as [string];
        const grouped = text.replace(/\B(?=(\d{3})+(?!\d))(?=.*\.)/g, ',');
        expect(amountIssue(grouped)?.problem).toMatch(/thousands separators/);
      }),
    );
    for (const text of ['', ' ', 'abc', '.5', '5.', '1.2.3', '+5', '0x10', '١٢', 'NaN', 'Infinity', '1 000'])
      expect(amountIssue(text)?.field, text).toBe('amount');
  });

  it('takes the text trimmed, and no more decimals than the currency has', () => {
    expect(checkTransferAmount(' 2500.00 ')).toBeNull();
    expect(checkTransferAmount('2500.50', 'JPY')?.problem).toMatch(/whole number/);
    expect(checkTransferAmount('2500.00', 'JPY')).toBeNull();
    expect(checkTransferAmount('2500.55', 'KWD')).toBeNull();
  });
});

describe('the rest of the form', () => {
  it('requires a float and a known currency', () => {
    expect(checkTransferForm({ amount: '10' }).map((issue) => issue.field)).toEqual(['float', 'currency']);
    expect(checkTransferForm({ float: 'Main', currency: 'XYZ', amount: '10' })).toEqual([
      { field: 'currency', problem: 'is not an ISO 4217 currency code' },
    ]);
  });

  it('checks a typed payment reference (length, characters, ISO 11649 check digits) and skips an empty one', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{1,14}$/), (body) => {
        const reference = creditorReferenceFor(body);
        expect(checkTransferForm({ ...form('10'), paymentReference: reference })).toEqual([]);
        // Any single changed digit of a valid reference breaks its check digits.
        const broken = reference.slice(0, 2) + String((Number(reference[2]) + 1) % 10) + reference.slice(3);
        expect(checkTransferForm({ ...form('10'), paymentReference: broken })[0]?.field).toBe(
          'paymentReference',
        );
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9]{19,40}$/), (long) => {
        expect(checkTransferForm({ ...form('10'), paymentReference: long })).toEqual([
          {
            field: 'paymentReference',
            problem: `has ${long.length} characters; the platform allows at most 18`,
          },
        ]);
      }),
    );
    expect(checkTransferForm({ ...form('10'), paymentReference: 'INV 2026/11-3' })).toEqual([]);
    expect(checkTransferForm({ ...form('10'), paymentReference: 'café' })[0]?.field).toBe('paymentReference');
    expect(checkTransferForm({ ...form('10'), paymentReference: '' })).toEqual([]);
  });

  it('checks the finance e-mail when one is given', () => {
    expect(checkFinanceEmail('finance@example.com')).toBeNull();
    for (const bad of ['finance', 'a@b', 'a b@example.com', 'a@example.c', '"x"@example.com'])
      expect(checkFinanceEmail(bad)?.field, bad).toBe('financeEmail');
    expect(checkTransferForm({ ...form('10'), financeEmail: '' })).toEqual([]);
    expect(checkTransferForm({ ...form('10'), financeEmail: 'nope' })[0]?.field).toBe('financeEmail');
  });
});
