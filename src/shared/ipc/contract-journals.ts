import { z } from 'zod';
import { CurrencyCode, IsoDate } from './schemas';

/**
 * Journals for the books (journals/): a period's reconciliation as balanced journal entries in an
 * accounting product's import format.
 */

/** The formats `floatdesk export journal --format` names; each product's own import template. */
export const JOURNAL_FORMATS = ['xero', 'quickbooks', 'sage', 'netsuite', 'csv', 'xlsx'] as const;
export const JournalFormatName = z.enum(JOURNAL_FORMATS);

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** A rate of exchange as text, exact (never a JS number): positive, e.g. "0.8612". */
const RateText = z
  .string()
  .max(40)
  .regex(/^\d{1,12}(\.\d{1,18})?$/, 'expected a rate such as 0.8612')
  .refine((text) => /[1-9]/.test(text), 'a rate must be more than zero');

/**
 * One unit of `currency` is worth `rate` units of the books' currency, from `date` on (until the
 * next dated rate of that currency). `date: null` is the period's rate: used wherever no dated rate
 * applies.
 */
export const ExchangeRateSchema = z
  .object({ currency: CurrencyCode, date: IsoDate.nullable(), rate: RateText })
  .strict();

/** Most rates one conversion holds (a year of daily rates for a few currencies). */
export const RATES_MAX = 5_000;
/** Largest rates file accepted, in characters. */
export const RATES_CSV_MAX = 1_000_000;

/** Journals in another currency than the float's: the books' currency and the rates to convert at. */
const ConversionInput = z
  .object({ booksCurrency: CurrencyCode, rates: z.array(ExchangeRateSchema).max(RATES_MAX) })
  .strict();

/** The conversion a preview or export made: the books' currency and the rates it used; null: none. */
const ConversionUsed = z.object({ booksCurrency: z.string(), rates: z.array(ExchangeRateSchema) }).nullable();

/** Since the last export of the period, when it came from another source: what changed, in words. */
const SinceLastExportSchema = z
  .object({
    exportedAt: z.string(),
    signOffId: z.number().int().positive().nullable(),
    changes: z.array(z.string()),
  })
  .nullable();

/** Which journal: its id, what it posts, its currency, and the float's currency it was converted from. */
const JournalKeySchema = z.object({
  id: z.string(),
  kind: z.enum(['top_ups', 'refunds', 'derived_spend', 'resolutions']),
  currency: z.string(),
  /** The float's currency it was converted from into the books' currency; null: not converted. */
  convertedFrom: z.string().nullable(),
});

export const JournalExportSchema = z.object({
  asOf: IsoDate,
  period: z.object({ from: IsoDate, to: IsoDate }),
  /** The sign-off the journals come from; null: a DRAFT (see draftWhy). */
  signOffId: z.number().int().positive().nullable(),
  /** Why the journals are a DRAFT, in words; null when signed off. */
  draftWhy: z.string().nullable(),
  format: JournalFormatName,
  /** The files written, in order (a Xero journal larger than one import file is split). */
  files: z.array(
    z.object({
      path: z.string(),
      /** The file's own name (what a download is saved as). */
      fileName: z.string(),
      /** In the browser shell, fetch it once from GET /export/<downloadId>; null: written where asked. */
      downloadId: z.string().nullable(),
      sha256: Sha256,
      bytes: z.number().int().nonnegative(),
      lines: z.number().int(),
    }),
  ),
  journals: z.array(
    JournalKeySchema.extend({
      entries: z.number().int().nonnegative(),
      lines: z.number().int().nonnegative(),
    }),
  ),
  conversion: ConversionUsed,
  /** Resolutions listed, not posted, each with why in words. */
  notPosted: z.array(z.object({ kind: z.enum(['request', 'line']), id: z.string(), why: z.string() })),
  /** What the journals leave out and why, in words. */
  notes: z.array(z.string()),
  sinceLastExport: SinceLastExportSchema,
});

const Amount = z.string().regex(/^\d+(\.\d+)?$/);

/** A journal line as a person reads it: debit or credit, never both. */
const PreviewLineSchema = z.object({
  account: z.string(),
  description: z.string(),
  reference: z.string(),
  debit: Amount.nullable(),
  credit: Amount.nullable(),
  /** A converted line: its amount in the float's currency and the rate used; null: not converted. */
  converted: z.object({ amount: Amount, currency: z.string(), rate: z.string() }).nullable(),
});

export const JournalPreviewSchema = z.object({
  asOf: IsoDate,
  period: z.object({ from: IsoDate, to: IsoDate }),
  signOffId: z.number().int().positive().nullable(),
  draftWhy: z.string().nullable(),
  /**
   * Floats and currencies the period needs accounts for and the mapping lacks, and (converting) the
   * rounding accounts and rates it lacks, in words.
   */
  missing: z.array(z.string()),
  conversion: ConversionUsed,
  journals: z.array(
    JournalKeySchema.extend({
      narration: z.string(),
      date: IsoDate,
      debit: Amount,
      credit: Amount,
      lineCount: z.number().int().nonnegative(),
      /** The first lines (all of them up to the preview's limit). */
      lines: z.array(PreviewLineSchema),
    }),
  ),
  /** Per account and currency: what the journals debit and credit it. */
  accounts: z.array(z.object({ account: z.string(), currency: z.string(), debit: Amount, credit: Amount })),
  notPosted: z.array(z.object({ kind: z.enum(['request', 'line']), id: z.string(), why: z.string() })),
  notes: z.array(z.string()),
  sinceLastExport: SinceLastExportSchema,
});

export const journalsContract = {
  /** The journals of the period ending on `asOf` as they would be written, nothing written. */
  'journals:preview': {
    input: z
      .object({
        asOf: IsoDate,
        accounts: z.string().min(1).max(5_000_000).optional(),
        conversion: ConversionInput.optional(),
      })
      .strict(),
    output: JournalPreviewSchema,
  },
  /**
   * Write the journals of the period ending on `asOf` (signed off: its frozen report; else a DRAFT)
   * to `destination` (absolute; default: the workspace's exports folder), with the account mapping
   * given as the mapping CSV's text. The audit log records the export with each file's SHA-256.
   */
  'journals:export': {
    input: z
      .object({
        asOf: IsoDate,
        format: JournalFormatName,
        destination: z.string().min(1).max(4096).optional(),
        accounts: z.string().min(1).max(5_000_000).optional(),
        /** Convert journals in another currency than the books' at these rates (all refused when one is missing). */
        conversion: ConversionInput.optional(),
      })
      .strict(),
    /** `cancelled`: the person closed the Electron shell's save dialog; nothing was written. */
    output: z.union([JournalExportSchema, z.object({ cancelled: z.literal(true), fileName: z.string() })]),
  },
  /**
   * A rates CSV read (nothing stored): titles `date,currency,rate`, or `date,rate` with `currency`
   * given; an empty date is the period's rate. Errors name the line and column.
   */
  'journals:rates.read': {
    input: z.object({ text: z.string().max(RATES_CSV_MAX), currency: CurrencyCode.optional() }).strict(),
    output: z.object({ rates: z.array(ExchangeRateSchema) }),
  },
} as const;

/** What journals:export wrote (the answer whenever files were written). */
export type JournalExport = z.output<typeof JournalExportSchema>;

export type ExchangeRate = z.output<typeof ExchangeRateSchema>;
export type JournalConversion = z.output<typeof ConversionInput>;
