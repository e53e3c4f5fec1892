/**
 * Payment references. The platform generates "FT" + 10 digits (its counter, zero-padded: 12
 * characters) when the buyer sends none; buyers send their own, at most 18 characters, among them
 * ISO 11649 creditor references ("RF" + 2 check digits + up to 14 characters here, to fit 18).
 */
import type { Random } from '../random';

export const GENERATED_REFERENCE_PREFIX = 'FT';

/** The platform-generated reference for counter value `n` (1, 2, ...): "FT0000000001". */
export function generatedReference(n: number): string {
  return `${GENERATED_REFERENCE_PREFIX}${String(n).padStart(10, '0')}`;
}

/** ISO 7064 mod 97-10 remainder of a reference's characters, letters as 10..35. */
function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

/** An ISO 11649 creditor reference for an alphanumeric body (upper case A-Z, 0-9). */
export function creditorReference(body: string): string {
  const check = 98 - mod97(`${body}RF00`);
  return `RF${String(check).padStart(2, '0')}${body}`;
}

export function isValidCreditorReference(reference: string): boolean {
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(reference)) return false;
  return mod97(`${reference.slice(4)}${reference.slice(0, 4)}`) === 1;
}

/** One buyer-supplied reference in one of several styles real finance teams use. */
export function buyerReference(random: Random, n: number, year: number, currency: string): string {
  const serial = String(n).padStart(5, '0');
  switch (random.int(0, 6)) {
    case 0:
    case 1:
      return creditorReference(`FLT${String(n).padStart(7, '0')}`);
    case 2:
      return `INV-${year}-${serial}`;
    case 3:
      return `TOPUP ${currency} ${serial}`;
    case 4:
      return `PO${String(n).padStart(8, '0')}`;
    case 5:
      // Exactly 18 characters: the longest the platform accepts.
      return `FLOAT-${currency}-${String(n).padStart(8, '0')}`;
    default:
      return `q${(n % 4) + 1} topup ${serial}`;
  }
}
