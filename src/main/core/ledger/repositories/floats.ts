import type { FloatBalance } from '../../../../shared/domain/floats';
import { toMinorUnits } from '../../../../shared/domain/money';
import type { Ledger } from '../db';
import { storedMoney, toStoredAmount } from './stored-amounts';

/** One balance line as the platform reported it; amounts are decimal strings exactly as sent. */
export interface BalanceObservation {
  currency: string;
  name: string;
  available: string;
  pending: string;
  platformRefreshedAt: string | null;
}

/** Balances are decimals in a known currency: anything else is an error, never kept as text. */
const STRICT = { strict: true } as const;
/** A snapshot's exact text is read back in canonical form. */
const CANONICAL = { canonical: true } as const;

function isOverPrecise(exact: string | null, currency: string): boolean {
  return exact !== null && !toMinorUnits(exact, currency).ok;
}

/** A float with its latest snapshot as stored (snapshot columns null before the first one). */
export interface StoredLatestRow {
  float_id: bigint;
  currency: string;
  name: string;
  snapshot_id: bigint | null;
  sync_run_id: bigint | null;
  recorded_at: string | null;
  platform_refreshed_at: string | null;
  available_minor: bigint | null;
  available_exact: string | null;
  pending_minor: bigint | null;
  pending_exact: string | null;
  threshold_minor: bigint | null;
}

/** A float's latest balance with what the screen and the notifier need beside it. */
export interface LatestFloat extends FloatBalance {
  floatId: number;
  /** Null before the first snapshot. */
  snapshotId: number | null;
  /** The sync run that recorded the latest snapshot. */
  syncRunId: number | null;
  /** The low-balance threshold in minor units; null when none is set. */
  thresholdMinor: bigint | null;
}

/** The one latest-balance query: every float of the workspace with its latest snapshot and threshold. */
const LATEST_PER_FLOAT = `
  SELECT f.id AS float_id, f.currency, f.name, s.id AS snapshot_id, s.sync_run_id,
         s.recorded_at, s.platform_refreshed_at,
         s.available_minor, s.available_exact, s.pending_minor, s.pending_exact,
         t.threshold_minor
    FROM floats f
    LEFT JOIN balance_snapshots s ON s.id = (
      SELECT id FROM balance_snapshots
       WHERE float_id = f.id
       ORDER BY recorded_at DESC, id DESC
       LIMIT 1)
    LEFT JOIN float_thresholds t ON t.float_id = f.id
   WHERE f.workspace_id = ? AND (? IS NULL OR f.currency = ?) AND (? IS NULL OR f.name = ?)
   ORDER BY f.currency, f.name COLLATE NOCASE, f.id`;

/** Narrows the latest balances to one currency and/or one float name. */
export interface LatestFilter {
  currency?: string | undefined;
  name?: string | undefined;
}

const toBalance = (row: StoredLatestRow): FloatBalance => {
  const hasSnapshot = row.recorded_at !== null;
  return {
    currency: row.currency,
    name: row.name,
    available: hasSnapshot
      ? storedMoney(row.available_minor, row.available_exact, row.currency, CANONICAL)
      : null,
    pending: hasSnapshot ? storedMoney(row.pending_minor, row.pending_exact, row.currency, CANONICAL) : null,
    platformRefreshedAt: row.platform_refreshed_at,
    recordedAt: row.recorded_at,
    overPrecise:
      isOverPrecise(row.available_exact, row.currency) || isOverPrecise(row.pending_exact, row.currency),
  };
};

const toLatest = (row: StoredLatestRow): LatestFloat => ({
  ...toBalance(row),
  floatId: Number(row.float_id),
  snapshotId: row.snapshot_id === null ? null : Number(row.snapshot_id),
  syncRunId: row.sync_run_id === null ? null : Number(row.sync_run_id),
  thresholdMinor: row.threshold_minor,
});

export class FloatsRepository {
  constructor(private readonly db: Ledger) {}

  /** Record one snapshot per float in a single transaction: all of it, or none of it. */
  recordSnapshots(
    workspaceId: number,
    observations: readonly BalanceObservation[],
    recordedAt: string,
    syncRunId: number | null = null,
  ): void {
    const upsertFloat = this.db.prepare<[number, string, string, string], { id: number }>(
      `INSERT INTO floats (workspace_id, currency, name, first_seen_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (workspace_id, currency, name) DO UPDATE SET name = excluded.name
       RETURNING id`,
    );
    const insertSnapshot = this.db.prepare(
      `INSERT INTO balance_snapshots
         (float_id, recorded_at, platform_refreshed_at, available_minor, available_exact, pending_minor, pending_exact, sync_run_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.db
      .transaction(() => {
        for (const entry of observations) {
          const available = toStoredAmount(entry.available, entry.currency, STRICT);
          const pending = toStoredAmount(entry.pending, entry.currency, STRICT);
          const float = upsertFloat.get(workspaceId, entry.currency, entry.name, recordedAt);
          if (!float) throw new Error(`Recording float ${entry.currency}/${entry.name} returned no id.`);
          insertSnapshot.run(
            float.id,
            recordedAt,
            entry.platformRefreshedAt,
            available.minor,
            available.exact,
            pending.minor,
            pending.exact,
            syncRunId,
          );
        }
      })
      .immediate();
  }

  /** Whether any float of the workspace has a balance snapshot. */
  hasSnapshots(workspaceId: number): boolean {
    return (
      this.db
        .prepare<[number], number>(
          'SELECT count(*) FROM balance_snapshots s JOIN floats f ON f.id = s.float_id WHERE f.workspace_id = ?',
        )
        .pluck()
        .get(workspaceId) !== 0
    );
  }

  /** The latest balances as stored, in float order (for the export, which keeps stored text). */
  iterateLatestStored(workspaceId: number, filter: LatestFilter = {}): IterableIterator<StoredLatestRow> {
    const currency = filter.currency ?? null;
    const name = filter.name ?? null;
    return this.db
      .prepare<[number, string | null, string | null, string | null, string | null], StoredLatestRow>(
        LATEST_PER_FLOAT,
      )
      .safeIntegers(true)
      .iterate(workspaceId, currency, currency, name, name);
  }

  /** Every float of the workspace with its latest snapshot (if any) and its threshold. */
  latest(workspaceId: number, filter: LatestFilter = {}): LatestFloat[] {
    return Array.from(this.iterateLatestStored(workspaceId, filter), toLatest);
  }

  /** Every float of the workspace with its latest snapshot (if any), optionally for one currency. */
  listLatest(workspaceId: number, currency?: string): FloatBalance[] {
    return Array.from(this.iterateLatestStored(workspaceId, { currency }), toBalance);
  }
}
