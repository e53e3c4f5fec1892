// The matching engine: 100,000 bank lines against 100,000 transfer requests
// in a realistic mix (see data.ts), the whole match — all four passes, ties and suggestions, every
// match with its evidence — against its anchor: a plain hash join on the normalised reference over
// the same data (a Map from each request's normalised reference; each line's reference, or else its
// remittance text, normalised and looked up). Then 1,000,000 × 1,000,000, and the growth factor.
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { normaliseReference } from '../../src/main/core/recon/match/normalise';
import { preview } from '../../src/main/core/recon/match/preview';
import type { MatchRequest, PreviewResult } from '../../src/main/core/recon/match/types';
import type { BankLine } from '../../src/shared/domain/statements';
import { report } from '../harness';
import { PER_DAY, reconcileData, shuffled, type Planted } from './data';

const COUNT = 100_000;
const LARGE = 1_000_000;
const REPETITIONS = 9;
const LARGE_REPETITIONS = 5;
const TARGET_RATIO = 5;
const BUDGET_MS = 1000;
const MAX_GROWTH = 12;

/** As the ledger hands them over: parsed records with flat strings (not the generator's joins). */
function asRead<T>(items: T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < items.length; i += 10_000) {
    out.push(...(JSON.parse(JSON.stringify(items.slice(i, i + 10_000))) as T[]));
  }
  return out;
}

function dataSet(count: number): { lines: BankLine[]; requests: MatchRequest[]; planted: Planted } {
  const data = reconcileData(count, 20261102);
  return { lines: asRead(data.lines), requests: asRead(data.requests), planted: data.planted };
}

/**
 * The anchor: a plain hash join on the normalised reference — a Map from each request's normalised
 * reference; each line's reference field normalised and looked up, and when that finds nothing its
 * remittance text (the two fields the engine reads); the joined pairs are its result.
 */
function hashJoin(
  lines: readonly BankLine[],
  requests: readonly MatchRequest[],
): { line: BankLine; request: MatchRequest }[] {
  const byReference = new Map<string, MatchRequest>();
  for (const request of requests) byReference.set(normaliseReference(request.paymentReference), request);
  const joined: { line: BankLine; request: MatchRequest }[] = [];
  for (const line of lines) {
    let request = line.reference === null ? undefined : byReference.get(normaliseReference(line.reference));
    if (request === undefined && line.remittance !== null) {
      request = byReference.get(normaliseReference(line.remittance));
    }
    if (request !== undefined) joined.push({ line, request });
  }
  return joined;
}

function time<T>(run: () => T): [number, T] {
  (globalThis as { gc?: () => void }).gc?.();
  const started = process.hrtime.bigint();
  const result = run();
  return [Number(process.hrtime.bigint() - started) / 1e6, result];
}

/**
 * `run` timed (its time pushed to `into`); its result returned. A function of its own: a local of
 * the caller's loop holding the result (`const [ms, out] = time(…)`) stays referenced from the
 * caller's frame into the next round, keeping the previous result alive through the next run.
 */
function timed<T>(into: number[], run: () => T): T {
  const [ms, out] = time(run);
  into.push(ms);
  return out;
}

const median = (samples: number[]): number =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN;

function summary(result: PreviewResult): string {
  const rules = new Map<string, number>();
  for (const match of result.matches) rules.set(match.rule, (rules.get(match.rule) ?? 0) + 1);
  const reasons = new Map<string, number>();
  for (const suggestion of result.suggestions) {
    const key = `${suggestion.rule}/${suggestion.reason}`;
    reasons.set(key, (reasons.get(key) ?? 0) + 1);
  }
  const list = (map: Map<string, number>): string => [...map].map(([k, v]) => `${k} ${v}`).join(', ');
  return [
    `  matches: ${result.matches.length} (${list(rules)})`,
    `  suggestions: ${result.suggestions.length} (${list(reasons)})`,
    `  unmatched lines: ${result.unmatchedLines.length}, unmatched requests: ${result.unmatchedRequests.length}, credits ignored: ${result.ignoredLines.length}`,
  ].join('\n');
}

/** Alternating runs of the anchor and the engine, so both see the same machine. */
function measure(
  lines: readonly BankLine[],
  requests: readonly MatchRequest[],
  repetitions: number,
): { value: number; anchor: number; summary: string; result: PreviewResult | null } {
  const values: number[] = [];
  const anchors: number[] = [];
  let result: PreviewResult | undefined;
  for (let round = 0; round < repetitions; round++) {
    anchors.push(time(() => hashJoin(lines, requests))[0]);
    result = undefined; // the previous run's result is garbage before the next run starts
    result = timed(values, () => preview(lines, requests));
  }
  if (result === undefined) throw new Error('no run');
  return { value: median(values), anchor: median(anchors), summary: summary(result), result };
}

/** Matches as sorted "lines=requests" texts: to compare two runs. */
const matchSet = (result: PreviewResult): string =>
  result.matches
    .map((m) => `${[...m.lineIds].sort().join('+')}=${[...m.requestReferences].sort().join('+')}`)
    .sort()
    .join('\n');

/**
 * `RECONCILE_BENCH_ONLY=1m` (a memory study, not the benchmark): warm up on 100k, then run the
 * 1M × 1M match a few times (RECONCILE_BENCH_ROUNDS, default 3) and print per run its time, the
 * full (mark-compact) collections that ran inside it, the heap in use right after it (result still
 * held) and, after a forced collection, what the result alone keeps. Needs --expose-gc.
 */
async function memoryStudy(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('RECONCILE_BENCH_ONLY=1m needs node --expose-gc');
  const majors: { start: number; duration: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        majors.push({ start: entry.startTime, duration: entry.duration });
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const warm = dataSet(COUNT);
  for (let i = 0; i < 3; i++) preview(warm.lines, warm.requests);
  warm.lines.length = 0;
  warm.requests.length = 0;
  const large = dataSet(LARGE);
  const rounds = Number(process.env.RECONCILE_BENCH_ROUNDS ?? 3);
  const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
  const runs: { from: number; to: number; line: string }[] = [];
  const once = (round: number): PreviewResult => {
    gc();
    const before = process.memoryUsage().heapUsed;
    const from = performance.now();
    const result = preview(large.lines, large.requests);
    const to = performance.now();
    const after = process.memoryUsage().heapUsed;
    gc();
    const retained = process.memoryUsage().heapUsed;
    runs.push({
      from,
      to,
      line:
        `1M run ${round + 1}: ${(to - from).toFixed(0)} ms; heap before ${mb(before)}, right after ` +
        `+${mb(after - before)}, result alone +${mb(retained - before)} (${result.matches.length} matches)`,
    });
    return result;
  };
  let kept: PreviewResult | undefined;
  for (let round = 0; round < rounds; round++) {
    kept = undefined; // the previous run's result is garbage before the next run starts
    kept = once(round);
  }
  // GC entries are delivered asynchronously: read them once the runs are over.
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  for (const run of runs) {
    const inside = majors.filter((m) => m.start >= run.from && m.start < run.to);
    const total = inside.reduce((sum, m) => sum + m.duration, 0);
    console.log(
      `${run.line}; mark-compacts inside: ${inside.length}` +
        (inside.length > 0
          ? ` (${inside.map((m) => m.duration.toFixed(0)).join(' + ')} = ${total.toFixed(0)} ms)`
          : ''),
    );
  }
  if (kept === undefined) console.log('no run');
}

if (process.env.RECONCILE_BENCH_ONLY === '1m') {
  await memoryStudy();
  process.exit(0);
}

const small = dataSet(COUNT);
console.log(
  `data: ${small.lines.length} bank lines × ${small.requests.length} requests, ${PER_DAY} cases a day ` +
    `(${Math.ceil(COUNT / PER_DAY)} days), lines by booking date, requests newest first (as the ledger lists them)`,
);
console.log(`mix: ${JSON.stringify(small.planted)}`);
// Warm up both (JIT), then measure.
for (let i = 0; i < 2; i++) {
  hashJoin(small.lines, small.requests);
  preview(small.lines, small.requests);
}
const base = measure(small.lines, small.requests, REPETITIONS);
console.log(`whole match, 100k × 100k: ${base.value.toFixed(1)} ms (median of ${REPETITIONS})`);
console.log(`anchor, hash join on the normalised reference: ${base.anchor.toFixed(1)} ms`);
console.log(base.summary);
// The same data in no useful order: the same matches (the engine never depends on order), timed
// for information — the time does depend on memory locality.
const mixed = measure(shuffled(small.lines, 1), shuffled(small.requests, 2), 3);
const sameMatches = matchSet(mixed.result as PreviewResult) === matchSet(base.result as PreviewResult);
base.result = null;
mixed.result = null;
console.log(`shuffled input: ${mixed.value.toFixed(1)} ms, same matches: ${sameMatches}`);
if (!sameMatches) throw new Error('shuffled input gave different matches');

small.lines.length = 0;
small.requests.length = 0;
const large = dataSet(LARGE);
// One untimed run of each first, as for 100k (the heap grows to its working size once).
hashJoin(large.lines, large.requests);
preview(large.lines, large.requests);
const big = measure(large.lines, large.requests, LARGE_REPETITIONS);
const growth = big.value / base.value;
const heapMb = Math.round(process.memoryUsage().heapUsed / 1e6);
console.log(
  `whole match, 1M × 1M: ${big.value.toFixed(1)} ms (median of ${LARGE_REPETITIONS}); anchor ${big.anchor.toFixed(1)} ms`,
);
console.log(big.summary);
console.log(
  `growth 100k → 1M: ${growth.toFixed(2)}× (at most ${MAX_GROWTH}×; the anchor grew ${(big.anchor / base.anchor).toFixed(2)}×)`,
);
console.log(`heap in use after the 1M run: ${heapMb} MB (default Node heap, no flags)`);
const ratio = base.value / base.anchor;
console.log(
  `ratio: ${ratio.toFixed(2)} (target <= ${TARGET_RATIO}); within ${BUDGET_MS} ms: ${base.value <= BUDGET_MS}`,
);
report(
  {
    bench: 'reconcile',
    value: base.value,
    anchor: base.anchor,
    target: TARGET_RATIO,
    ms1M: Math.round(big.value),
    growth: Math.round(growth * 100) / 100,
    withinSecond: base.value <= BUDGET_MS,
  },
  base.value <= BUDGET_MS && growth <= MAX_GROWTH,
);
