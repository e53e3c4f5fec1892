import type { FloatBalance } from '../../../../shared/domain/floats';
import { fromMinorUnits, money, toMinorUnits, type Money } from '../../../../shared/domain/money';
import type { Ledger } from '../db';
import { withinInt64 } from './transfer-values';

/** One balance line as the platform reported it; amounts are decimal strings exactly as sent. */
export interface BalanceObservation {
  currency: string;
  name: string;
  available: string;
  pending: string;
  platformRefreshedAt: string | null;
}

interface StoredAmount {
  minor: bigint | null;
  exact: string | null;
}

/**
 * Minor units when the value fits them exactly (and fits SQLite's 64-bit INTEGER); otherwise the
 * decimal text exactly as the platform sent it, digit for digit.
 */
function toStored(amount: string, currency: string): StoredAmount {
  const result = toMinorUnits(amount, currency);
  if (result.ok && withinInt64(result.minor)) return { minor: result.minor, exact: null };
  return { minor: null, exact: amount.trim() };
}

function isOverPrecise(exact: string | null, currency: string): boolean {
  return exact !== null && !toMinorUnits(exact, currency).ok;
}

function fromStored(minor: bigint | null, exact: string | null, currency: string): Money {
  if (minor !== null) return { amount: fromMinorUnits(minor, currency), currency };
  if (exact !== null) return money(exact, currency);
  throw new Error('A balance snapshot holds neither minor units nor an exact value.');
}

interface LatestRow {
  currency: string;
  name: string;
  recorded_at: string | null;
  platform_refreshed_at: string | null;
  available_minor: bigint | null;
  available_exact: string | null;
  pending_minor: bigint | null;
  pending_exact: string | null;
}

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
          const available = toStored(entry.available, entry.currency);
          const pending = toStored(entry.pending, entry.currency);
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

  /** Every float of the workspace with its latest snapshot (if any), optionally for one currency. */
  listLatest(workspaceId: number, currency?: string): FloatBalance[] {
    const rows = this.db
      .prepare<[number, string | null, string | null], LatestRow>(
        `SELECT f.currency, f.name, s.recorded_at, s.platform_refreshed_at,
                s.available_minor, s.available_exact, s.pending_minor, s.pending_exact
           FROM floats f
           LEFT JOIN balance_snapshots s ON s.id = (
             SELECT id FROM balance_snapshots
              WHERE float_id = f.id
              ORDER BY recorded_at DESC, id DESC
              LIMIT 1)
          WHERE f.workspace_id = ? AND (? IS NULL OR f.currency = ?)
          ORDER BY f.currency, f.name COLLATE NOCASE`,
      )
      .safeIntegers(true)
      .all(workspaceId, currency ?? null, currency ?? null);
    return rows.map((row) => {
      const hasSnapshot = row.recorded_at !== null;
      return {
        currency: row.currency,
        name: row.name,
        available: hasSnapshot ? fromStored(row.available_minor, row.available_exact, row.currency) : null,
        pending: hasSnapshot ? fromStored(row.pending_minor, row.pending_exact, row.currency) : null,
        platformRefreshedAt: row.platform_refreshed_at,
        recordedAt: row.recorded_at,
        overPrecise:
          isOverPrecise(row.available_exact, row.currency) || isOverPrecise(row.pending_exact, row.currency),
      };
    });
  }
}
