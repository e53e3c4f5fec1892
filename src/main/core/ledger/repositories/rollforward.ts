/**
 * Read-only queries for a workspace's roll-forward over a period: each float's balance snapshots
 * (the last one well before the period start and every one up to just after its end) and the first
 * approval of every request seen around the period, and the opening balances entered for its bounds.
 * It returns a little more than the period on each side (the bound tolerance and a day of margin, for recorded times written with another offset or precision): the
 * pure calculation (recon/rollforward/rollforward.ts) cuts the period exactly. Nothing is written; both queries run in
 * one read transaction, so a sync committing meanwhile cannot split them.
 */
import { canonicalDecimal, fromMinorUnits } from '../../../../shared/domain/money';
import type Database from 'better-sqlite3';
import { BOUND_TOLERANCE_MS, dayOfBound } from '../../recon/rollforward/bounds';
import { DAY_MS, periodBounds } from '../../recon/rollforward/period';
import type {
  ApprovalInput,
  EnteredBalanceInput,
  FloatInput,
  RollForwardPeriod,
} from '../../recon/rollforward/types';
import type { Ledger } from '../db';
import { FIRST_APPROVALS, type FirstApprovalRow } from './first-approvals';
import { OpeningBalancesRepository } from './opening-balances';

export interface RollForwardData {
  floats: FloatInput[];
  approvals: ApprovalInput[];
  entered: EnteredBalanceInput[];
}

interface SnapshotRow {
  currency: string;
  name: string;
  id: bigint;
  recorded_at: string;
  platform_refreshed_at: string | null;
  available_minor: bigint | null;
  available_exact: string | null;
  sync_run_id: bigint | null;
}

/** Per float: the last snapshot recorded before `lower`, and every one from then until `upper`. */
const SNAPSHOTS = `
  SELECT f.currency, f.name, s.id, s.recorded_at, s.platform_refreshed_at,
         s.available_minor, s.available_exact, s.sync_run_id
    FROM floats f JOIN balance_snapshots s ON s.float_id = f.id
   WHERE f.workspace_id = ? AND s.recorded_at < ?
     AND s.recorded_at >= coalesce((SELECT max(b.recorded_at) FROM balance_snapshots b
                                     WHERE b.float_id = f.id AND b.recorded_at < ?), '')
   ORDER BY f.currency, f.name, s.recorded_at, s.id`;

/** Exact plain decimal text of a stored amount (minor units, or the exact text as sent). */
function decimalOf(minor: bigint | null, exact: string | null, currency: string): string {
  if (minor !== null) return fromMinorUnits(minor, currency);
  if (exact !== null) return canonicalDecimal(exact);
  throw new Error('A stored amount holds neither minor units nor an exact value.');
}

const FOREIGN = /^(\S+) ([A-Z]{3})$/;

function approvalOf(row: FirstApprovalRow): ApprovalInput {
  const approved = row.approved_minor !== null || row.approved_exact !== null;
  const foreign = approved && row.approved_exact !== null ? FOREIGN.exec(row.approved_exact.trim()) : null;
  const amount = foreign
    ? { amount: canonicalDecimal(foreign[1] as string), currency: foreign[2] as string }
    : {
        amount: approved
          ? decimalOf(row.approved_minor, row.approved_exact, row.currency)
          : decimalOf(row.requested_minor, row.requested_exact, row.currency),
        currency: row.currency,
      };
  return {
    requestId: Number(row.request_id),
    paymentReference: row.payment_reference,
    float: row.float_name,
    currency: row.currency,
    createdUtc: row.created_utc,
    observedAt: row.observed_at,
    syncRunId: row.sync_run_id === null ? null : Number(row.sync_run_id),
    seenBefore: row.seen_before === 1n,
    status: row.status,
    amount,
    amountSource: approved ? 'approved' : 'requested',
  };
}

const iso = (ms: number): string => new Date(ms).toISOString();

export class RollForwardRepository {
  private snapshots: Database.Statement<[number, string, string], SnapshotRow> | undefined;
  private approvals: Database.Statement<[number, string, string, string], FirstApprovalRow> | undefined;

  constructor(private readonly db: Ledger) {}

  /** The inputs of rollForward() for one workspace and period (UTC days, see period.ts). */
  load(workspaceId: number, period: RollForwardPeriod): RollForwardData {
    const bounds = periodBounds(period);
    const lower = iso(bounds.startMs - BOUND_TOLERANCE_MS - DAY_MS);
    const upper = iso(bounds.endMs + BOUND_TOLERANCE_MS + DAY_MS);
    const openingBalances = new OpeningBalancesRepository(this.db);
    const snapshots = (this.snapshots ??= this.db
      .prepare<[number, string, string], SnapshotRow>(SNAPSHOTS)
      .safeIntegers(true));
    const approvals = (this.approvals ??= this.db
      .prepare<[number, string, string, string], FirstApprovalRow>(FIRST_APPROVALS)
      .safeIntegers(true));
    return this.db
      .transaction((): RollForwardData => {
        const floats = new Map<string, FloatInput & { snapshots: FloatInput['snapshots'][number][] }>();
        for (const row of snapshots.all(workspaceId, upper, lower)) {
          const key = `${row.currency} ${row.name}`;
          let float = floats.get(key);
          if (float === undefined) {
            float = { currency: row.currency, name: row.name, snapshots: [] };
            floats.set(key, float);
          }
          float.snapshots.push({
            snapshotId: Number(row.id),
            recordedAt: row.recorded_at,
            platformRefreshedAt: row.platform_refreshed_at,
            available: decimalOf(row.available_minor, row.available_exact, row.currency),
            syncRunId: row.sync_run_id === null ? null : Number(row.sync_run_id),
          });
        }
        // Approvals matter from each float's earliest snapshot read (its opening candidate) on.
        let since = lower;
        for (const float of floats.values()) {
          const first = float.snapshots[0]?.recordedAt;
          if (first !== undefined && first < since) since = first;
        }
        const entered = openingBalances
          .current(workspaceId, [dayOfBound(bounds.startMs), dayOfBound(bounds.endMs)])
          .map((entry) => ({
            currency: entry.currency,
            float: entry.float,
            entryId: entry.id,
            asOf: entry.asOf,
            amount: entry.amount,
            note: entry.note,
            enteredAt: entry.enteredAt,
          }));
        return {
          floats: [...floats.values()],
          approvals: approvals.all(workspaceId, since, upper, upper).map(approvalOf),
          entered,
        };
      })
      .deferred();
  }
}
