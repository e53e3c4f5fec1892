import { PAYMENT_REFERENCE_MAX_LENGTH } from './platform';

/**
 * ISO 11649 creditor references ("RF" + 2 check digits + up to 21 letters or digits). FloatDesk
 * sends one with every top-up by default: it fits the platform's 18-character limit, and its check
 * digits let a bank typo be caught when payments are matched later.
 */

const LETTER_A = 'A'.charCodeAt(0);

/** Letters become 10..35, digits stay; the result is reduced mod 97 piece by piece (exact, no bigints). */
function mod97(alphanumeric: string): number {
  let remainder = 0;
  for (const char of alphanumeric) {
    const digits = /[0-9]/.test(char) ? char : String(char.charCodeAt(0) - LETTER_A + 10);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** Compact form used for checking: no spaces, upper case. */
export function compactReference(reference: string): string {
  return reference.replace(/\s+/g, '').toUpperCase();
}

export function creditorReferenceFor(body: string): string {
  const compact = compactReference(body);
  if (!/^[A-Z0-9]{1,21}$/.test(compact))
    throw new Error(`A creditor reference body is 1 to 21 letters or digits, not "${body}".`);
  const check = 98 - mod97(`${compact}RF00`);
  return `RF${String(check).padStart(2, '0')}${compact}`;
}

export function looksLikeCreditorReference(reference: string): boolean {
  return /^RF\d{2}[A-Z0-9]{1,21}$/.test(compactReference(reference));
}

export function isValidCreditorReference(reference: string): boolean {
  const compact = compactReference(reference);
  return looksLikeCreditorReference(compact) && mod97(`${compact.slice(4)}${compact.slice(0, 4)}`) === 1;
}

/**
 * A new creditor reference with a random 14-digit body: 18 characters, the platform's limit. Digits
 * only, because ISO 7064 MOD 97-10 then catches every single mistyped digit and almost every swap of
 * two neighbours. `randomInt(n)` returns an integer in [0, n) from a cryptographic source.
 */
export function newCreditorReference(randomInt: (bound: number) => number): string {
  let body = '';
  for (let i = 0; i < 14; i++) body += String(randomInt(10));
  return creditorReferenceFor(body);
}

export type ReferenceProblem = { field: 'payment_reference'; problem: string };

/**
 * Check a reference a person typed before it is sent: the platform's length limit, characters a
 * bank transfer can carry, and — for anything shaped like RFnn… — the ISO 11649 check digits.
 */
export function checkPaymentReference(reference: string): ReferenceProblem | null {
  const problem = (text: string): ReferenceProblem => ({ field: 'payment_reference', problem: text });
  if (reference.length === 0) return problem('is empty');
  if (reference.length > PAYMENT_REFERENCE_MAX_LENGTH) {
    return problem(
      `has ${reference.length} characters; the platform allows at most ${PAYMENT_REFERENCE_MAX_LENGTH}`,
    );
  }
  if (reference.trim() !== reference) return problem('starts or ends with a space');
  if (!/^[A-Za-z0-9 ./-]+$/.test(reference)) {
    return problem('may contain only letters A–Z, digits, spaces and . / - (what bank transfers carry)');
  }
  if (looksLikeCreditorReference(reference) && !isValidCreditorReference(reference)) {
    return problem('looks like an RF creditor reference but its check digits are wrong (a typo?)');
  }
  return null;
}
