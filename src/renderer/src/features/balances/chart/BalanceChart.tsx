import { useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Money } from '@shared/domain/money';
import { formatMoney } from '../../../lib/format-money';
import { formatExactTime } from '../../../lib/format-time';
import { timeTickLabel, valueTickLabels } from './axis-labels';
import { chartSummary, type ChartPoint } from './chart-summary';
import { keyedIndex, linePath, linearScale, nearestIndex, plotValue, valueTicks } from './chart-scale';
import { useFormatPreferences } from '../../../lib/use-format-preferences';

const W = 480;
const H = 190;
const M = { top: 14, right: 14, bottom: 26, left: 76 };
/** Dots on every point only while they do not crowd the line. */
const MAX_DOTS = 60;

interface BalanceChartProps {
  /** Names the float, e.g. "GBP Main". */
  label: string;
  points: readonly ChartPoint[];
  threshold: Money | null;
}

function useGeometry(points: readonly ChartPoint[], threshold: Money | null) {
  const preferences = useFormatPreferences();
  return useMemo(() => {
    const times = points.map((point) => Date.parse(point.recordedAt));
    const values = points.map((point) => plotValue(point.available.amount));
    const extra = threshold === null ? [] : [plotValue(threshold.amount)];
    const ticks = valueTicks(Math.min(...values, ...extra), Math.max(...values, ...extra));
    const y = linearScale([ticks[0] ?? 0, ticks[ticks.length - 1] ?? 1], [H - M.bottom, M.top]);
    const x = linearScale([times[0] ?? 0, times[times.length - 1] ?? 1], [M.left, W - M.right]);
    const xy = times.map((time, index) => ({ x: x(time), y: y(values[index] ?? 0) }));
    const spanMs = (times[times.length - 1] ?? 0) - (times[0] ?? 0);
    return { times, ticks, y, xy, spanMs, tickLabels: valueTickLabels(ticks) };
    // The labels follow the number format: a new one (Settings) draws them again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [points, threshold, preferences]);
}

/**
 * The available balance over time as a line. Hover, or focus and use the arrow keys (Home, End,
 * Page Up/Down), to read the exact value and time of each point; the summary names the range.
 */
export function BalanceChart({ label, points, threshold }: BalanceChartProps) {
  const { times, ticks, y, xy, spanMs, tickLabels } = useGeometry(points, threshold);
  const [active, setActive] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const svg = useRef<SVGSVGElement>(null);
  const summaryId = useId();
  const last = points.length - 1;
  const shown = active ?? (focused ? last : null);
  const point = shown === null ? undefined : points[shown];
  const at = shown === null ? undefined : xy[shown];
  const valueText = (p: ChartPoint): string =>
    `${formatMoney(p.available.amount, p.available.currency)} on ${formatExactTime(p.recordedAt)}`;

  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    const box = svg.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    const viewX = ((event.clientX - box.left) / box.width) * W;
    const xs = xy.map((p) => p.x);
    setActive(nearestIndex(xs, viewX));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape') return setActive(null);
    const next = keyedIndex(event.key, shown ?? last, points.length);
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
  };

  const thresholdY = threshold === null ? null : y(plotValue(threshold.amount));
  const tooltipSide = at === undefined ? '' : at.x > W * 0.66 ? 'left' : at.x < W * 0.33 ? 'right' : 'center';

  return (
    <div className="chart">
      <div
        className="chart-plot"
        role="slider"
        tabIndex={0}
        aria-label={`Available balance history of ${label}`}
        aria-valuemin={1}
        aria-valuemax={Math.max(points.length, 1)}
        aria-valuenow={(shown ?? last) + 1}
        aria-valuetext={
          points[shown ?? last] ? valueText(points[shown ?? last] as ChartPoint) : 'no balances'
        }
        aria-describedby={summaryId}
        data-testid="balance-chart"
        onPointerMove={onPointerMove}
        onPointerLeave={() => setActive(null)}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setActive(null);
        }}
      >
        <svg ref={svg} viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
          {ticks.map((tick, index) => (
            <g key={tick} className="chart-grid">
              <line x1={M.left} x2={W - M.right} y1={y(tick)} y2={y(tick)} />
              <text x={M.left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
                {tickLabels[index]}
              </text>
            </g>
          ))}
          {times.length > 0 ? (
            <g className="chart-axis">
              <text x={M.left} y={H - 6} textAnchor="start">
                {timeTickLabel(times[0] as number, spanMs)}
              </text>
              {times.length > 1 ? (
                <text x={W - M.right} y={H - 6} textAnchor="end">
                  {timeTickLabel(times[times.length - 1] as number, spanMs)}
                </text>
              ) : null}
            </g>
          ) : null}
          {thresholdY === null ? null : (
            <g className="chart-threshold">
              <line x1={M.left} x2={W - M.right} y1={thresholdY} y2={thresholdY} />
              <text x={W - M.right} y={thresholdY - 4} textAnchor="end">
                threshold
              </text>
            </g>
          )}
          <path className="chart-line" d={linePath(xy)} />
          {xy.length <= MAX_DOTS
            ? xy.map((p, index) => <circle key={index} className="chart-dot" cx={p.x} cy={p.y} r={2.5} />)
            : null}
          {at === undefined ? null : (
            <g className="chart-active">
              <line x1={at.x} x2={at.x} y1={M.top} y2={H - M.bottom} />
              <circle cx={at.x} cy={at.y} r={5} />
            </g>
          )}
        </svg>
        {point === undefined || at === undefined ? null : (
          <div
            className={`chart-tooltip chart-tooltip-${tooltipSide}`}
            style={{ left: `${(at.x / W) * 100}%`, top: `${(at.y / H) * 100}%` }}
            data-testid="chart-tooltip"
          >
            <span className="chart-tooltip-value amount">
              {formatMoney(point.available.amount, point.available.currency)}
            </span>
            <span className="chart-tooltip-time">{formatExactTime(point.recordedAt)}</span>
          </div>
        )}
      </div>
      <p id={summaryId} className="visually-hidden">
        {chartSummary(points)}
      </p>
    </div>
  );
}
