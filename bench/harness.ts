/** Shared timing helpers: warm up, then take the median of repeated runs (robust to a noisy core). */
export function medianMs(
  run: () => unknown,
  repetitions: number,
  warmup = Math.ceil(repetitions / 5),
): number {
  for (let i = 0; i < warmup; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < repetitions; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    const started = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
}

export async function medianMsAsync(
  run: () => Promise<unknown>,
  repetitions: number,
  warmup = Math.ceil(repetitions / 5),
): Promise<number> {
  for (let i = 0; i < warmup; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < repetitions; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    const started = process.hrtime.bigint();
    await run();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
}

export interface Verdict {
  bench: string;
  value: number;
  anchor: number;
  target: number;
  /** What value and anchor count; milliseconds unless given. */
  unit?: string;
  [extra: string]: unknown;
}

/**
 * Print the closing JSON line the runner reads: ratio = value / anchor, pass when ratio <= target
 * and `also` (a benchmark's further conditions, e.g. an absolute budget) holds.
 */
export function report(verdict: Verdict, also = true): void {
  const ratio = verdict.value / verdict.anchor;
  const round = (n: number): number => Math.round(n * 1000) / 1000;
  console.log(
    JSON.stringify({
      ...verdict,
      value: round(verdict.value),
      unit: verdict.unit ?? 'ms',
      anchor: round(verdict.anchor),
      ratio: round(ratio),
      target: verdict.target,
      pass: ratio <= verdict.target && also,
    }),
  );
}
