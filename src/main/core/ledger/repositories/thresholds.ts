/** Low-balance thresholds per float (integer minor units) and the crossing rule's memory. */
import type { Ledger } from '../db';

export interface ThresholdRecord {
  floatId: number;
  currency: string;
  name: string;
  thresholdMinor: bigint;
  /** True while a drop under the threshold should notify (see notifications/low-balance.ts). */
  armed: boolean;
}

interface Row {
  float_id: bigint;
  currency: string;
  name: string;
  threshold_minor: bigint;
  alert_armed: bigint;
}

const toRecord = (row: Row): ThresholdRecord => ({
  floatId: Number(row.float_id),
  currency: row.currency,
  name: row.name,
  thresholdMinor: row.threshold_minor,
  armed: row.alert_armed === 1n,
});

export class ThresholdsRepository {
  constructor(private readonly db: Ledger) {}

  /** Every threshold of the workspace, in float order. */
  list(workspaceId: number): ThresholdRecord[] {
    return this.db
      .prepare<[number], Row>(
        `SELECT t.float_id, f.currency, f.name, t.threshold_minor, t.alert_armed
           FROM float_thresholds t JOIN floats f ON f.id = t.float_id
          WHERE f.workspace_id = ? ORDER BY f.currency, f.name`,
      )
      .safeIntegers(true)
      .all(workspaceId)
      .map(toRecord);
  }

  /** Set (or replace) a threshold; a new value re-arms the alert, so the next drop under it notifies. */
  set(floatId: number, thresholdMinor: bigint, now: string): void {
    this.db
      .prepare(
        `INSERT INTO float_thresholds (float_id, threshold_minor, alert_armed, updated_at) VALUES (?, ?, 1, ?)
         ON CONFLICT (float_id) DO UPDATE SET threshold_minor = excluded.threshold_minor,
           alert_armed = 1, updated_at = excluded.updated_at`,
      )
      .run(floatId, thresholdMinor, now);
  }

  clear(floatId: number): void {
    this.db.prepare('DELETE FROM float_thresholds WHERE float_id = ?').run(floatId);
  }

  setArmed(floatId: number, armed: boolean): void {
    this.db
      .prepare('UPDATE float_thresholds SET alert_armed = ? WHERE float_id = ?')
      .run(armed ? 1 : 0, floatId);
  }
}
