import type { ExportFormat, ExportRequest } from '@shared/ipc/contract-export';
import { RECON_EXPORT_PARTS } from '@shared/ipc/contract-export';
import type { TransferFilters, TransferSort } from '@shared/ipc/contract-transfers';
import { itemsInput } from '../../stores/recon-items-input';
import { hasItemFilters, type ReconView } from '../reconciliation/recon-query';

/**
 * The ExportRequest of each screen, built from what the screen shows (its filters and sort), and
 * the few choices the export dialog adds. Pure: a screen passes its state, the dialog its choice.
 */

export type ReconPart = (typeof RECON_EXPORT_PARTS)[number];

/** What the person chose in the export dialog. */
export interface ExportChoice {
  format: ExportFormat;
  /** Transfers: one row per recorded change as well. */
  withHistory: boolean;
  /** Reconciliation as CSV: one part, or every part one block after the other. */
  part: ReconPart | 'all';
  /**
   * Reconciliation: the explicit choice to export only the open items the screen's filters show
   * (the file then says which filter). Off: the complete report, whatever the screen shows.
   */
  onlyShown?: boolean;
}

export const RECON_PART_LABELS: Readonly<Record<ReconPart | 'all', string>> = {
  all: 'Every part, one after the other',
  summary: 'Summary',
  'roll-forward': 'Roll-forward',
  matches: 'Matches',
  'open-items': 'Open items',
  resolutions: 'Resolutions',
  audit: 'Audit log',
};

export const RECON_PART_CHOICES: ReadonlyArray<ReconPart | 'all'> = ['all', ...RECON_EXPORT_PARTS];

export function balancesRequest(): ExportRequest {
  return { table: 'balances' };
}

/** One float's history since a date, or every float's whole history. */
export function balanceHistoryRequest(float?: {
  currency: string;
  name: string;
  from?: string;
}): ExportRequest {
  if (float === undefined) return { table: 'balance-history' };
  return {
    table: 'balance-history',
    filters: {
      currency: float.currency,
      float: float.name,
      ...(float.from === undefined ? {} : { from: float.from }),
    },
  };
}

/** Only the filters that are set: an empty text or list means "no filter", as on the screen. */
function setFilters(filters: TransferFilters): TransferFilters {
  const out: TransferFilters = {};
  for (const [key, value] of Object.entries(filters) as Array<[keyof TransferFilters, unknown]>) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

export function transfersRequest(
  view: { filters: TransferFilters; sort: TransferSort },
  choice: Pick<ExportChoice, 'withHistory'>,
): ExportRequest {
  const filters = setFilters(view.filters);
  return {
    table: 'transfers',
    ...(Object.keys(filters).length === 0 ? {} : { filters }),
    sort: view.sort,
    ...(choice.withHistory ? { withHistory: true } : {}),
  };
}

type ReconFilters = NonNullable<Extract<ExportRequest, { table: 'reconciliation' }>['filters']>;

/** The CSV part, when one was chosen; the workbook always holds every part as a sheet. */
function partOf(choice: Pick<ExportChoice, 'format' | 'part'>): Pick<ReconFilters, 'part'> {
  return choice.format === 'xlsx' || choice.part === 'all' ? {} : { part: choice.part };
}

/** Whether the screen's open items are filtered (so "only what the screen shows" is a choice). */
export function reconViewFiltered(view: ReconView): boolean {
  return hasItemFilters(view);
}

/**
 * The screen's search and filters as recon:items takes them — the very input the open items list
 * asks with (recon-items-input.ts), its date, order and page aside.
 */
function shownItemFilters(view: ReconView): Partial<ReconFilters> {
  const {
    asOf: _asOf,
    sort: _sort,
    offset: _offset,
    limit: _limit,
    ...filters
  } = itemsInput({ ...view, offset: 0 }, 1);
  return filters;
}

/**
 * The live report as of the date shown: complete (every open item) unless the person chose to export
 * only the open items the screen's search and filters show (all of them: state, age, search,
 * currency, float, direction and amount range).
 */
export function reconciliationRequest(
  view: ReconView,
  choice: Pick<ExportChoice, 'format' | 'part' | 'onlyShown'>,
): ExportRequest {
  const filtered = choice.onlyShown === true && reconViewFiltered(view);
  const filters: ReconFilters = {
    ...(view.asOf === undefined || view.asOf === '' ? {} : { asOf: view.asOf }),
    ...(filtered ? { ...shownItemFilters(view), onlyFiltered: true } : {}),
    ...partOf(choice),
  };
  return Object.keys(filters).length === 0
    ? { table: 'reconciliation' }
    : { table: 'reconciliation', filters };
}

/** A signed-off period's frozen report. */
export function signOffReportRequest(
  signOffId: number,
  choice: Pick<ExportChoice, 'format' | 'part'>,
): ExportRequest {
  return { table: 'reconciliation', filters: { signOffId, ...partOf(choice) } };
}

/** The whole audit log (who decided what, when), oldest first. */
export function auditRequest(): ExportRequest {
  return { table: 'audit' };
}

/** The brands the Brands screen lists: its search text, facets and sort (every page, not just one). */
export function brandsRequest(view: {
  text: string;
  filters: Partial<Record<string, string[]>>;
  sort: { column: 'relevance' | 'name' | 'discount' | 'lastUpdated'; direction: 'asc' | 'desc' } | null;
}): ExportRequest {
  const facets = Object.fromEntries(
    Object.entries(view.filters).filter((entry): entry is [string, string[]] => (entry[1]?.length ?? 0) > 0),
  );
  const filters: NonNullable<Extract<ExportRequest, { table: 'brands' }>['filters']> = {};
  if (view.text.trim() !== '') filters.text = view.text.trim();
  if (Object.keys(facets).length > 0) filters.facets = facets;
  if (view.sort !== null) {
    filters.sort = view.sort.column;
    filters.direction = view.sort.direction;
  }
  return Object.keys(filters).length === 0 ? { table: 'brands' } : { table: 'brands', filters };
}

/** The change log as the What changed view filters it (dates and kinds; every page). */
export function brandChangesRequest(view: {
  from?: string;
  to?: string;
  kinds: ReadonlyArray<'new' | 'vanished' | 'returned' | 'changed'>;
}): ExportRequest {
  const filters: NonNullable<Extract<ExportRequest, { table: 'brand-changes' }>['filters']> = {};
  if (view.from !== undefined) filters.from = view.from;
  if (view.to !== undefined) filters.to = view.to;
  if (view.kinds.length > 0) filters.kinds = [...view.kinds];
  return Object.keys(filters).length === 0 ? { table: 'brand-changes' } : { table: 'brand-changes', filters };
}
