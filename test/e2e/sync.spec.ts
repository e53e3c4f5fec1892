import { expect, test, type Page } from '@playwright/test';
import { useDemoShell } from '../helpers/browser-shell';

// The demo workspace on a fresh data folder (no --workspace): the core starts its built-in
// simulator and syncs by itself on first start; the UI must show that and its result, no reload.
const demo = useDemoShell('sync');

test.describe.configure({ timeout: 240_000 });

const DATASETS = {
  floats: 'Floats',
  transfers: 'Transfer requests',
  brands: 'Brands',
  templates: 'Templates',
} as const;

/** Hold this window's sync:run on its way to the core until the function returned is called. */
async function holdSyncRun(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rpc/sync:run', async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/** No sync runs: the header offers "Sync now" again (the first demo sync included). */
async function syncIdle(page: Page): Promise<void> {
  await expect(page.getByTestId('sync-now')).toBeVisible({ timeout: 150_000 });
}

test('first start: Balances fills by itself, the header says synced, Settings shows freshness', async ({
  page,
}) => {
  await page.goto(demo.shell.url);
  await expect(page.getByTestId('balances-page')).toBeVisible();
  // The floats show up without a reload as soon as the sync has read them.
  await expect(page.locator('[data-testid^="float-row-"]').first()).toBeVisible({ timeout: 20_000 });
  expect(await page.locator('[data-testid^="currency-group-"]').count()).toBeGreaterThan(0);

  await syncIdle(page);
  const indicator = page.getByTestId('sync-indicator');
  await expect(indicator).toContainText(/^Synced (just now|\d+ (second|minute)s? ago)/);
  await expect(indicator).toHaveAttribute('data-state', /^(ok|note)$/);
  await expect(indicator.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByTestId('sync-cancel')).toHaveCount(0);

  await page.getByRole('link', { name: 'Settings' }).click();
  const section = page.getByTestId('data-freshness');
  await expect(section.getByRole('heading', { name: 'Data freshness' })).toBeVisible();
  await expect(page.getByTestId('sync-connection')).toContainText('Demo workspace — built-in simulator');
  for (const [dataset, label] of Object.entries(DATASETS)) {
    const row = page.getByTestId(`freshness-${dataset}`);
    await expect(row.getByRole('rowheader')).toHaveText(label);
    await expect(row.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expect(row).toContainText(/Succeeded|Partly/);
  }
});

test('Sync now runs a sync with Cancel offered meanwhile, and updates "last refreshed"', async ({ page }) => {
  await page.goto(demo.shell.url);
  await syncIdle(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  const floatsTime = page.getByTestId('freshness-floats').locator('time');
  const before = await floatsTime.getAttribute('datetime');
  expect(before).toMatch(/^\d{4}-/);

  await page.getByTestId('sync-now').click();
  // The click turns the button into Cancel at once; a fast run may be over by the time we look.
  await expect(page.getByTestId('sync-cancel').or(page.getByTestId('sync-now'))).toBeVisible();
  await expect(floatsTime).not.toHaveAttribute('datetime', before ?? '', { timeout: 150_000 });
  await syncIdle(page);
  await expect(page.getByTestId('sync-indicator')).toContainText('Synced');
});

test('a double-click on Sync now starts a sync, and its second click does not cancel it', async ({
  page,
}) => {
  await page.goto(demo.shell.url);
  await syncIdle(page);
  // Held on its way to the core: the sync this window asked for is still starting when the second
  // click lands on the Cancel button that took Sync now's place.
  const release = await holdSyncRun(page);
  await page.getByTestId('sync-now').dblclick();
  const cancel = page.getByTestId('sync-cancel');
  await expect(cancel).toHaveAccessibleName('Cancel the sync');
  await expect(cancel).toBeEnabled();
  release();
  await syncIdle(page);
  await expect(page.getByTestId('sync-indicator')).toContainText('Synced');
});

test('Cancel stops a running sync and the header says so', async ({ page }) => {
  await page.goto(demo.shell.url);
  await syncIdle(page);
  // Hold this window's sync:run on its way to the core, so Cancel is pressed before the run starts:
  // the window must cancel it as soon as the core reports it running.
  const release = await holdSyncRun(page);
  await page.getByTestId('sync-now').click();
  const cancel = page.getByTestId('sync-cancel');
  await expect(cancel).toHaveAccessibleName('Cancel the sync');
  await cancel.click();
  await expect(cancel).toBeDisabled();
  release();
  await syncIdle(page);
  await expect(page.getByTestId('sync-indicator')).toContainText(/^Sync cancelled · data from /);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.locator('[data-testid^="freshness-"]').filter({ hasText: 'Cancelled' })).toHaveCount(1);
});
