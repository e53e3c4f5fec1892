import Decimal from 'decimal.js';
import fc from 'fast-check';
import { runs } from '../helpers/property-runs';
import { describe, expect, it } from 'vitest';
import { checkFaceValue, type FaceValueRule } from '../../src/main/core/catalogue/face-value';
import { faceValueRule } from '../../src/main/core/catalogue/face-value-rules';

const open = (lower: string, upper: string, minorUnit: string): FaceValueRule => ({
  kind: 'open',
  lower,
  upper,
  minorUnit,
  minorUnitFrom: 'platform',
});
const fixed = (...values: string[]): FaceValueRule => ({ kind: 'fixed', values, from: 'denominations' });

describe('open-value rule (lower <= v <= upper, v a multiple of minor_unit)', () => {
  it.each([
    ['5', '100', '1', '5', true, []],
    ['5', '100', '1', '100', true, []],
    ['5', '100', '1', '4', false, ['5']],
    ['5', '100', '1', '101', false, ['100']],
    ['5', '100', '1', '10.5', false, ['10', '11']],
    ['5', '100', '0.5', '10.5', true, []],
    ['5', '100', '0.5', '10.25', false, ['10', '10.5']],
    ['5', '100', '0.01', '10.25', true, []],
    ['5', '100', '0.01', '10.255', false, ['10.25', '10.26']],
    ['5.00', '100.00', '0.01', '0.1', false, ['5']],
    ['0.3', '1', '0.1', '0.3', true, []], // no binary float: 0.3 is a multiple of 0.1
    ['1', '2', '5', '3', false, []], // no multiple of 5 between 1 and 2
  ])('[%s, %s] step %s: %s → %s', (lower, upper, unit, value, accepted, near) => {
    const verdict = checkFaceValue(open(lower, upper, unit), value);
    expect(verdict.accepted).toBe(accepted);
    expect(verdict.near).toEqual(near);
    expect(verdict.reason.length).toBeGreaterThan(10);
  });

  it('refuses text that is not an amount, in words', () => {
    for (const typed of ['', 'ten', '1e3', '-5', '1,000', '£10', '10.5.5'])
      expect(checkFaceValue(open('1', '100', '1'), typed)).toMatchObject({ accepted: false, near: [] });
  });
});

describe('fixed denominations', () => {
  it.each([
    [['10', '25', '50'], '25', true, []],
    [['10', '25', '50'], '25.00', true, []],
    [['10', '25', '50'], '30', false, ['25', '50']],
    [['10', '25', '50'], '5', false, ['10']],
    [['10', '25', '50'], '60', false, ['50']],
    [['12.50', '37.5'], '12.5', true, []],
  ])('%j: %s → %s', (values, value, accepted, near) => {
    const verdict = checkFaceValue(fixed(...values), value);
    expect(verdict).toMatchObject({ accepted, near });
  });
});

describe('the rule of a brand', () => {
  const base = { currency: 'GBP', transaction_types: ['digital_issuance', 'physical_activation'] };
  it('uses denominations (strings) before digital_denominations (numbers, as exact text)', () => {
    expect(
      faceValueRule({ ...base, denominations: ['10.00'], digital_denominations: ['10'] }, 'digital'),
    ).toEqual(fixed('10.00'));
    expect(faceValueRule({ ...base, digital_denominations: ['10'] }, 'physical')).toEqual({
      kind: 'fixed',
      values: ['10'],
      from: 'digital_denominations',
    });
  });
  it('assumes the currency smallest unit when physical limits lack minor_unit', () => {
    expect(
      faceValueRule({ ...base, physical_face_value_limits: { lower: '5', upper: '50' } }, 'physical'),
    ).toEqual({
      kind: 'open',
      lower: '5',
      upper: '50',
      minorUnit: '0.01',
      minorUnitFrom: 'currency',
    });
    expect(
      faceValueRule(
        { ...base, currency: 'JPY', physical_face_value_limits: { lower: '500', upper: '5000' } },
        'physical',
      ),
    ).toMatchObject({ minorUnit: '1' });
  });
  it('accepts nothing for a card kind the brand does not sell', () => {
    const rule = faceValueRule(
      { ...base, transaction_types: ['digital_issuance'], denominations: ['10'] },
      'physical',
    );
    expect(rule.kind).toBe('none');
    expect(checkFaceValue(rule, '10').accepted).toBe(false);
  });
});

describe('properties', () => {
  const units = ['1', '0.5', '0.01'];
  const arbitraryRule = fc
    .record({
      unit: fc.constantFrom(...units),
      lowerSteps: fc.integer({ min: 0, max: 5_000 }),
      span: fc.integer({ min: 0, max: 100_000 }),
      lowerOffset: fc.constantFrom('0', '0.001', '0.25'),
    })
    .map(({ unit, lowerSteps, span, lowerOffset }) => {
      const lower = new Decimal(unit).mul(lowerSteps).plus(lowerOffset);
      return open(lower.toFixed(), lower.plus(new Decimal(unit).mul(span)).toFixed(), unit);
    });
  const typedValue = fc
    .tuple(
      fc.integer({ min: 0, max: 600_000 }),
      fc.integer({ min: 0, max: 999 }),
      fc.constantFrom(0, 1, 2, 3),
    )
    .map(([whole, fraction, places]) =>
      places === 0 ? String(whole) : `${whole}.${String(fraction).padStart(3, '0').slice(0, places)}`,
    );

  const satisfies = (rule: Extract<FaceValueRule, { kind: 'open' }>, value: string): boolean => {
    const v = new Decimal(value);
    return v.gte(rule.lower) && v.lte(rule.upper) && v.mod(rule.minorUnit).isZero();
  };

  it('every value the checker accepts satisfies the rule exactly, and every value it refuses does not', () => {
    fc.assert(
      fc.property(arbitraryRule, typedValue, (rule, value) => {
        if (rule.kind !== 'open') return;
        expect(checkFaceValue(rule, value).accepted).toBe(satisfies(rule, value));
      }),
      runs(2_000),
    );
  });

  it('the values offered near a refused one are themselves valid, and as close as any valid value', () => {
    fc.assert(
      fc.property(arbitraryRule, typedValue, (rule, value) => {
        if (rule.kind !== 'open') return;
        const verdict = checkFaceValue(rule, value);
        if (verdict.accepted) return;
        for (const near of verdict.near) {
          expect(satisfies(rule, near)).toBe(true);
          expect(checkFaceValue(rule, near).accepted).toBe(true);
          expect(
            new Decimal(near)
              .minus(value)
              .abs()
              .lte(
                new Decimal(rule.upper)
                  .minus(rule.lower)
                  .plus(new Decimal(value).minus(rule.lower).abs())
                  .plus(rule.minorUnit),
              ),
          ).toBe(true);
        }
      }),
      runs(2_000),
    );
  });

  it('fixed denominations: accepted exactly when equal in amount to a listed one; near values are listed ones', () => {
    fc.assert(
      fc.property(fc.uniqueArray(typedValue, { minLength: 1, maxLength: 8 }), typedValue, (values, value) => {
        const verdict = checkFaceValue(fixed(...values), value);
        expect(verdict.accepted).toBe(values.some((listed) => new Decimal(listed).eq(value)));
        for (const near of verdict.near) expect(values).toContain(near);
      }),
    );
  });
});
