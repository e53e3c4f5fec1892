import { checkPaymentReference } from './creditor-reference';
import { currencyExponent } from './currency';
import { TRANSFER_AMOUNT_MAX, TRANSFER_AMOUNT_MIN } from './platform';

/**
 * The rules of the New transfer request form, shared by the renderer (field errors as people type)
 * and the core (checked again before anything is sent). Amounts are checked as text, exactly: never
 * through a binary number.
 */

/** Field names are the form's own (TransferForm in contract-transfers.ts). */
export interface TransferFormIssue {
  field: string;
  problem: string;
}

/** The form as typed: every value a string, possibly empty or missing. */
export interface TransferFormValues {
  float?: string;
  currency?: string;
  amount?: string;
  paymentReference?: string;
  financeEmail?: string;
}

const AMOUNT = /^(\d+)(?:\.(\d+))?$/;
const EMAIL = /^[^\s@"<>,;]+@[^\s@"<>,;]+\.[^\s@"<>,;.]{2,}$/;
export const FINANCE_EMAIL_MAX_LENGTH = 320;

/** "2500.5" → 250050n: the amount in hundredths, or undefined when it is not a plain decimal with ≤ 2 places. */
export function transferAmountHundredths(amount: string): bigint | undefined {
  const match = AMOUNT.exec(amount.trim());
  if (match === null) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return undefined;
  return BigInt(`${match[1]}${fraction.padEnd(2, '0')}`);
}

/** 250050n → "2500.50": the text FloatDesk shows and sends for an amount in hundredths. */
export function formatHundredths(hundredths: bigint): string {
  const digits = hundredths.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const MIN = transferAmountHundredths(TRANSFER_AMOUNT_MIN) as bigint;
const MAX = transferAmountHundredths(TRANSFER_AMOUNT_MAX) as bigint;
const RANGE = `must be from ${TRANSFER_AMOUNT_MIN} to 99,999,999.99`;

function amountShapeProblem(text: string): string {
  if (text === '') return 'is required';
  if (/^[+-]/.test(text))
    return text.startsWith('-') ? 'must be more than zero' : 'must be a number such as 2500.00';
  if (/^\d*\.?\d*[eE][+-]?\d+$/.test(text))
    return 'must be written out in digits, without an exponent (e.g. 2500.00)';
  if (/[,'\s]/.test(text)) return 'must be typed without thousands separators, e.g. 2500.00';
  const fraction = /^\d+\.(\d+)$/.exec(text)?.[1];
  if (fraction !== undefined && fraction.length > 2) return 'may have at most two decimals';
  return 'must be a number such as 2500.00';
}

/**
 * A transfer amount: a positive decimal with at most two places from 0.01 to 99,999,999.99 (the
 * platform's rule), and no more places than the currency has when it is given (JPY: none).
 */
export function checkTransferAmount(amount: string, currency?: string): TransferFormIssue | null {
  const issue = (problem: string): TransferFormIssue => ({ field: 'amount', problem });
  const text = amount.trim();
  const hundredths = transferAmountHundredths(text);
  if (hundredths === undefined) return issue(amountShapeProblem(text));
  if (hundredths < MIN || hundredths > MAX) return issue(RANGE);
  const exponent = currency === undefined ? undefined : currencyExponent(currency);
  const places = (text.split('.')[1] ?? '').replace(/0+$/, '').length;
  if (exponent !== undefined && places > exponent) {
    return issue(
      exponent === 0
        ? `must be a whole number: ${currency} has no decimals`
        : `may have at most ${exponent} decimal${exponent === 1 ? '' : 's'} in ${currency}`,
    );
  }
  return null;
}

export function checkFinanceEmail(email: string): TransferFormIssue | null {
  const issue = (problem: string): TransferFormIssue => ({ field: 'financeEmail', problem });
  if (email.length > FINANCE_EMAIL_MAX_LENGTH)
    return issue(`may have at most ${FINANCE_EMAIL_MAX_LENGTH} characters`);
  return EMAIL.test(email) ? null : issue('is not an e-mail address such as finance@example.com');
}

/** Empty text counts as not given: a reference is then generated, no e-mail is sent. */
const given = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/** Every problem of the form, one per field at most, in the form's order. */
export function checkTransferForm(form: TransferFormValues): TransferFormIssue[] {
  const issues: TransferFormIssue[] = [];
  if (!given(form.float)) issues.push({ field: 'float', problem: 'is required: choose a float' });
  const currency = form.currency ?? '';
  const knownCurrency = currencyExponent(currency) !== undefined;
  if (currency === '') issues.push({ field: 'currency', problem: 'is required: choose a float' });
  else if (!knownCurrency) issues.push({ field: 'currency', problem: 'is not an ISO 4217 currency code' });
  const amount = checkTransferAmount(form.amount ?? '', knownCurrency ? currency : undefined);
  if (amount) issues.push(amount);
  if (given(form.paymentReference)) {
    const reference = checkPaymentReference(form.paymentReference);
    if (reference) issues.push({ field: 'paymentReference', problem: reference.problem });
  }
  if (given(form.financeEmail)) {
    const email = checkFinanceEmail(form.financeEmail);
    if (email) issues.push(email);
  }
  return issues;
}
