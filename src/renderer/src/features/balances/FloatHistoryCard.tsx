import { useEffect } from 'react';
import type { FloatBalance } from '@shared/domain/floats';
import type { Money } from '@shared/domain/money';
import { floatKey, useBalances } from '../../stores/balances';
import { FloatHistoryExport } from '../export/ScreenExports';
import { BalanceChart } from './chart/BalanceChart';
import type { ChartPoint } from './chart/chart-summary';

/** The chart shows this many days up to the float's latest balance. */
export const HISTORY_DAYS = 90;

function sinceDate(recordedAt: string | null): string | undefined {
  if (recordedAt === null) return undefined;
  const at = Date.parse(recordedAt);
  return Number.isNaN(at) ? undefined : new Date(at - HISTORY_DAYS * 86_400_000).toISOString().slice(0, 10);
}

function Body({ float, threshold }: { float: FloatBalance; threshold: Money | null }) {
  const key = floatKey(float.currency, float.name);
  const view = useBalances((state) => state.histories[key]);
  if (view === undefined || view.status === 'loading')
    return <p className="chart-state muted">Loading the balance history…</p>;
  if (view.status === 'error')
    return <p className="chart-state field-problem">The history could not be loaded: {view.error.message}</p>;
  const points = view.points.flatMap((point): ChartPoint[] =>
    point.available === null ? [] : [{ recordedAt: point.recordedAt, available: point.available }],
  );
  if (points.length === 0) return <p className="chart-state muted">No balances recorded yet.</p>;
  return <BalanceChart label={`${float.currency} ${float.name}`} points={points} threshold={threshold} />;
}

/** One float's balance history: a captioned chart, loaded when the float's latest balance changes. */
export function FloatHistoryCard({ float, threshold }: { float: FloatBalance; threshold: Money | null }) {
  const loadHistory = useBalances((state) => state.loadHistory);
  const since = sinceDate(float.recordedAt);
  useEffect(() => {
    void loadHistory(float.currency, float.name, since);
  }, [loadHistory, float.currency, float.name, since, float.recordedAt]);
  const headingId = `history-${float.currency}-${float.name}`.replace(/[^\w-]/g, '_');
  return (
    <figure
      className="history-card"
      aria-labelledby={headingId}
      data-testid={`history-${float.currency}-${float.name}`}
    >
      <figcaption id={headingId} className="history-caption">
        <span className="history-name">{float.name}</span>
        <span className="muted"> available balance, last {HISTORY_DAYS} days</span>
      </figcaption>
      <Body float={float} threshold={threshold} />
      <FloatHistoryExport
        currency={float.currency}
        name={float.name}
        {...(since === undefined ? {} : { from: since })}
      />
    </figure>
  );
}
