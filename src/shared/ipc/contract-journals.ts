import { z } from 'zod';
import { IsoDate } from './schemas';

/**
 * Journals for the books (journals/): a period's reconciliation as balanced journal entries in an
 * accounting product's import format.
 */

/** The formats `floatdesk export journal --format` names; each product's own import template. */
export const JOURNAL_FORMATS = ['xero', 'quickbooks', 'sage', 'netsuite', 'csv', 'xlsx'] as const;
export const JournalFormatName = z.enum(JOURNAL_FORMATS);

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** Since the last export of the period, when it came from another source: what changed, in words. */
const SinceLastExportSchema = z
  .object({
    exportedAt: z.string(),
    signOffId: z.number().int().positive().nullable(),
    changes: z.array(z.string()),
  })
  .nullable();

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
    z.object({
      id: z.string(),
      kind: z.enum(['top_ups', 'refunds', 'derived_spend', 'resolutions']),
      currency: z.string(),
      entries: z.number().int().nonnegative(),
      lines: z.number().int().nonnegative(),
    }),
  ),
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
});

export const JournalPreviewSchema = z.object({
  asOf: IsoDate,
  period: z.object({ from: IsoDate, to: IsoDate }),
  signOffId: z.number().int().positive().nullable(),
  draftWhy: z.string().nullable(),
  /** Floats and currencies the period needs accounts for and the mapping lacks, in words. */
  missing: z.array(z.string()),
  journals: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['top_ups', 'refunds', 'derived_spend', 'resolutions']),
      currency: z.string(),
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
    input: z.object({ asOf: IsoDate, accounts: z.string().min(1).max(5_000_000).optional() }).strict(),
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
      })
      .strict(),
    /** `cancelled`: the person closed the Electron shell's save dialog; nothing was written. */
    output: z.union([JournalExportSchema, z.object({ cancelled: z.literal(true), fileName: z.string() })]),
  },
} as const;

/** What journals:export wrote (the answer whenever files were written). */
export type JournalExport = z.output<typeof JournalExportSchema>;
