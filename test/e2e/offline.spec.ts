import { createServer } from 'node:net';
import { expect, test } from '@playwright/test';
import { assertBuilt, runCli, startServing, type RunningShell } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';

// A platform workspace whose platform cannot be reached (nothing listens on its port): the startup
// sync fails, and the header says the app is offline — with how it retries — instead of a bare
// "sync failed"; the details panel shows each dataset's outcome.
let temp: ReturnType<typeof makeTempDir>;
let shell: RunningShell;

/** A loopback port nothing listens on (taken, then released). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

test.beforeEach(async () => {
  assertBuilt();
  temp = makeTempDir('floatdesk-e2e-offline-');
  const port = await deadPort();
  const init = runCli(['workspace', 'init', temp.dir, '--base-url', `http://127.0.0.1:${port}/api/v2`]);
  expect(init.status, init.stderr).toBe(0);
  shell = await startServing(['--workspace', temp.dir, '--port', '0'], {
    env: { FLOATDESK_API_KEY: 'key', FLOATDESK_API_SECRET: 'secret' },
  });
});

test.afterEach(async () => {
  await shell?.stop();
  temp?.cleanup();
});

test('an unreachable platform shows as offline with the retry, and the details say why', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(shell.url);
  const indicator = page.getByTestId('sync-indicator');
  await expect(indicator).toHaveAttribute('data-state', 'offline', { timeout: 90_000 });
  await expect(indicator).toContainText('Offline — nothing synced yet');
  await expect(indicator).toHaveAttribute('title', /refused the connection.*Trying again in \d+ seconds/);

  await page.getByTestId('sync-details').locator('summary').click();
  await expect(page.getByTestId('sync-network')).toHaveAttribute('data-state', 'offline');
  await expect(page.getByTestId('sync-network')).toContainText(/^Offline since .* Trying again/);
  await expect(page.getByTestId('sync-dataset-floats')).toHaveAttribute('data-state', 'failed');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sync-network')).toBeHidden();
});
