/**
 * Scaling helpers of the hand-written balance chart. Amounts become numbers ONLY to place pixels;
 * every figure a person reads (tooltip, labels of points, summary) comes from the exact string.
 */

export interface Size {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
}

/** Map [d0, d1] linearly onto [r0, r1]; a zero-width domain maps to the middle of the range. */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]) {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (value: number): number => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}

/** A pixel position for an exact decimal amount (precision beyond a pixel does not matter here). */
export function plotValue(amount: string): number {
  const value = Number(amount);
  return Number.isFinite(value) ? value : 0;
}

/** 1, 2 or 5 times a power of ten, so that about `count` steps cover `span`. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || count < 1) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  const step = nice * power;
  return Number.isFinite(step) && step > 0 ? step : 1;
}

/**
 * Round tick values covering [min, max] (about `count` intervals). Each tick is k × step computed
 * from an integer k, so no tick reads 0.30000000000000004. A flat series gets a band around it.
 * (The band of a tiny value such as 0.000000001 is ±1: the chart is then flat, the tooltip exact.)
 */
export function valueTicks(min: number, max: number, count = 4): number[] {
  let [low, high] = [Math.min(min, max), Math.max(min, max)];
  // Flat, or a difference a double cannot draw (amounts differing in the 20th digit): a band.
  if (high - low <= Math.max(Math.abs(high), Math.abs(low)) * 1e-9 || high - low < 1e-9) {
    const pad = Math.abs(low) < 1e-6 ? 1 : Math.abs(low) * 0.1;
    [low, high] = [low - pad, high + pad];
  }
  const step = niceStep(high - low, count);
  const decimals = Math.min(20, Math.max(0, -Math.floor(Math.log10(step))));
  const first = Math.floor(low / step);
  const last = Math.ceil(high / step);
  const ticks: number[] = [];
  for (let k = first; k <= last; k++) ticks.push(Number((k * step).toFixed(decimals)));
  return ticks;
}

/** Index of the x closest to `x` in ascending `xs` (binary search); -1 when empty. */
export function nearestIndex(xs: readonly number[], x: number): number {
  if (xs.length === 0) return -1;
  let [low, high] = [0, xs.length - 1];
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if ((xs[middle] as number) <= x) low = middle;
    else high = middle;
  }
  return Math.abs((xs[high] as number) - x) < Math.abs((xs[low] as number) - x) ? high : low;
}

/** SVG path through the points, in order. */
export function linePath(points: ReadonlyArray<{ x: number; y: number }>): string {
  return points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)} ${point.y.toFixed(1)}`)
    .join(' ');
}

/** The index a key moves to from `index` among `count` points; undefined for other keys. */
export function keyedIndex(key: string, index: number, count: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return Math.max(0, index - 1);
    case 'ArrowRight':
    case 'ArrowUp':
      return Math.min(count - 1, index + 1);
    case 'PageDown':
      return Math.max(0, index - 10);
    case 'PageUp':
      return Math.min(count - 1, index + 10);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
