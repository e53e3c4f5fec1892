import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { assertBuilt, startServing, type RunningShell } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';

// The demo workspace on a fresh data home: Settings changes the theme, the number format, and opens
// a new platform workspace and the demo again — all through the real browser shell and core.
const ARTIFACTS = join(import.meta.dirname, 'artifacts');
let temp: ReturnType<typeof makeTempDir>;
let shell: RunningShell;

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async () => {
  assertBuilt();
  mkdirSync(ARTIFACTS, { recursive: true });
  temp = makeTempDir('floatdesk-e2e-settings-');
  shell = await startServing(['--port', '0'], { env: { FLOATDESK_HOME: temp.dir } });
});

test.afterEach(async () => {
  await shell?.stop();
  temp?.cleanup();
});

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await expect(page.getByTestId('settings-theme')).toBeVisible();
}

/** The app scrolls inside <main>: make the window as tall as the page, take the picture, shrink back. */
async function screenshotWholePage(page: Page, name: string): Promise<void> {
  const before = page.viewportSize() ?? { width: 1280, height: 900 };
  // A string, so the test needs no DOM types: it runs in the page.
  const height = await page.evaluate<number>(
    `(() => { const main = document.querySelector('main');
      return main ? Math.ceil(main.getBoundingClientRect().top + main.scrollHeight) : document.body.scrollHeight; })()`,
  );
  await page.setViewportSize({ width: before.width, height: Math.max(before.height, height) });
  await page.screenshot({ path: join(ARTIFACTS, name) });
  await page.setViewportSize(before);
}

test('the theme changes at once, stays after a reload, and Settings looks right in light and dark', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(shell.url);
  await openSettings(page);
  const theme = page.getByRole('group', { name: 'Colours' });

  await theme.getByLabel('Light').check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(246, 247, 249)');
  await screenshotWholePage(page, 'settings-light.png');

  await theme.getByLabel('Dark').check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(20, 23, 28)');
  await screenshotWholePage(page, 'settings-dark.png');

  await page.reload();
  await openSettings(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('group', { name: 'Colours' }).getByLabel('Dark')).toBeChecked();

  await page.getByRole('group', { name: 'Colours' }).getByLabel('As the system').check();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.+/);
});

test('choosing de-DE formats the preview and the Balances amounts the German way', async ({ page }) => {
  await page.goto(shell.url);
  // The demo syncs by itself on first start; wait for its floats.
  const firstAmount = page.locator('[data-testid^="float-row-"] .amount').first();
  await expect(firstAmount).toBeVisible({ timeout: 60_000 });
  await expect(firstAmount).toHaveText(/\d\.\d{2}/);

  await openSettings(page);
  await page.getByLabel('Format numbers and dates as').selectOption('de-DE');
  const preview = page.getByTestId('format-preview');
  await expect(preview).toContainText(/1\.234\.567,89\s€/u);
  await expect(preview).toContainText('2026-11-22');
  await page
    .getByRole('group', { name: 'Dates' })
    .getByLabel(/As the format above/)
    .check();
  await expect(preview).toContainText('22.11.2026');

  await page.getByRole('link', { name: 'Balances' }).click();
  await expect(firstAmount).toHaveText(/^-?\d{1,3}(\.\d{3})*,\d+\s\S+$/u);
  await screenshotWholePage(page, 'balances-de-DE.png');
});

test('a new platform workspace is created, opened, given credentials, and the demo opened again', async ({
  page,
}) => {
  await page.goto(shell.url);
  await openSettings(page);
  const current = page.getByTestId('current-workspace');
  await expect(current).toContainText('Demo workspace');
  await expect(page.getByTestId('demo-connection-note')).toContainText('cannot be edited');

  const form = page.getByRole('form', { name: 'New platform workspace' });
  await form.getByLabel('Name').fill('Acme Books');
  await form.getByLabel('Platform address (base URL)').fill('http://platform.example/api/v2');
  await form.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByTestId('new-workspace-base-url-error')).toContainText('https');
  await expect(form.getByLabel('Platform address (base URL)')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Platform address (base URL)').fill('https://sandbox.example/api/v2');
  await form.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByTestId('new-workspace-status')).toContainText('Created “Acme Books”');
  await expect(page.getByRole('row', { name: /Acme Books/ })).toBeVisible();

  await page.getByRole('button', { name: 'Open “Acme Books”' }).click();
  await expect(current).toContainText('Acme Books', { timeout: 30_000 });
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await expect(page.getByTestId('credentials-state')).toContainText('Not set');

  const key = page.getByLabel('API key', { exact: true });
  const secret = page.getByLabel('API secret');
  await key.fill('acme-key');
  await secret.fill('acme-very-secret');
  await page.getByRole('button', { name: 'Save connection' }).click();
  await expect(page.getByTestId('connection-save-status')).toContainText('kept for this session only');
  await expect(key).toHaveValue('');
  await expect(secret).toHaveValue('');
  await expect(page.getByTestId('credentials-state')).toContainText('Entered in Settings');
  expect(await page.content()).not.toContain('acme-very-secret');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('connection-test-result')).toContainText('Not connected', {
    timeout: 60_000,
  });
  await screenshotWholePage(page, 'settings-platform-workspace.png');

  await page.getByRole('button', { name: 'Open the demo' }).click();
  await expect(current).toContainText('Demo workspace', { timeout: 30_000 });
  await expect(page.getByTestId('demo-connection-note')).toBeVisible();
  await expect(page.getByRole('row', { name: /Acme Books/ })).toBeVisible();
});
