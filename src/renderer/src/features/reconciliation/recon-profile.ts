/**
 * The New CSV profile form: what a person fills in, and the profile JSON the core validates
 * (recon:profiles.save; the core names each bad field as "profile.columns.amount" and so on). Pure.
 */
export interface ProfileFormValues {
  name: string;
  delimiter: 'auto' | ',' | ';' | '\t' | '|';
  decimalSeparator: 'auto' | '.' | ',';
  dateFormat: string;
  headerLines: string;
  /** One signed amount column, or money out and money in in two columns. */
  amountStyle: 'signed' | 'debit-credit';
  date: string;
  amount: string;
  debit: string;
  credit: string;
  currencyColumn: string;
  /** The account's currency when the file has no currency column. */
  currency: string;
  reference: string;
  remittance: string;
  counterpartyName: string;
  bankTransactionId: string;
}

export const EMPTY_PROFILE_FORM: ProfileFormValues = {
  name: '',
  delimiter: 'auto',
  decimalSeparator: 'auto',
  dateFormat: 'auto',
  headerLines: '1',
  amountStyle: 'signed',
  date: '',
  amount: '',
  debit: '',
  credit: '',
  currencyColumn: '',
  currency: '',
  reference: '',
  remittance: '',
  counterpartyName: '',
  bankTransactionId: '',
};

export const DATE_FORMAT_CHOICES = [
  'auto',
  'YYYY-MM-DD',
  'DD.MM.YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD-MM-YYYY',
] as const;

/** A column named by its header title, or by its 1-based position when only digits are given. */
export function columnRef(text: string): string | number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The profile as the core reads it: only the columns given, the amount style chosen. */
export function profileFromForm(form: ProfileFormValues): Record<string, unknown> {
  const columns: Record<string, string | number> = {};
  const put = (key: string, text: string): void => {
    const ref = columnRef(text);
    if (ref !== undefined) columns[key] = ref;
  };
  put('date', form.date);
  if (form.amountStyle === 'signed') put('amount', form.amount);
  else {
    put('debit', form.debit);
    put('credit', form.credit);
  }
  put('currency', form.currencyColumn);
  put('reference', form.reference);
  put('remittance', form.remittance);
  put('counterpartyName', form.counterpartyName);
  put('bankTransactionId', form.bankTransactionId);
  const headerLines = Number(form.headerLines.trim());
  const currency = form.currency.trim().toUpperCase();
  return {
    delimiter: form.delimiter,
    decimalSeparator: form.decimalSeparator,
    dateFormat: form.dateFormat,
    headerLines:
      form.headerLines.trim() === '' || !Number.isInteger(headerLines) ? form.headerLines : headerLines,
    columns,
    ...(currency === '' ? {} : { currency }),
  };
}

/** The form field a core issue belongs to ("profile.columns.debit" → "debit"), or null. */
export function formFieldOf(issueField: string): keyof ProfileFormValues | null {
  const map: Readonly<Record<string, keyof ProfileFormValues>> = {
    name: 'name',
    'profile.delimiter': 'delimiter',
    'profile.decimalSeparator': 'decimalSeparator',
    'profile.dateFormat': 'dateFormat',
    'profile.headerLines': 'headerLines',
    'profile.columns.date': 'date',
    'profile.columns.amount': 'amount',
    'profile.columns.debit': 'debit',
    'profile.columns.credit': 'credit',
    'profile.columns.currency': 'currencyColumn',
    'profile.currency': 'currency',
    'profile.columns.reference': 'reference',
    'profile.columns.remittance': 'remittance',
    'profile.columns.counterpartyName': 'counterpartyName',
    'profile.columns.bankTransactionId': 'bankTransactionId',
    'profile.columns': 'date',
  };
  return map[issueField] ?? null;
}
