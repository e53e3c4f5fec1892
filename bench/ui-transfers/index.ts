// The Transfers table in headless Chromium with 100,000 transfer requests in the ledger: time
// to first rendered rows after opening Transfers, time from a filter typed to
// its rows painted, and frame times while scrolling through the whole table. Anchors: the 16.7 ms
// frame budget and the 100 ms interaction budget. Targets: first rows <= 300 ms, filter <= 100 ms,
// scroll p95 frame <= 16.7 ms.
//
// The closing line reports the first-rows time as `value` against `anchor` 300 ms (its target), so
// ratio = value / 300 and ratio <= target (1) is the first-rows target; `pass` is true only when all
// three targets hold (filterMs <= 100 and scrollP95Ms <= 16.7 as well).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWorkspace } from './ledger';
import { afterTyping, filterBy, goTo, idleFrames, openTransfers, scrollThrough } from './page-scripts';

type PlaywrightCore = typeof import('playwright-core');

const COUNT = 100_000;
const CLI = join(process.cwd(), 'out', 'cli', 'floatdesk.js');
const FIRST_ROWS_TARGET_MS = 300;
const FILTER_TARGET_MS = 100;
const FRAME_BUDGET_MS = 16.7;
const OPEN_REPETITIONS = 7;
const FILTER_TERMS = ['events', 'rf55', 'approved_edited', 'marketing', '4321', 'kwd', 'rewards'];
const SCROLL_FRAMES = 1200;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Loaded at run time from node_modules (the bench bundle leaves it out: it is not bundleable).
const { chromium } = createRequire(import.meta.url)('playwright-core') as PlaywrightCore;

const children: ChildProcess[] = [];

/** A loopback port nothing listens on: the workspace's platform is unreachable, nothing syncs. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function serve(workspace: string): Promise<string> {
  const child = spawn(process.execPath, [CLI, 'serve', '--workspace', workspace, '--port', '0'], {
    env: { ...process.env, FLOATDESK_HOME: join(workspace, '..', 'home') },
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`serve exited (${code}):\n${output}`)));
  });
}

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;
const dir = mkdtempSync(join(tmpdir(), 'floatdesk-bench-ui-'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const workspace = join(dir, 'ws');
  const insertMs = buildWorkspace(CLI, workspace, `http://127.0.0.1:${await deadPort()}/api/v2`, COUNT);
  console.log(`ledger: ${COUNT.toLocaleString('en-US')} transfer requests written in ${ms(insertMs)}`);
  const url = await serve(workspace);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));

  // 1. First rows: the app loaded on Balances, then Transfers opened (a fresh page each time).
  const opens: number[] = [];
  for (let i = 0; i < OPEN_REPETITIONS; i++) {
    await page.goto(url);
    await page.locator('main h1').waitFor();
    // The app has settled: no sync running (the startup one fails at once: the platform is unreachable).
    await page.getByTestId('sync-now').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    opens.push(await page.evaluate(openTransfers));
  }
  const firstRows = percentile(opens, 50);
  console.log(
    `first rows after opening Transfers: median ${ms(firstRows)}, first (cold) ${ms(opens[0] ?? NaN)}, worst ${ms(Math.max(...opens))} over ${OPEN_REPETITIONS} opens (target <= ${FIRST_ROWS_TARGET_MS} ms)`,
  );

  // 2. Filters: free text, each a new view of the 100,000 (nothing cached).
  const filters: number[] = [];
  for (const term of FILTER_TERMS) {
    // Separate filter actions, not one burst: typing within TYPING_MS (120 ms) is gathered on purpose.
    await page.waitForTimeout(400);
    filters.push(await page.evaluate(filterBy, term));
  }
  const filterMs = percentile(filters, 50);
  console.log(
    `free-text filter to repaint: median ${ms(filterMs)}, worst ${ms(Math.max(...filters))} (${filters.map((value) => value.toFixed(0)).join(', ')} ms) (target <= ${FILTER_TARGET_MS} ms)`,
  );
  await page.evaluate(goTo, '#/transfers');
  await page.locator('[data-testid="transfers-grid"][data-ready="true"]').waitFor();
  const typed = page.evaluate(afterTyping, 'main');
  await page.locator('#transfers-text').pressSequentially('main', { delay: 60 });
  console.log(
    `typed key by key ("main", 60 ms apart): last key to repaint ${ms(await typed)} (for information)`,
  );

  // 3. Scroll through the whole table, one step per frame. A frame's time is a whole number of display
  // intervals (rAF times are the frames' vsync-aligned start times); the page reads them through
  // performance.now(), which Chromium coarsens to 0.1 ms with random jitter in a page that is not
  // cross-origin isolated, so a frame on time reads 16.6, 16.7 or 16.8 ms — the page at rest too
  // (printed below). Each delta is therefore counted as the whole number of intervals it spans, the
  // interval measured at rest on the same page; the raw p95 is printed beside it.
  await page.evaluate(goTo, '#/transfers');
  await page.locator('[data-testid="transfers-grid"][data-ready="true"]').waitFor();
  const idle = await page.evaluate(idleFrames, 300);
  const interval = percentile(idle, 50);
  const scroll = await page.evaluate(scrollThrough, SCROLL_FRAMES);
  const spans = scroll.deltas.map((delta) => Math.max(1, Math.round(delta / interval)));
  const frameTimes = spans.map((count) => count * interval);
  const scrollP95 = percentile(frameTimes, 95);
  const missed = spans.reduce((sum, count) => sum + count - 1, 0);
  console.log(
    `display interval at rest: ${ms(interval)} (raw deltas p95 ${ms(percentile(idle, 95))}, max ${ms(Math.max(...idle))})`,
  );
  console.log(
    `scrolling ${scroll.rows.toLocaleString('en-US')} rows in ${SCROLL_FRAMES} frames (${Math.round(scroll.rows / SCROLL_FRAMES)} rows a frame): frame time p50 ${ms(percentile(frameTimes, 50))}, p95 ${ms(scrollP95)}, p99 ${ms(percentile(frameTimes, 99))}, worst ${ms(Math.max(...frameTimes))}; ${missed} display frames missed; raw deltas p95 ${ms(percentile(scroll.deltas, 95))} (target p95 <= ${FRAME_BUDGET_MS} ms)`,
  );
  console.log(
    `rows in view already loaded in ${scroll.loadedFrames} of ${SCROLL_FRAMES + 1} frames (the others showed placeholders while their window loaded)`,
  );

  const round = (n: number): number => Math.round(n * 1000) / 1000;
  const pass =
    firstRows <= FIRST_ROWS_TARGET_MS && filterMs <= FILTER_TARGET_MS && scrollP95 <= FRAME_BUDGET_MS;
  console.log(
    JSON.stringify({
      bench: 'ui-transfers',
      value: round(firstRows),
      unit: 'ms',
      anchor: FIRST_ROWS_TARGET_MS,
      ratio: round(firstRows / FIRST_ROWS_TARGET_MS),
      target: 1,
      pass,
      filterMs: round(filterMs),
      filterAnchor: FILTER_TARGET_MS,
      scrollP95Ms: round(scrollP95),
      scrollP95RawMs: round(percentile(scroll.deltas, 95)),
      missedFrames: missed,
      frameAnchor: FRAME_BUDGET_MS,
      rows: COUNT,
    }),
  );
} finally {
  await browser.close();
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  rmSync(dir, { recursive: true, force: true });
}
