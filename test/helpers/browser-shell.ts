import { expect, test, type Page } from '@playwright/test';
import { assertBuilt, startServing, type RunningShell } from './cli';
import { makeTempDir } from './temp-dir';

/** The browser shell of one test, on a demo workspace in a temporary folder. */
export interface DemoShell {
  /** The running `floatdesk serve` (its URL carries the session token). */
  readonly shell: RunningShell;
  /** The workspace folder (FLOATDESK_HOME): the ledger, exports and logs are in it. */
  readonly dir: string;
  /** Open the app with the session token and wait until the demo's first sync is over. */
  openSynced(page: Page): Promise<void>;
  /** Ask the core what the page would ask (the page's own rpc, with the session's token). */
  rpc<T>(page: Page, channel: string, input: unknown): Promise<T>;
}

/**
 * A fresh browser shell on its own temporary demo workspace for every test of the spec file that
 * calls this (at its top level): started before each test, stopped and removed after it.
 */
export function useDemoShell(prefix: string): DemoShell {
  let temp: ReturnType<typeof makeTempDir> | undefined;
  let running: RunningShell | undefined;

  test.beforeEach(async () => {
    assertBuilt();
    temp = makeTempDir(`floatdesk-e2e-${prefix}-`);
    running = await startServing(['--port', '0'], { env: { FLOATDESK_HOME: temp.dir } });
  });

  test.afterEach(async () => {
    await running?.stop();
    temp?.cleanup();
    running = undefined;
    temp = undefined;
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the browser shell runs only inside a test');
    return value;
  };

  return {
    get shell() {
      return started(running);
    },
    get dir() {
      return started(temp).dir;
    },
    async openSynced(page) {
      await page.goto(started(running).url);
      await waitForFirstSync(page);
    },
    async rpc<T>(page: Page, channel: string, input: unknown): Promise<T> {
      const shell = started(running);
      const response = await page.request.post(`${shell.origin}/rpc/${channel}`, {
        headers: { Authorization: `Bearer ${shell.token}` },
        data: input,
      });
      const body = (await response.json()) as { ok: boolean; value: T; error?: unknown };
      expect(body.ok, JSON.stringify(body.error)).toBe(true);
      return body.value;
    },
  };
}

/**
 * Until the demo's first sync has ended: the header says "Synced …". ("Sync now" alone is not
 * enough: the page shows it before it has heard that a sync is running.)
 */
export async function waitForFirstSync(page: Page): Promise<void> {
  await expect(page.getByTestId('sync-indicator')).toContainText(/Synced/, { timeout: 180_000 });
  await expect(page.getByTestId('sync-now')).toBeVisible();
}
