import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { assertBuilt, runCli, startServing, type RunningShell } from '../helpers/cli';
import { flipIndexKeys } from '../helpers/index-damage';
import { makeTempDir } from '../helpers/temp-dir';

// A ledger whose index pages went bad passes the quick check at open; the app finds the damage in the
// background, stops writing and says so at the top of the page with the restore command, and a sync
// a person starts is refused instead of writing into the damage.
let temp: ReturnType<typeof makeTempDir>;
let shell: RunningShell | undefined;

test.describe.configure({ timeout: 180_000 });

test.beforeEach(() => {
  assertBuilt();
  temp = makeTempDir('floatdesk-e2e-damage-');
});

test.afterEach(async () => {
  await shell?.stop();
  temp?.cleanup();
});

test('a damaged ledger: the banner says so with the restore command, and Sync now is refused', async ({
  page,
}) => {
  const env = { FLOATDESK_HOME: temp.dir };
  // The demo workspace, synced once from the command line, then its transfer index goes bad.
  const synced = runCli(['sync'], env);
  expect(synced.status, synced.stderr).toBe(0);
  flipIndexKeys(
    join(temp.dir, 'workspaces', 'demo', 'ledger.sqlite'),
    'sqlite_autoindex_transfer_requests_1',
  );

  shell = await startServing(['--port', '0'], { env });
  await page.goto(shell.url);
  const notice = page.getByTestId('notification-ledger_damaged');
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await expect(notice).toContainText('The ledger is damaged: FloatDesk stopped writing to it');
  await expect(notice).toContainText('floatdesk restore --from <backup file>');

  await page.getByTestId('sync-now').click();
  const indicator = page.getByTestId('sync-indicator');
  await expect(indicator).toHaveAttribute('data-state', 'error');
  await expect(indicator).toContainText('Last sync failed');
  // What is there can still be looked at.
  await page.getByRole('link', { name: 'Transfers' }).click();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
});
