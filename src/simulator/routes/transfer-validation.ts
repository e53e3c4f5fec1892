/**
 * Validation of POST /float/request-payment-transfer, field by field, with the platform's
 * Laravel-style messages. Every problem is collected; the route answers them all in one 422.
 */
import { isObject, plainDecimal, type Parsed, type ParsedObject } from '../body';
import { JsonNumber } from '../json';
import type { ProformaInvoice, World } from '../model';
import { findTransfer, type NewTransfer } from '../state';
import { PAYMENT_REFERENCE_MAX_LENGTH, PROFORMA_INVOICE_FIELDS } from '../../shared/domain/platform';

const PROFORMA_KEYS: ReadonlyArray<keyof ProformaInvoice> = PROFORMA_INVOICE_FIELDS;
const MIN_AMOUNT = 1n; // 0.01 in hundredths
const MAX_AMOUNT = 9_999_999_999n; // 99,999,999.99 in hundredths
const EMAIL = /^[^\s@"<>,;]+@[^\s@"<>,;]+\.[^\s@"<>,;.]{2,}$/;

export type ValidationResult =
  { ok: true; input: NewTransfer } | { ok: false; messages: Record<string, string[]> };

/** Optional string: absent, null and "" all count as not given (as the platform's framework does). */
function optionalString(
  body: ParsedObject,
  key: string,
  messages: Record<string, string[]>,
): string | undefined {
  const value = body[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return value;
  (messages[key] ??= []).push(`The ${key.replaceAll('_', ' ')} must be a string.`);
  return undefined;
}

function requiredString(
  body: ParsedObject,
  key: string,
  messages: Record<string, string[]>,
): string | undefined {
  const value = body[key];
  if (value === undefined || value === null || value === '') {
    (messages[key] ??= []).push(`The ${key} field is required.`);
    return undefined;
  }
  return optionalString(body, key, messages);
}

/** The amount in hundredths, from the literal digits of the JSON number. */
function amountHundredths(value: Parsed | undefined, messages: Record<string, string[]>): bigint | undefined {
  const add = (message: string): undefined => {
    (messages.amount ??= []).push(message);
    return undefined;
  };
  if (value === undefined || value === null) return add('The amount field is required.');
  if (!(value instanceof JsonNumber)) return add('The amount must be a number.');
  const text = plainDecimal(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (match === null) return add('The amount must be a number.');
  const fraction = match[3] ?? '';
  if (fraction.length > 2) return add('The amount must have at most 2 decimal places.');
  const hundredths = BigInt((match[2] as string) + fraction.padEnd(2, '0')) * (match[1] === '-' ? -1n : 1n);
  if (hundredths < MIN_AMOUNT || hundredths > MAX_AMOUNT)
    return add('The amount must be between 0.01 and 99999999.99.');
  return hundredths;
}

function proforma(
  value: Parsed | undefined,
  messages: Record<string, string[]>,
): ProformaInvoice | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) {
    messages.proforma_invoice = ['The proforma invoice must be an object.'];
    return undefined;
  }
  const out: ProformaInvoice = {};
  for (const [key, member] of Object.entries(value)) {
    const field = `proforma_invoice.${key}`;
    if (!(PROFORMA_KEYS as readonly string[]).includes(key)) {
      messages[field] = [`The ${field} field is not allowed.`];
    } else if (member === null || member === '') {
      continue;
    } else if (typeof member !== 'string') {
      messages[field] = [`The ${field} must be a string.`];
    } else if (member.length > 255) {
      messages[field] = [`The ${field} may not be greater than 255 characters.`];
    } else out[key as keyof ProformaInvoice] = member;
  }
  return out;
}

/** What a platform that normalises references stores: upper case, no spaces. */
export function normaliseReference(reference: string): string {
  return reference.replace(/\s+/g, '').toUpperCase();
}

export function validateTransferRequest(
  world: World,
  body: Parsed | undefined,
  normaliseReferences = false,
): ValidationResult {
  const messages: Record<string, string[]> = {};
  if (!isObject(body)) return { ok: false, messages: { body: ['The request body must be a JSON object.'] } };

  const floatName = requiredString(body, 'float', messages);
  const currency = requiredString(body, 'currency', messages);
  const hundredths = amountHundredths(body.amount, messages);
  const given = optionalString(body, 'payment_reference', messages);
  const reference = given !== undefined && normaliseReferences ? normaliseReference(given) : given;
  const financeEmail = optionalString(body, 'finance_email', messages);
  const proformaInvoice = proforma(body.proforma_invoice, messages);

  let exponent = 2;
  if (floatName !== undefined) {
    const named = world.floats.filter((float) => float.name === floatName);
    if (named.length === 0) messages.float = ['The selected float is invalid.'];
    else if (currency !== undefined) {
      const match = named.find((float) => float.currency === currency);
      if (match === undefined) messages.currency = ['The selected currency is invalid.'];
      else exponent = match.exponent;
    }
  }
  if (hundredths !== undefined && exponent < 2 && hundredths % 10n ** BigInt(2 - exponent) !== 0n)
    (messages.amount ??= []).push(`The amount must have at most ${exponent} decimal places for ${currency}.`);
  if (reference !== undefined) {
    if ([...reference].length > PAYMENT_REFERENCE_MAX_LENGTH)
      messages.payment_reference = [
        `The payment reference may not be greater than ${PAYMENT_REFERENCE_MAX_LENGTH} characters.`,
      ];
    else if (findTransfer(world, reference) !== undefined)
      messages.payment_reference = ['The payment reference has already been taken.'];
  }
  if (financeEmail !== undefined && (financeEmail.length > 254 || !EMAIL.test(financeEmail)))
    messages.finance_email = ['The finance email must be a valid email address.'];

  if (
    Object.keys(messages).length > 0 ||
    floatName === undefined ||
    currency === undefined ||
    hundredths === undefined
  )
    return { ok: false, messages };
  const requestedMinor =
    exponent >= 2 ? hundredths * 10n ** BigInt(exponent - 2) : hundredths / 10n ** BigInt(2 - exponent);
  const input: NewTransfer = { float: floatName, currency, requestedMinor };
  if (reference !== undefined) input.paymentReference = reference;
  if (financeEmail !== undefined) input.financeEmail = financeEmail;
  if (proformaInvoice !== undefined) input.proformaInvoice = proformaInvoice;
  return { ok: true, input };
}

/** Minor units → decimal text with exactly two decimals ("100.00"), as the success answer writes it. */
export function twoDecimals(minor: bigint, exponent: number): string {
  const hundredths =
    exponent >= 2 ? minor / 10n ** BigInt(exponent - 2) : minor * 10n ** BigInt(2 - exponent);
  const digits = hundredths.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
