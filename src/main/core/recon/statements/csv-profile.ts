/**
 * A CSV column mapping profile: how one bank writes its CSV export. Profiles are saved per bank
 * (csv_profiles) as the JSON of this shape. Pure (zod only), so it can move to src/shared when the
 * IPC contract needs it.
 *
 * Columns are named by their title in the header (matched ignoring case and extra spaces) or by
 * their 1-based position. `'auto'` settings are detected only when every data row agrees.
 */
import { z } from 'zod';
import { isKnownCurrency } from '../../../../shared/domain/currency';
import type { FieldIssue } from '../../../../shared/ipc/errors';
import { compileDateFormat } from './dates';

const columnRef = z.union([
  z.string().trim().min(1, 'a column title must not be empty'),
  z.number().int().min(1, 'column positions start at 1').max(1000),
]);
export type ColumnRef = z.infer<typeof columnRef>;

const columns = z
  .object({
    date: columnRef,
    valueDate: columnRef.optional(),
    /** One signed amount column ... */
    amount: columnRef.optional(),
    /** ... or money out (debit) and money in (credit) in two columns. */
    debit: columnRef.optional(),
    credit: columnRef.optional(),
    currency: columnRef.optional(),
    reference: columnRef.optional(),
    /** Several columns are joined with a space (some banks split the payment text). */
    remittance: z.union([columnRef, z.array(columnRef).min(1).max(20)]).optional(),
    counterpartyName: columnRef.optional(),
    counterpartyAccount: columnRef.optional(),
    bankTransactionId: columnRef.optional(),
    /**
     * The running balance after each line. Named so the profile describes the whole file (and a
     * row without it is refused); the bank lines do not store it.
     */
    balance: columnRef.optional(),
  })
  .strict();
export type CsvColumns = z.infer<typeof columns>;

export const csvProfileSchema = z
  .object({
    delimiter: z.enum([',', ';', '\t', '|', 'auto']).default('auto'),
    decimalSeparator: z.enum(['.', ',', 'auto']).default('auto'),
    /** '' for none. Groups of three digits are required where it appears. */
    thousandsSeparator: z.enum(['', ',', '.', ' ', "'", 'auto']).default('auto'),
    /** e.g. 'YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY', or 'auto'. */
    dateFormat: z.string().trim().min(1).max(40).default('auto'),
    /** Leading lines before the data; with named columns the last of them holds the titles. */
    headerLines: z.number().int().min(0).max(100).default(1),
    /** Trailing lines after the data (totals, "end of statement"). */
    footerLines: z.number().int().min(0).max(100).default(0),
    columns,
    /** The currency of every line when the file has no currency column. */
    currency: z.string().trim().toUpperCase().optional(),
    /** The account the statement belongs to (CSV exports rarely name it in the rows). */
    account: z.string().trim().min(1).max(80).optional(),
    /**
     * For a signed amount column: whether money out is written negative (most banks) or positive
     * (some card statements). Debit and credit columns always mean money out and in.
     */
    signConvention: z.enum(['negative-is-outgoing', 'positive-is-outgoing']).default('negative-is-outgoing'),
  })
  .strict()
  .superRefine((profile, ctx) => {
    const issue = (path: (string | number)[], message: string): void =>
      ctx.addIssue({ code: 'custom', path, message });
    const { amount, debit, credit } = profile.columns;
    if (amount !== undefined && (debit !== undefined || credit !== undefined)) {
      issue(['columns', 'amount'], 'map either one amount column or debit and credit columns, not both');
    } else if (amount === undefined && (debit === undefined || credit === undefined)) {
      issue(
        ['columns', debit === undefined ? 'debit' : 'credit'],
        'map an amount column, or both a debit and a credit column',
      );
    }
    if (profile.columns.currency === undefined && profile.currency === undefined) {
      issue(['currency'], 'map a currency column or give the currency of the account');
    }
    if (profile.currency !== undefined && !isKnownCurrency(profile.currency)) {
      issue(['currency'], `"${profile.currency}" is not an ISO 4217 currency code`);
    }
    if (profile.dateFormat !== 'auto') {
      const compiled = compileDateFormat(profile.dateFormat);
      if (typeof compiled === 'string') issue(['dateFormat'], compiled);
    }
    if (
      profile.thousandsSeparator !== 'auto' &&
      profile.decimalSeparator !== 'auto' &&
      profile.thousandsSeparator === profile.decimalSeparator
    ) {
      issue(['thousandsSeparator'], 'the thousands separator must differ from the decimal separator');
    }
    const named = Object.values(profile.columns)
      .flat()
      .some((ref) => typeof ref === 'string');
    if (named && profile.headerLines === 0) {
      issue(['headerLines'], 'columns named by title need a header line (headerLines of 1 or more)');
    }
  });

export type CsvProfile = z.output<typeof csvProfileSchema>;
export type CsvProfileInput = z.input<typeof csvProfileSchema>;

export type ProfileCheck = { ok: true; profile: CsvProfile } | { ok: false; issues: FieldIssue[] };

/** Validate a profile (from a person, or from JSON saved earlier); each issue names its field. */
export function checkCsvProfile(input: unknown): ProfileCheck {
  const parsed = csvProfileSchema.safeParse(input);
  if (parsed.success) return { ok: true, profile: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({
      field: ['profile', ...issue.path.map(String)].join('.'),
      problem: issue.message,
    })),
  };
}
