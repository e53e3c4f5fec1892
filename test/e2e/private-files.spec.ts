import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { assertBuilt, runCli, startServing, type RunningShell } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';

// A demo workspace an older FloatDesk left readable by every user (0644 files, 0755 folders): the
// browser shell opens it, makes it private and the person reads why in the notification banner.
let temp: ReturnType<typeof makeTempDir>;
let shell: RunningShell | undefined;

test.describe.configure({ timeout: 180_000 });

test.beforeAll(() => {
  assertBuilt();
  temp = makeTempDir('floatdesk-e2e-private-');
});
test.afterAll(async () => {
  await shell?.stop();
  temp?.cleanup();
});

function widen(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  chmodSync(path, stat.isDirectory() ? 0o755 : 0o644);
  if (stat.isDirectory()) for (const name of readdirSync(path)) widen(join(path, name));
}

test('opening a workspace others could read makes it private and says so', async ({ page }) => {
  test.skip(process.platform === 'win32', 'file modes do not exist on Windows');
  const env = { FLOATDESK_HOME: temp.dir };
  expect(runCli(['status'], env).status).toBe(0); // creates the demo workspace
  const demo = join(temp.dir, 'workspaces', 'demo');
  widen(temp.dir);
  expect(lstatSync(join(demo, 'ledger.sqlite')).mode & 0o777).toBe(0o644);

  shell = await startServing(['--port', '0'], { env });
  await page.goto(shell.url);
  const notice = page.getByTestId('notification-files_made_private');
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await expect(notice).toContainText('Workspace files made private');
  await expect(notice).toContainText('Other users of this computer could read');
  await expect(notice).toContainText('ledger.sqlite');
  await expect(notice).toContainText('FloatDesk has made them readable by you only.');
  expect(lstatSync(join(demo, 'ledger.sqlite')).mode & 0o777).toBe(0o600);
  expect(lstatSync(demo).mode & 0o777).toBe(0o700);

  await notice.getByRole('button', { name: 'Dismiss: Workspace files made private' }).click();
  await expect(notice).toHaveCount(0);
});
