import { describe, expect, it } from 'vitest';
import type { FloatBalance } from '../../src/shared/domain/floats';
import { floatBalance } from '../helpers/float-balance';
import { totalAvailable } from '../../src/renderer/src/features/balances/totals';

const float = (name: string, amount: string | null, currency = 'GBP'): FloatBalance =>
  floatBalance(currency, name, amount);

describe('totalAvailable', () => {
  it('adds exactly, beyond binary float precision', () => {
    const result = totalAvailable('GBP', [
      float('a', '12345678901234567.89'),
      float('b', '0.01'),
      float('c', '0.10'),
    ]);
    expect(result).toEqual({ total: { amount: '12345678901234568.00', currency: 'GBP' }, withoutBalance: 0 });
    expect(totalAvailable('GBP', [float('a', '0.10'), float('b', '0.20')]).total?.amount).toBe('0.30');
  });

  it('keeps over-precise digits', () => {
    expect(totalAvailable('GBP', [float('a', '1.005'), float('b', '2.00')]).total?.amount).toBe('3.005');
  });

  it('skips floats without a balance and counts them', () => {
    expect(totalAvailable('GBP', [float('a', null), float('b', '5.00'), float('c', null)])).toEqual({
      total: { amount: '5.00', currency: 'GBP' },
      withoutBalance: 2,
    });
    expect(totalAvailable('GBP', [float('a', null)])).toEqual({ total: null, withoutBalance: 1 });
    expect(totalAvailable('GBP', [])).toEqual({ total: null, withoutBalance: 0 });
  });

  it('refuses to mix currencies', () => {
    expect(() => totalAvailable('GBP', [float('a', '1.00', 'EUR')])).toThrow(/EUR/);
  });
});
