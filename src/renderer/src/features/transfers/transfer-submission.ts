import type { ChannelInput } from '@shared/ipc/contract';
import type { ProformaInvoice, TransferForm } from '@shared/ipc/contract-transfers';
import { currencyExponent } from '@shared/domain/currency';
import { canonicalAmount } from '@shared/domain/money';
import { PROFORMA_INVOICE_FIELDS } from '@shared/domain/platform';
import type { TypedAmount } from '@shared/domain/typed-amount';
import { readTypedAmount } from '../../lib/typed-amount';

/**
 * The New transfer request form's fields (all text, as typed) and what is sent for them: trimmed,
 * empty optional fields left out, so the confirmation step can show exactly the submission.
 */

export const PROFORMA_FIELDS = PROFORMA_INVOICE_FIELDS satisfies ReadonlyArray<keyof ProformaInvoice>;
export type ProformaField = (typeof PROFORMA_FIELDS)[number];

export const PROFORMA_LABELS: Readonly<Record<ProformaField, string>> = {
  company_name: 'Company name',
  address_line_1: 'Address line 1',
  address_line_2: 'Address line 2',
  address_line_3: 'Address line 3',
  address_line_4: 'Address line 4',
  city: 'City',
  post_code: 'Post code',
  county: 'County',
  country: 'Country',
};

export interface TransferFields {
  float: string;
  currency: string;
  amount: string;
  paymentReference: string;
  financeEmail: string;
  proformaInvoice: Record<ProformaField, string>;
}

export type TransferSubmission = ChannelInput<'transfers:submit'>;

export function emptyProforma(): Record<ProformaField, string> {
  return Object.fromEntries(PROFORMA_FIELDS.map((field) => [field, ''])) as Record<ProformaField, string>;
}

export function emptyFields(): TransferFields {
  return {
    float: '',
    currency: '',
    amount: '',
    paymentReference: '',
    financeEmail: '',
    proformaInvoice: emptyProforma(),
  };
}

function proformaOf(fields: TransferFields): ProformaInvoice | undefined {
  const entries = PROFORMA_FIELDS.map(
    (field) => [field, fields.proformaInvoice[field].trim()] as const,
  ).filter(([, value]) => value !== '');
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as ProformaInvoice);
}

/**
 * The amount as typed ("25,000.00" in en-GB) read in the chosen number format: canonical text with the
 * currency's decimals ("25000.00"), which is what is checked, shown for confirmation and sent.
 */
export function typedTransferAmount(fields: Pick<TransferFields, 'amount' | 'currency'>): TypedAmount {
  const typed = readTypedAmount(fields.amount);
  if (!typed.ok || currencyExponent(fields.currency) === undefined) return typed;
  return { ok: true, amount: canonicalAmount(typed.amount, fields.currency) };
}

/** Exactly what transfers:submit receives for these fields (check them first: checkTransferForm). */
export function submissionFrom(fields: TransferFields, draftId: number | null): TransferSubmission {
  const submission: TransferSubmission = {
    float: fields.float,
    currency: fields.currency,
    amount: amountToSend(fields),
  };
  const reference = fields.paymentReference.trim();
  if (reference) submission.paymentReference = reference;
  const email = fields.financeEmail.trim();
  if (email) submission.financeEmail = email;
  const proforma = proformaOf(fields);
  if (proforma) submission.proformaInvoice = proforma;
  if (draftId !== null) submission.draftId = draftId;
  return submission;
}

function amountToSend(fields: TransferFields): string {
  const typed = typedTransferAmount(fields);
  return typed.ok ? typed.amount : fields.amount.trim();
}

/** The form as a draft keeps it (text as typed, empty fields left out). */
export function draftFormFrom(fields: TransferFields): TransferForm {
  const form: TransferForm = {};
  if (fields.float) form.float = fields.float;
  if (fields.currency) form.currency = fields.currency;
  if (fields.amount) form.amount = fields.amount;
  if (fields.paymentReference) form.paymentReference = fields.paymentReference;
  if (fields.financeEmail) form.financeEmail = fields.financeEmail;
  const proforma = proformaOf(fields);
  if (proforma) form.proformaInvoice = proforma;
  return form;
}

/** A draft's form back into fields. */
export function fieldsFromDraft(form: TransferForm): TransferFields {
  const fields = emptyFields();
  for (const field of PROFORMA_FIELDS) fields.proformaInvoice[field] = form.proformaInvoice?.[field] ?? '';
  return {
    ...fields,
    float: form.float ?? '',
    currency: form.currency ?? '',
    amount: form.amount ?? '',
    paymentReference: form.paymentReference ?? '',
    financeEmail: form.financeEmail ?? '',
  };
}
