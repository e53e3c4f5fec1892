/**
 * Read side of a float's balance over time: its snapshots (for the history chart and the runway
 * window) and the approved top-ups the transfer ledger has seen for it.
 */
import type { Money } from '../../../../shared/domain/money';
import type { Ledger } from '../db';
import { FIRST_APPROVALS, type FirstApprovalRow } from './first-approvals';
import { optionalFilter } from './optional-filter';
import { storedMoney } from './stored-amounts';

export interface HistoryPoint {
  snapshotId: number;
  recordedAt: string;
  platformRefreshedAt: string | null;
  available: Money;
  pending: Money;
  syncRunId: number | null;
}

/** An approval of one of the float's requests, the first time the ledger saw it approved. */
export interface SeenTopUp {
  observedAt: string;
  /** The request's creation instant in UTC. */
  createdUtc: string;
  /** The ledger had seen the request before this approval (pending, say). */
  seenBefore: boolean;
  syncRunId: number | null;
  amount: Money;
}

/** A snapshot's stored columns (integers with safeIntegers). */
export interface StoredSnapshot {
  recorded_at: string;
  platform_refreshed_at: string | null;
  available_minor: bigint | null;
  available_exact: string | null;
  pending_minor: bigint | null;
  pending_exact: string | null;
  sync_run_id: bigint | null;
}

interface SnapshotRow extends StoredSnapshot {
  id: bigint;
}

/** A snapshot with the float it is of, as the export reads it. */
export interface StoredFloatSnapshot extends StoredSnapshot {
  currency: string;
  name: string;
}

/** Which snapshots the export takes: of a currency, of a float (by name), from and to a UTC day. */
export interface SnapshotFilters {
  currency?: string | undefined;
  float?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Snapshot and top-up amounts: exact text is read back in canonical form. */
const CANONICAL = { canonical: true } as const;

function toPoint(row: SnapshotRow, currency: string): HistoryPoint {
  return {
    snapshotId: Number(row.id),
    recordedAt: row.recorded_at,
    platformRefreshedAt: row.platform_refreshed_at,
    available: storedMoney(row.available_minor, row.available_exact, currency, CANONICAL),
    pending: storedMoney(row.pending_minor, row.pending_exact, currency, CANONICAL),
    syncRunId: row.sync_run_id === null ? null : Number(row.sync_run_id),
  };
}

const SNAPSHOT_COLUMNS = `id, recorded_at, platform_refreshed_at, available_minor, available_exact,
  pending_minor, pending_exact, sync_run_id`;

export function floatKey(currency: string, name: string): string {
  return `${currency} ${name}`;
}

export class BalanceHistoryRepository {
  constructor(private readonly db: Ledger) {}

  /**
   * Every snapshot of every float of the workspace that the filters let through, by currency, float
   * name and time: each `[Symbol.iterator]()` streams them again.
   */
  exportRows(workspaceId: number, filters: SnapshotFilters): Iterable<StoredFloatSnapshot> {
    const params = [
      workspaceId,
      ...optionalFilter(filters.currency),
      ...optionalFilter(filters.float),
      ...optionalFilter(filters.from),
      ...optionalFilter(filters.to),
    ];
    const statement = this.db
      .prepare<typeof params, StoredFloatSnapshot>(
        `SELECT f.currency, f.name, s.recorded_at, s.platform_refreshed_at, s.available_minor, s.available_exact,
                s.pending_minor, s.pending_exact, s.sync_run_id
           FROM balance_snapshots s JOIN floats f ON f.id = s.float_id
          WHERE f.workspace_id = ? AND (? IS NULL OR f.currency = ?) AND (? IS NULL OR f.name = ?)
            AND (? IS NULL OR substr(s.recorded_at, 1, 10) >= ?) AND (? IS NULL OR substr(s.recorded_at, 1, 10) <= ?)
          ORDER BY f.currency, f.name COLLATE NOCASE, f.id, s.recorded_at, s.id`,
      )
      .safeIntegers(true);
    return { [Symbol.iterator]: () => statement.iterate(...params) };
  }

  floatId(workspaceId: number, currency: string, name: string): number | undefined {
    const row = this.db
      .prepare<[number, string, string], { id: number }>(
        'SELECT id FROM floats WHERE workspace_id = ? AND currency = ? AND name = ?',
      )
      .get(workspaceId, currency, name);
    return row?.id;
  }

  /** Snapshots oldest first, from `since` (an ISO instant or date, compared as text) on. */
  points(floatId: number, currency: string, since = ''): HistoryPoint[] {
    const rows = this.db
      .prepare<[number, string], SnapshotRow>(
        `SELECT ${SNAPSHOT_COLUMNS} FROM balance_snapshots
          WHERE float_id = ? AND recorded_at >= ? ORDER BY recorded_at, id`,
      )
      .safeIntegers(true)
      .all(floatId, since);
    return rows.map((row) => toPoint(row, currency));
  }

  /**
   * Each float's snapshots oldest first, from its own `since` on (compared as text): one query for
   * every float of a workspace, keyed by float id.
   */
  pointsSince(
    windows: ReadonlyArray<{ floatId: number; currency: string; since: string }>,
  ): Map<number, HistoryPoint[]> {
    const byFloat = new Map<number, HistoryPoint[]>();
    if (windows.length === 0) return byFloat;
    const currencies = new Map(windows.map((window) => [window.floatId, window.currency]));
    const rows = this.db
      .prepare<[string], SnapshotRow & { float_id: bigint }>(
        `SELECT s.float_id, s.id, s.recorded_at, s.platform_refreshed_at, s.available_minor,
                s.available_exact, s.pending_minor, s.pending_exact, s.sync_run_id
           FROM json_each(?) w
           JOIN balance_snapshots s ON s.float_id = w.value ->> 0 AND s.recorded_at >= w.value ->> 1
          ORDER BY s.float_id, s.recorded_at, s.id`,
      )
      .safeIntegers(true)
      .all(JSON.stringify(windows.map((window) => [window.floatId, window.since])));
    for (const row of rows) {
      const floatId = Number(row.float_id);
      const list = byFloat.get(floatId) ?? [];
      list.push(toPoint(row, currencies.get(floatId) as string));
      byFloat.set(floatId, list);
    }
    return byFloat;
  }

  /**
   * Approved top-ups first seen at or after `since`, oldest first, per float (key: floatKey). One
   * pass for every float, so the insights of a workspace cost one scan of the recent history.
   */
  topUpsSince(workspaceId: number, since: string): Map<string, SeenTopUp[]> {
    const rows = this.db
      .prepare<[number, string, null, null], FirstApprovalRow>(FIRST_APPROVALS)
      .safeIntegers(true)
      .all(workspaceId, since, null, null); // no upper bound
    const byFloat = new Map<string, SeenTopUp[]>();
    for (const row of rows) {
      const approved = row.approved_minor !== null || row.approved_exact !== null;
      const exact = approved ? row.approved_exact : row.requested_exact;
      // Approved in another currency ("12.00 EUR", kept as text): it did not credit this float's currency.
      if (exact !== null && /\s/.test(exact.trim())) continue;
      const key = floatKey(row.currency, row.float_name);
      const list = byFloat.get(key) ?? [];
      list.push({
        observedAt: row.observed_at,
        createdUtc: row.created_utc,
        seenBefore: row.seen_before === 1n,
        syncRunId: row.sync_run_id === null ? null : Number(row.sync_run_id),
        amount: approved
          ? storedMoney(row.approved_minor, row.approved_exact, row.currency, CANONICAL)
          : storedMoney(row.requested_minor, row.requested_exact, row.currency, CANONICAL),
      });
      byFloat.set(key, list);
    }
    return byFloat;
  }
}
