import { expect, test, type Page } from '@playwright/test';
import { useDemoShell } from '../helpers/browser-shell';

// From a low balance to a prefilled top-up, from pending payments to the pending requests, and the
// chosen number and date format on Balances, Transfers and Reconciliation — on the demo workspace.
const demo = useDemoShell('links');
const ARTIFACTS = 'test/e2e/artifacts';

test.describe.configure({ timeout: 240_000 });

async function openSynced(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 768 });
  await demo.openSynced(page);
}

interface FloatRow {
  name: string;
  currency: string;
  available: { amount: string } | null;
}

async function gbpMain(page: Page): Promise<FloatRow> {
  const response = await page.request.post(`${demo.shell.origin}/rpc/floats:list`, {
    headers: { Authorization: `Bearer ${demo.shell.token}` },
    data: {},
  });
  const body = (await response.json()) as { ok: boolean; value: { floats: FloatRow[] } };
  const main = body.value.floats.find((float) => float.currency === 'GBP' && float.name === 'Main');
  expect(main?.available).toBeTruthy();
  return main as FloatRow;
}

/** "499792.23" → 49979223n. */
const cents = (amount: string): bigint => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(`${whole}${fraction.padEnd(2, '0').slice(0, 2)}`);
};
const plain = (value: bigint): string => `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;

test('a float under its threshold offers a prefilled top-up; pending payments open the pending requests', async ({
  page,
}) => {
  await openSynced(page);
  const main = await gbpMain(page);
  const threshold = cents(main.available?.amount ?? '0') + 123_456n;
  const row = page.getByTestId('float-row-GBP-Main');

  await row.getByRole('button', { name: /low-balance threshold of GBP Main/ }).click();
  await row.getByLabel('Low-balance threshold for GBP Main, in GBP').fill(plain(threshold));
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByTestId('below-threshold')).toBeVisible();

  // The notice on the row: the form opens with the float chosen and what reaches the threshold.
  await row.getByTestId('request-top-up').click();
  await expect(page.getByTestId('new-transfer-page')).toBeVisible();
  await expect(page.locator('#transfer-float')).toHaveValue(JSON.stringify(['Main', 'GBP']));
  await expect(page.locator('#transfer-amount')).toHaveValue('1,234.56');
  await page.screenshot({ path: `${ARTIFACTS}/links-top-up-prefilled.png` });
  // The address asked once: it is the plain form again, and what the person types stays.
  await expect(page).toHaveURL(/#\/transfers\/new$/);

  // The low-balance notification after the next sync offers the same.
  await page.getByRole('link', { name: 'Balances' }).click();
  await page.getByTestId('sync-now').click();
  const notice = page.getByTestId('notification-low_balance');
  await expect(notice).toBeVisible({ timeout: 120_000 });
  const followUp = notice.getByTestId('notification-follow-up');
  await expect(followUp).toHaveText('Request a top-up');
  await expect(followUp).toHaveAttribute('href', /float=Main&currency=GBP&amount=\d+\.\d{2}/);
  await followUp.click();
  await expect(page.locator('#transfer-float')).toHaveValue(JSON.stringify(['Main', 'GBP']));
  // Written as a person types it in the chosen format (the browser's en-US here): "1,234.56".
  await expect(page.locator('#transfer-amount')).toHaveValue(/^\d{1,3}(,\d{3})*\.\d{2}$/);

  // Pending payments: the float's requests still waiting for the platform.
  await page.getByRole('link', { name: 'Balances' }).click();
  await row.getByTestId('pending-requests-link').click();
  await expect(page).toHaveURL(/#\/transfers\?float=Main&currency=GBP&status=pending$/);
  const grid = page.getByTestId('transfers-grid');
  await expect(grid).toHaveAttribute('data-ready', 'true');
  const rows = grid.getByTestId('transfer-row');
  await expect(rows.first()).toBeVisible();
  const statuses = await rows.evaluateAll((elements) => elements.map((el) => el.getAttribute('data-status')));
  expect(new Set(statuses)).toEqual(new Set(['pending']));
  await expect(page.getByTestId('transfers-summary')).toContainText('match');
  await expect(page.getByLabel('Float', { exact: true })).toHaveValue('Main');
});

test('with de-DE chosen, dates and amounts on Balances, Transfers and Reconciliation are German', async ({
  page,
}) => {
  await openSynced(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Format numbers and dates as').selectOption('de-DE');
  await page
    .getByRole('group', { name: 'Dates' })
    .getByLabel(/As the format above/)
    .check();
  await expect(page.getByTestId('format-preview')).toContainText('22.11.2026');

  // Balances: an amount, and the date on the chart's time axis.
  await page.getByRole('link', { name: 'Balances' }).click();
  const amount = page.locator('[data-testid^="float-row-"] .amount').first();
  await expect(amount).toHaveText(/^-?\d{1,3}(\.\d{3})*,\d+\s\S+$/u);
  const axis = page.locator('.chart-axis text').first();
  await expect(axis).toHaveText(/^\d{1,2}\. [A-Z][a-zä]{2}\.?(, \d{2}:\d{2})?$/u);

  // Transfers: the created date and the requested amount of a row.
  await page.getByRole('link', { name: 'Transfers' }).click();
  const row = page.getByTestId('transfer-row').first();
  await expect(row.locator('[role="gridcell"]').nth(0)).toHaveText(/^\d{2}\.\d{2}\.\d{2}, \d{2}:\d{2}$/);
  await expect(row.locator('[role="gridcell"]').nth(4)).toHaveText(/^\d{1,3}(\.\d{3})*(,\d+)?$/);
  await expect(page.getByTestId('transfers-summary')).toContainText(/^\d+ transfer requests/);

  // Reconciliation: an open item's date and amount.
  await page.getByRole('link', { name: 'Reconciliation' }).click();
  const item = page.getByTestId('recon-item').first();
  await expect(item).toBeVisible({ timeout: 60_000 });
  await expect(item.locator('time').first()).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
  await expect(item.locator('td.num').first()).toHaveText(/^-?\d{1,3}(\.\d{3})*(,\d+)?\s\S+$/u);
  await page.screenshot({ path: `${ARTIFACTS}/links-recon-de-DE.png` });
});
