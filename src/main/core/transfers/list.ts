import { TRANSFER_STATUSES } from '../../../shared/domain/platform';
import type { ChannelOutput } from '../../../shared/ipc/contract';
import type { TransferFilters, TransferSort } from '../../../shared/ipc/contract-transfers';
import type { TransferListRepository } from '../ledger/repositories/transfer-list';
import { buildWindowQuery, DEFAULT_SORT, textNeedle, windowPlan } from './list-query';
import { listValuesOf, toTransferRow } from './row';

export interface ListInput {
  filters?: TransferFilters;
  sort?: TransferSort;
  offset?: number;
  limit?: number;
}

const DEFAULT_LIMIT = 100;
/** Rows per background step (about 20 ms of work), so answers are never held up for long. */
const STEP_ROWS = 1_000;
const KEYED_COLUMNS: ReadonlySet<string> = new Set(['requested', 'approved', 'difference', 'lastChangedAt']);

/** Whether a query reads the list_* columns (then every row's values must be up to date first). */
function needsListValues(input: ListInput): boolean {
  const filters = input.filters ?? {};
  return (
    filters.paymentReference !== undefined ||
    textNeedle(filters.text ?? '') !== '' ||
    KEYED_COLUMNS.has((input.sort ?? DEFAULT_SORT).column)
  );
}

/**
 * Keeps the list_* values of new and changed requests up to date: at once when a query needs them,
 * otherwise in small steps in the background (after a first sync of 100,000 requests, filling them
 * takes a second or two, which must not delay the first window).
 */
export class ListValuesUpkeep {
  private pending: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly repo: TransferListRepository,
    private readonly isOpen: () => boolean,
  ) {}

  now(): void {
    this.repo.refreshStale(listValuesOf);
  }

  soon(): void {
    if (this.pending !== undefined || !this.repo.hasStale()) return;
    const step = (): void => {
      this.pending = undefined;
      if (!this.isOpen()) return;
      try {
        if (this.repo.refreshStale(listValuesOf, STEP_ROWS) === STEP_ROWS) this.schedule(step);
      } catch (error) {
        console.error('FloatDesk: could not prepare the transfer list values:', error);
      }
    };
    this.schedule(step);
  }

  private schedule(step: () => void): void {
    this.pending = setTimeout(step, 0);
    this.pending.unref?.();
  }
}

/** One window of the transfer table (transfers:list). */
export function listTransfers(
  upkeep: ListValuesUpkeep,
  workspaceId: number,
  input: ListInput,
): ChannelOutput<'transfers:list'> {
  const { repo } = upkeep;
  if (needsListValues(input)) upkeep.now();
  else upkeep.soon();
  const offset = input.offset ?? 0;
  const query = buildWindowQuery(workspaceId, input.filters, input.sort ?? DEFAULT_SORT);
  const total = repo.count(query.countSql, query.params);
  const limit = input.limit ?? DEFAULT_LIMIT;
  const plan = windowPlan(query, total, offset, limit);
  const ids = offset >= total ? [] : repo.ids(query.idsSql(plan), [...query.params, limit, offset]);
  const rows = repo
    .rows(workspaceId, ids)
    .map((row) => toTransferRow(row, { origin: row.origin, lastChangedAt: row.last_changed_at }));
  return { total, offset, rows };
}

/** What the filters can offer (transfers:options): the platform's statuses first, then any others seen. */
export function transferOptions(
  repo: TransferListRepository,
  workspaceId: number,
): ChannelOutput<'transfers:options'> {
  const { floats, statuses } = repo.options(workspaceId);
  const known: readonly string[] = TRANSFER_STATUSES;
  return {
    floats,
    statuses: [...known, ...statuses.filter((status) => !known.includes(status)).sort()],
  };
}
