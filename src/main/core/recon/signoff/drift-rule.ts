/**
 * Drift (pure): whether a signed-off request's value differs from another value of it. Status is
 * text; an approved amount is "2500.00 GBP" (canonical decimal, a space, the currency) and is
 * compared as a number with its currency, so "2400 EUR" and "2400.00 EUR" are the same amount. An
 * amount that does not parse can be proved equal to nothing: it counts as a difference, and is
 * logged.
 */
import { compareDecimal, InvalidAmountError } from '../../../../shared/domain/money';

export type DriftField = 'status' | 'approved_amount';

export interface RequestFacts {
  status: string;
  /** "2500.00 GBP", or null when there is no approved amount. */
  approvedText: string | null;
}

export interface Difference {
  field: DriftField;
  signedOff: string | null;
  now: string | null;
}

const AMOUNT_TEXT = /^(\S+) (\S+)$/;

function parsed(text: string): { amount: string; currency: string } | undefined {
  const found = AMOUNT_TEXT.exec(text.trim());
  return found ? { amount: found[1] as string, currency: found[2] as string } : undefined;
}

/** Exactly equal amounts in the same currency; an unparseable amount is never equal (and is logged). */
export function sameAmount(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  const left = parsed(a);
  const right = parsed(b);
  if (left === undefined || right === undefined) {
    console.warn('FloatDesk: drift compares an amount that does not parse; counted as a difference:', a, b);
    return false;
  }
  if (left.currency !== right.currency) return false;
  try {
    return compareDecimal(left.amount, right.amount) === 0;
  } catch (error) {
    if (!(error instanceof InvalidAmountError)) throw error;
    console.warn('FloatDesk: drift compares an amount that does not parse; counted as a difference:', a, b);
    return false;
  }
}

export function sameValue(field: DriftField, a: string | null, b: string | null): boolean {
  return field === 'status' ? a === b : sameAmount(a, b);
}

export function valueOf(facts: RequestFacts, field: DriftField): string | null {
  return field === 'status' ? facts.status : facts.approvedText;
}

export const DRIFT_FIELDS: readonly DriftField[] = ['status', 'approved_amount'];

export function differences(signedOff: RequestFacts, now: RequestFacts): Difference[] {
  return DRIFT_FIELDS.flatMap((field) => {
    const before = valueOf(signedOff, field);
    const after = valueOf(now, field);
    return sameValue(field, before, after) ? [] : [{ field, signedOff: before, now: after }];
  });
}

/**
 * What a sync finds for one field of a locked request: a new drift row when the live value differs
 * from the last one recorded (the signed-off value while none is). `back` when the new value is the
 * signed-off one again. The very same stored text as the last one is nothing new: it only happens
 * with an amount that does not parse, which would otherwise be recorded again on every sync.
 */
export function nextDrift(
  field: DriftField,
  signedOff: string | null,
  last: string | null,
  now: string | null,
): { back: boolean } | null {
  if (now === last || sameValue(field, last, now)) return null;
  return { back: now === signedOff || sameValue(field, signedOff, now) };
}
