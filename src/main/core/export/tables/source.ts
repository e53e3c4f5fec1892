import type { Clock } from '../../clock';
import type { Ledger } from '../../ledger/db';
import { storedAmountText as storedText } from '../../ledger/repositories/stored-amounts';
import { unknownExponentText } from '../columns';
import type { ParallelRendering } from '../parallel/body';

/** What a table reads from: the export's own read-only connection, never the writer. */
export interface ExportSource {
  db: Ledger;
  workspaceId: number;
  clock: Clock;
  /** Render large transfer CSVs in worker threads (see parallel/body.ts), from this many rows. */
  parallel?: ParallelRendering & { fromRows: number };
}

/**
 * A stored amount as exact text: canonical from minor units, else exactly as the platform sent it;
 * minor units of a currency this FloatDesk no longer knows are said as such, never an error.
 */
export function storedAmountText(
  minor: bigint | null,
  exact: string | null,
  currency: string,
): string | null {
  return storedText(minor, exact, currency, { unknownExponent: unknownExponentText });
}

/** An integer column read with safeIntegers: a JS number when it fits, else the bigint. */
export function integerOf(value: bigint | null): number | bigint | null {
  if (value === null) return null;
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : value;
}
