import fc from 'fast-check';
import { runs } from '../helpers/property-runs';
import { describe, expect, it } from 'vitest';
import {
  checkPaymentReference,
  creditorReferenceFor,
  isValidCreditorReference,
  newCreditorReference,
} from '../../src/shared/domain/creditor-reference';

describe('ISO 11649 creditor references', () => {
  it('computes the check digits of the standard example', () => {
    // ISO 11649 / EPC example: RF18 5390 0754 7034
    expect(creditorReferenceFor('539007547034')).toBe('RF18539007547034');
    expect(isValidCreditorReference('RF18 5390 0754 7034')).toBe(true);
    expect(isValidCreditorReference('RF18539007547035')).toBe(false);
    expect(isValidCreditorReference('RF71539007547034')).toBe(false);
  });

  it('property: every generated reference is valid, at most 18 characters, and any mistyped digit is caught', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 14, maxLength: 14 }),
        fc.nat(15),
        fc.nat(9),
        (draws, position, replacement) => {
          let i = 0;
          const reference = newCreditorReference(() => draws[i++] ?? 0);
          expect(reference).toMatch(/^RF\d{16}$/);
          expect(reference.length).toBeLessThanOrEqual(18);
          expect(isValidCreditorReference(reference)).toBe(true);
          const alphabet = '0123456789';
          const at = 2 + (position % (reference.length - 2));
          const swapped = alphabet.charAt(replacement);
          if (swapped !== reference[at]) {
            const typo = reference.slice(0, at) + swapped + reference.slice(at + 1);
            expect(isValidCreditorReference(typo)).toBe(false);
          }
        },
      ),
      runs(2000),
    );
  });
});

describe('checking a typed payment reference', () => {
  it('accepts bank-safe references within 18 characters', () => {
    expect(checkPaymentReference('INV-2026/0042')).toBeNull();
    expect(checkPaymentReference('RF18539007547034')).toBeNull();
    expect(checkPaymentReference('A'.repeat(18))).toBeNull();
  });

  it('names the problem of each bad reference', () => {
    expect(checkPaymentReference('')?.problem).toMatch(/empty/);
    expect(checkPaymentReference('A'.repeat(19))?.problem).toMatch(/19 characters.*at most 18/);
    expect(checkPaymentReference(' INV1')?.problem).toMatch(/space/);
    expect(checkPaymentReference('=HYPERLINK(1)')?.problem).toMatch(/only letters/);
    expect(checkPaymentReference('INV\n1')?.problem).toMatch(/only letters/);
    expect(checkPaymentReference('RF18539007547035')?.problem).toMatch(/check digits/);
    expect(checkPaymentReference('RF18539007547035')?.field).toBe('payment_reference');
  });
});
