import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { recordBalances } from '../helpers/ledger-fixture';
import { assertBuilt, startServing, type RunningShell } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';

// Real UI, real browser shell, real core worker, real ledger file.
let temp: ReturnType<typeof makeTempDir>;
let shell: RunningShell;

test.beforeEach(async () => {
  assertBuilt();
  temp = makeTempDir('floatdesk-e2e-');
  shell = await startServing(['--workspace', temp.dir, '--port', '0']);
});

test.afterEach(async () => {
  await shell?.stop();
  temp?.cleanup();
});

const ledger = () => join(temp.dir, 'ledger.sqlite');

test('the app frame opens on Balances with a clear empty state', async ({ page }) => {
  await page.goto(shell.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  for (const label of ['Balances', 'Transfers', 'Reconciliation', 'Brands', 'Settings']) {
    await expect(page.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(page.getByTestId('balances-page')).toBeVisible();
  await expect(page.getByTestId('balances-empty')).toContainText('No floats in this workspace yet');
  // The token leaves the visible URL once the page has it.
  expect(page.url()).not.toContain('token=');
});

test('Balances lists what the ledger holds, grouped by currency then float, exactly', async ({ page }) => {
  recordBalances(
    ledger(),
    [
      {
        currency: 'GBP',
        name: 'Operations',
        available: '12345678901234.56',
        pending: '250',
        platformRefreshedAt: '2026-11-22T08:45:00+00:00',
      },
      {
        currency: 'GBP',
        name: 'Marketing',
        available: '1000.005',
        pending: '0',
        platformRefreshedAt: '2026-11-22T08:45:00+00:00',
      },
      { currency: 'EUR', name: 'Europe', available: '99.9', pending: '0', platformRefreshedAt: null },
    ],
    '2026-11-22T08:46:00.000Z',
  );
  await page.goto(shell.url);
  const groups = page.locator('[data-testid^="currency-group-"]');
  await expect(groups).toHaveCount(2);
  await expect(groups.nth(0)).toHaveAttribute('data-testid', 'currency-group-EUR');
  await expect(groups.nth(1)).toHaveAttribute('data-testid', 'currency-group-GBP');

  const gbpRows = page.getByTestId('currency-group-GBP').locator('[data-testid^="float-row-"]');
  await expect(gbpRows).toHaveCount(2);
  await expect(gbpRows.nth(0)).toHaveAttribute('data-testid', 'float-row-GBP-Marketing');
  const operations = page.getByTestId('float-row-GBP-Operations');
  // Every digit of an amount beyond what a binary float can hold.
  await expect(operations).toContainText('12,345,678,901,234.56');
  await expect(operations).toContainText('250.00');
  // Over-precise value: shown exactly, and flagged.
  const marketing = page.getByTestId('float-row-GBP-Marketing');
  await expect(marketing).toContainText('1,000.005');
  await expect(marketing.getByTestId('over-precise-flag')).toBeVisible();
  await expect(operations.getByTestId('over-precise-flag')).toHaveCount(0);
  await expect(page.getByTestId('float-row-EUR-Europe')).toContainText('99.90');
});

test('Balances refreshes by itself when another process writes the ledger', async ({ page }) => {
  await page.goto(shell.url);
  await expect(page.getByTestId('balances-empty')).toBeVisible();
  recordBalances(
    ledger(),
    [{ currency: 'USD', name: 'US Ops', available: '42', pending: '0', platformRefreshedAt: null }],
    '2026-11-22T09:00:00.000Z',
  );
  await expect(page.getByTestId('float-row-USD-US Ops')).toContainText('42.00');
});

test('Settings shows the ledger file and schema version from app:status', async ({ page }) => {
  await page.goto(shell.url);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.getByText(ledger())).toBeVisible();
  // Playwright cannot load the migration list (.sql files): the page must show 'N of N'.
  await expect(page.getByText(/^(\d+) of \1$/)).toBeVisible();
});

test('a page opened without the token explains what to do', async ({ page }) => {
  await page.goto(shell.origin + '/');
  await expect(page.getByText(/floatdesk serve/)).toBeVisible();
});
