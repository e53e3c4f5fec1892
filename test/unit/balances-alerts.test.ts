import type { FormatPreferences } from '../../src/shared/domain/formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkThreshold } from '../../src/shared/domain/thresholds';
import { lowBalanceStep } from '../../src/main/core/notifications/low-balance';
import { amountText, lowBalanceText, transferOutcomeText } from '../../src/main/core/notifications/messages';

describe('threshold input', () => {
  it('accepts positive amounts with at most the currency decimals, as exact minor units', () => {
    expect(checkThreshold('1500', 'GBP')).toEqual({ ok: true, amount: '1500.00', minor: 150_000n });
    expect(checkThreshold(' 0012.5 ', 'GBP')).toEqual({ ok: true, amount: '12.50', minor: 1_250n });
    expect(checkThreshold('1.234', 'KWD')).toEqual({ ok: true, amount: '1.234', minor: 1_234n });
    expect(checkThreshold('5000', 'JPY')).toEqual({ ok: true, amount: '5000', minor: 5_000n });
    expect(checkThreshold('999999999999999.99', 'GBP')).toMatchObject({
      ok: true,
      minor: 99_999_999_999_999_999n,
    });
  });

  it('refuses what it cannot store exactly, saying why', () => {
    expect(checkThreshold('1.005', 'GBP')).toEqual({
      ok: false,
      problem: 'GBP has 2 decimal places; this amount has 3',
    });
    expect(checkThreshold('1.5', 'JPY')).toMatchObject({ ok: false, problem: /JPY has 0 decimal places/ });
    expect(checkThreshold('0', 'GBP')).toMatchObject({ ok: false, problem: /more than zero/ });
    expect(checkThreshold('0.00', 'GBP')).toMatchObject({ ok: false, problem: /more than zero/ });
    for (const text of ['-5', '1e3', '1,000', '£5', '1.2.3', '.5', 'abc'])
      expect(checkThreshold(text, 'GBP')).toMatchObject({ ok: false, problem: /digits/ });
    expect(checkThreshold('', 'GBP')).toMatchObject({ ok: false, problem: /enter an amount/ });
    expect(checkThreshold('1234567890123456', 'GBP')).toMatchObject({ ok: false, problem: /15 digits/ });
    expect(checkThreshold('5', 'ZZZ')).toMatchObject({ ok: false });
    // Four decimals (CLF): 15 digits before the point would overflow SQLite's 64-bit INTEGER.
    expect(checkThreshold('999999999999999.9999', 'CLF')).toMatchObject({ ok: false, problem: /14 digits/ });
    expect(checkThreshold('99999999999999.9999', 'CLF')).toMatchObject({
      ok: true,
      minor: 999_999_999_999_999_999n,
    });
  });

  it('round-trips every valid amount exactly', () => {
    fc.assert(
      fc.property(
        fc.bigInt(1n, 10n ** 17n - 1n),
        fc.constantFrom(['GBP', 2], ['JPY', 0], ['KWD', 3]),
        (minor, [currency, places]) => {
          const digits = minor.toString().padStart((places as number) + 1, '0');
          const cut = digits.length - (places as number);
          const text = places === 0 ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`;
          const checked = checkThreshold(text, currency as string);
          if (cut > 15) expect(checked.ok).toBe(false);
          else expect(checked).toMatchObject({ ok: true, minor });
        },
      ),
    );
  });
});

describe('low-balance crossing rule', () => {
  it('notifies on the way under, once, and again only after the balance was seen back above', () => {
    let armed = true;
    const notified: boolean[] = [];
    for (const below of [false, true, true, true, false, false, true, true]) {
      const step = lowBalanceStep(armed, below);
      notified.push(step.notify);
      armed = step.armed;
    }
    expect(notified).toEqual([false, true, false, false, false, false, true, false]);
  });

  it('never notifies twice without a sighting above in between', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 50 }), (sightings) => {
        let armed = true;
        let notifiedSinceAbove = false;
        for (const below of sightings) {
          const step = lowBalanceStep(armed, below);
          if (step.notify) {
            expect(notifiedSinceAbove).toBe(false);
            expect(below).toBe(true);
            notifiedSinceAbove = true;
          }
          if (!below) notifiedSinceAbove = false;
          armed = step.armed;
        }
      }),
    );
  });
});

describe('notification texts', () => {
  const GB: FormatPreferences = { locale: 'en-GB', dateStyle: 'iso' };
  const DE: FormatPreferences = { locale: 'de-DE', dateStyle: 'locale' };
  it('write amounts exactly, grouped, with the currency', () => {
    expect(amountText({ amount: '1234567.50', currency: 'GBP' }, GB)).toBe('£1,234,567.50');
    expect(amountText({ amount: '-1000', currency: 'JPY' }, GB)).toBe('-JP¥1,000');
    expect(amountText({ amount: '90071992547409.93', currency: 'GBP' }, GB)).toBe('£90,071,992,547,409.93');
    expect(amountText({ amount: '90071992547409.93', currency: 'GBP' }, DE)).toBe(
      '90.071.992.547.409,93\u00a0£',
    );
  });

  it('say which float and by how much', () => {
    const text = lowBalanceText(
      { currency: 'GBP', name: 'Main' },
      { amount: '950.00', currency: 'GBP' },
      { amount: '1000.00', currency: 'GBP' },
      GB,
    );
    expect(text).toEqual({
      kind: 'low_balance',
      title: 'Low balance: GBP Main',
      message: 'The available balance is £950.00, under the threshold of £1,000.00. Consider a top-up.',
    });
  });

  it('give each final status of a request its own kind', () => {
    const base = {
      paymentReference: 'RF18 5390 0754 7034',
      float: 'Main',
      requested: { amount: '500.00', currency: 'GBP' },
      approved: null,
    };
    expect(transferOutcomeText({ ...base, status: 'approved', approved: base.requested }, GB)).toMatchObject({
      kind: 'transfer_approved',
      message: 'Your top-up RF18 5390 0754 7034 of £500.00 to GBP Main was approved for £500.00.',
    });
    expect(
      transferOutcomeText(
        {
          ...base,
          status: 'approved_edited',
          approved: { amount: '490.00', currency: 'GBP' },
        },
        DE,
      ),
    ).toMatchObject({
      kind: 'transfer_edited',
      message: expect.stringContaining('approved for 490,00\u00a0£'),
    });
    expect(transferOutcomeText({ ...base, status: 'removed' }, GB).kind).toBe('transfer_removed');
    expect(transferOutcomeText({ ...base, status: 'cancelled' }, GB).kind).toBe('transfer_cancelled');
  });
});
