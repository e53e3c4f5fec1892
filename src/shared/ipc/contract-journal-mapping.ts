import { z } from 'zod';
import { IsoTimestamp, NoInput } from './schemas';

/**
 * Settings → Accounting (per workspace, shared in a team): for each float and currency, the accounts
 * its journal lines go to. The same rows as the mapping file (`float,currency,float_account,
 * bank_account,cost_account,variance_account,refunds_account,tax_code,tracking,rounding_account,
 * tax_codes`) that import and export read and write. Text is checked by the core, which names the
 * float, currency and field.
 */
export const AccountMappingRowSchema = z
  .object({
    float: z.string().max(200),
    currency: z.string().max(3),
    floatAccount: z.string().max(100),
    bankAccount: z.string().max(100),
    costAccount: z.string().max(100),
    varianceAccount: z.string().max(100),
    refundsAccount: z.string().max(100),
    /** Empty: none. */
    taxCode: z.string().max(50),
    /** "Name=Option", two at most, `;` apart (e.g. "Region=North; Team=Retail"); empty: none. */
    tracking: z.string().max(300),
    /** Where a conversion into the books' currency posts its rounding difference; empty: none. */
    roundingAccount: z.string().max(100).default(''),
    /** A tax code per kind of line where it is not `taxCode`: "cost=20% (VAT on Expenses);bank=No VAT"; empty: none. */
    taxCodes: z.string().max(500).default(''),
  })
  .strict();

/**
 * The currency the books are kept in (an ISO 4217 code, checked by the core, which names the field);
 * empty: each journal stays in its float's currency.
 */
const BooksCurrencyInput = z.string().max(10);

/** Most rows one mapping holds (a workspace has far fewer floats). */
export const MAPPING_ROWS_MAX = 2_000;
/** Largest mapping file accepted, in characters. */
export const MAPPING_CSV_MAX = 2_000_000;

const SavedMapping = z.object({
  rows: z.array(AccountMappingRowSchema),
  /** Floats the ledger knows (from the platform) with no row yet, by currency then name. */
  unmapped: z.array(z.object({ float: z.string(), currency: z.string() })),
  /** Null until the mapping is first saved. */
  updatedAt: IsoTimestamp.nullable(),
  /** The currency the books are kept in (journals are converted into it); null: none set. */
  booksCurrency: z.string().nullable(),
});

export const journalMappingContract = {
  'journals:mapping.get': { input: NoInput, output: SavedMapping },
  /** Replaces the whole mapping with these rows (and the books' currency, when given), or changes nothing. */
  'journals:mapping.save': {
    input: z
      .object({
        rows: z.array(AccountMappingRowSchema).max(MAPPING_ROWS_MAX),
        booksCurrency: BooksCurrencyInput.optional(),
      })
      .strict(),
    output: SavedMapping,
  },
  /** Replaces the whole mapping with a mapping file's rows, or changes nothing (errors name line and column). */
  'journals:mapping.import': {
    input: z.object({ text: z.string().max(MAPPING_CSV_MAX) }).strict(),
    output: SavedMapping,
  },
  /** The mapping as a mapping file (what `--accounts` reads), and a name to save it under. */
  'journals:mapping.export': {
    input: NoInput,
    output: z.object({ text: z.string(), fileName: z.string(), rows: z.number().int().nonnegative() }),
  },
} as const;

export type AccountMappingRowInput = z.output<typeof AccountMappingRowSchema>;
export type SavedAccountMapping = z.output<typeof SavedMapping>;
