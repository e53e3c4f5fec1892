/**
 * The day rule of the roll-forward: a period [from, to] is whole UTC days, from 00:00:00Z of `from`
 * up to 00:00:00Z of the day after `to`. The ledger records snapshots and approvals at its own UTC
 * instants (recorded_at, observed_at), so UTC days cut them without any zone table; the platform's
 * zone (Europe/London in the simulator) is at most an hour or two away.
 *
 * Both boundaries are inclusive instants: the opening balance is the last snapshot recorded at or
 * before the start, the closing balance the last one at or before the end. So the closing snapshot
 * of one period is the opening snapshot of the next, and consecutive periods chain exactly.
 */
import { AppError } from '../../../../shared/ipc/errors';
import type { RollForwardPeriod } from './types';

export const DAY_MS = 86_400_000;

export interface PeriodBounds {
  startMs: number;
  endMs: number;
  startsAt: string;
  endsAt: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dayStart(field: 'from' | 'to', date: string): number {
  const ms = DATE.test(date) ? Date.parse(`${date}T00:00:00.000Z`) : Number.NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new AppError('invalid_input', `The period's "${field}" date must be a real date as YYYY-MM-DD.`, {
      issues: [{ path: [field], message: 'expected YYYY-MM-DD' }],
      value: date,
    });
  }
  return ms;
}

export function periodBounds(period: RollForwardPeriod): PeriodBounds {
  const startMs = dayStart('from', period.from);
  const endMs = dayStart('to', period.to) + DAY_MS;
  if (endMs <= startMs) {
    throw new AppError(
      'invalid_input',
      'The period must not end before it starts: choose "to" on or after "from".',
      {
        issues: [{ path: ['to'], message: 'before from' }],
        from: period.from,
        to: period.to,
      },
    );
  }
  return {
    startMs,
    endMs,
    startsAt: new Date(startMs).toISOString(),
    endsAt: new Date(endMs).toISOString(),
  };
}
