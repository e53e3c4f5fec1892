import { z } from 'zod';
import { FACET_NAMES } from './contract-catalogue';
import { AgeingBucketName, ItemQueryFields, ReconStateName } from './contract-recon';
import { TransferFiltersSchema, TransferSortSchema } from './contract-transfers';
import { CurrencyCode, IsoDate } from './schemas';

/**
 * Spreadsheet export: every table and report to CSV (standard or regional) or XLSX, with
 * the filters the screen shows. An export runs in the background: `export:start` answers at once,
 * `export:progress` events follow, and one `export:finished` event ends it (done, cancelled or
 * failed). The file is written to a temporary name and renamed into place only when complete.
 */

export const EXPORT_TABLES = [
  'balances',
  'balance-history',
  'transfers',
  'brands',
  'brand-changes',
  'reconciliation',
  'audit',
] as const;
export const ExportTableName = z.enum(EXPORT_TABLES);

/** csv: UTF-8 with BOM, CRLF, `,` and `.`; csv-regional: `;` and decimal comma; xlsx: a workbook. */
export const EXPORT_FORMATS = ['csv', 'csv-regional', 'xlsx'] as const;
export const ExportFormatName = z.enum(EXPORT_FORMATS);

/** The reconciliation report's parts: the XLSX workbook holds all six as sheets. */
export const RECON_EXPORT_PARTS = [
  'summary',
  'roll-forward',
  'matches',
  'open-items',
  'resolutions',
  'audit',
] as const;

const DateRange = { from: IsoDate.optional(), to: IsoDate.optional() };

/** The open items' search and filters as recon:items takes them (its order aside). */
const { sort: _itemSort, ...ItemFilterFields } = ItemQueryFields;

/** The filters of each table, as its screen (or the CLI's flags) set them. */
export const ExportRequestSchema = z.discriminatedUnion('table', [
  z.object({
    table: z.literal('balances'),
    filters: z
      .object({ currency: CurrencyCode.optional(), float: z.string().min(1).optional() })
      .strict()
      .optional(),
  }),
  z.object({
    table: z.literal('balance-history'),
    filters: z
      .object({ currency: CurrencyCode.optional(), float: z.string().min(1).optional(), ...DateRange })
      .strict()
      .optional(),
  }),
  z.object({
    table: z.literal('transfers'),
    filters: TransferFiltersSchema.optional(),
    sort: TransferSortSchema.optional(),
    /** One row per request (default), or one row per recorded change of each request as well. */
    withHistory: z.boolean().optional(),
  }),
  z.object({
    table: z.literal('brands'),
    /** As catalogue:search takes them (the Brands screen); currency/country/category/status are shorthands. */
    filters: z
      .object({
        text: z.string().max(500).optional(),
        facets: z.partialRecord(z.enum(FACET_NAMES), z.array(z.string().max(200)).max(50)).optional(),
        includeVanished: z.boolean().optional(),
        sort: z.enum(['relevance', 'name', 'discount', 'lastUpdated']).optional(),
        direction: z.enum(['asc', 'desc']).optional(),
        currency: CurrencyCode.optional(),
        country: z.string().min(2).max(3).optional(),
        category: z.string().min(1).max(100).optional(),
        status: z.string().min(1).max(64).optional(),
      })
      .strict()
      .optional(),
  }),
  z.object({
    table: z.literal('brand-changes'),
    filters: z
      .object({
        brand: z.string().min(1).max(200).optional(),
        ...DateRange,
        kinds: z
          .array(z.enum(['new', 'vanished', 'returned', 'changed']))
          .max(4)
          .optional(),
      })
      .strict()
      .optional(),
  }),
  z.object({
    table: z.literal('reconciliation'),
    filters: z
      .object({
        asOf: IsoDate.optional(),
        /**
         * Open items: only these states / this age / the search and filters of recon:items — applied
         * only with `onlyFiltered: true`. Without it the report is complete (every open item of the
         * period), whatever filter the screen shows.
         */
        states: z.array(ReconStateName).max(9).optional(),
        ageing: AgeingBucketName.optional(),
        ...ItemFilterFields,
        /** The explicit choice to export only the open items the filters select; the file says which. */
        onlyFiltered: z.boolean().optional(),
        /** CSV holds one table: which part (default: every part, one block after the other). */
        part: z.enum(RECON_EXPORT_PARTS).optional(),
        /** A signed-off period's frozen report instead of the live one. */
        signOffId: z.number().int().positive().optional(),
      })
      .strict()
      .optional(),
  }),
  z.object({
    table: z.literal('audit'),
    filters: z
      .object({ ...DateRange, action: z.string().min(1).max(64).optional() })
      .strict()
      .optional(),
  }),
]);

export const ExportProgressSchema = z.object({
  exportId: z.string(),
  rows: z.number().int().nonnegative(),
  /** Rows expected in all, when known in advance. */
  totalRows: z.number().int().nonnegative().nullable(),
});

export const ExportFinishedSchema = z.object({
  exportId: z.string(),
  outcome: z.enum(['done', 'cancelled', 'failed']),
  rows: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** Where the file is (done only). In the browser shell, fetch it from GET /export/<exportId>. */
  path: z.string().nullable(),
  fileName: z.string(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

export const exportContract = {
  /**
   * Start an export. `destination` is an absolute file path; the Electron shell fills it from the
   * native save dialog, and without one (browser shell) the core writes to the workspace's export
   * folder for download. `exportId: null` means the person closed the save dialog.
   */
  'export:start': {
    input: z
      .object({
        request: ExportRequestSchema,
        format: ExportFormatName,
        destination: z.string().min(1).max(4096).optional(),
      })
      .strict(),
    output: z.object({ exportId: z.string().nullable(), fileName: z.string() }),
  },
  'export:cancel': {
    input: z.object({ exportId: z.string().min(1) }).strict(),
    output: z.object({ cancelled: z.boolean() }),
  },
} as const;

export type ExportRequest = z.output<typeof ExportRequestSchema>;
export type ExportFormat = z.output<typeof ExportFormatName>;
export type ExportFinished = z.output<typeof ExportFinishedSchema>;
export type ExportProgress = z.output<typeof ExportProgressSchema>;
