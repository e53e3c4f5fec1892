import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { assertBuilt, CLI_PATH, runCli, startServing, type RunningShell } from '../helpers/cli';
import { call } from '../helpers/sim-http';
import { waitForFirstSync } from '../helpers/browser-shell';
import { makeTempDir } from '../helpers/temp-dir';

// Transfer requests end to end: the browser shell on a platform workspace whose platform is the
// simulator in its own process with the admin API on (the built-in demo simulator has none), so a
// test can approve a request as the platform would, and can take the platform away (offline).
let temp: ReturnType<typeof makeTempDir>;
let simulator: RunningShell;
let shell: RunningShell;
const ARTIFACTS = 'test/e2e/artifacts';

test.describe.configure({ timeout: 240_000 });

test.beforeEach(async () => {
  assertBuilt();
  temp = makeTempDir('floatdesk-e2e-transfers-');
  simulator = await startServing(['--port', '0', '--seed', '11', '--transfers', '600', '--admin'], {
    command: [CLI_PATH, 'simulator'],
    urlPattern: /Base URL:\s+(\S+)/,
  });
  const init = runCli(['workspace', 'init', temp.dir, '--base-url', simulator.url, '--name', 'Acme']);
  expect(init.status, init.stderr).toBe(0);
  shell = await startServing(['--workspace', temp.dir, '--port', '0'], {
    env: { FLOATDESK_API_KEY: 'demo-key', FLOATDESK_API_SECRET: 'demo-secret' },
  });
});

test.afterEach(async () => {
  await shell?.stop();
  await simulator?.stop();
  temp?.cleanup();
});

/** The app open, its first sync over. */
async function openSynced(page: Page): Promise<void> {
  await page.goto(shell.url);
  await waitForFirstSync(page);
}

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes[0]?.target.join(' ') ?? ''}`);
}

const rows = (page: Page) => page.getByTestId('transfer-row');
const grid = (page: Page) => page.getByTestId('transfers-grid');

/** Count the transfers:submit calls the page makes. */
function countSubmissions(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.url().includes('/rpc/transfers:submit')) count++;
  });
  return () => count;
}

async function fillNewRequest(page: Page, amount: string): Promise<void> {
  await page.getByTestId('new-transfer').click();
  await expect(page.getByRole('heading', { name: 'New transfer request' })).toBeVisible();
  const float = page.getByLabel('Float and currency');
  await expect(float.locator('option')).not.toHaveCount(1);
  await float.selectOption({ index: 1 });
  await page.getByLabel(/^Amount/).fill(amount);
}

test('the table: filter by status through the UI, the URL keeps it, a row opens its timeline', async ({
  page,
}) => {
  await openSynced(page);
  await page.getByRole('link', { name: 'Transfers' }).click();
  await expect(grid(page)).toHaveAttribute('data-ready', 'true');
  await expect(rows(page).first()).toBeVisible();
  const total = Number(await grid(page).getAttribute('data-total'));
  expect(total).toBeGreaterThan(50);
  await expect(page.getByTestId('transfers-summary')).toContainText(
    `${total.toLocaleString('en-US')} transfer requests`,
  );

  // check() asserts the box flipped right after the click: the route follows in the same event.
  await page.getByTestId('status-filter-pending').check();
  await expect(page).toHaveURL(/#\/transfers\?status=pending$/);
  // Back undoes the filter, forward restores it (history entries, as links make them).
  await page.goBack();
  await expect(page).toHaveURL(/#\/transfers$/);
  await expect(page.getByTestId('status-filter-pending')).not.toBeChecked();
  await expect(grid(page)).toHaveAttribute('data-total', String(total));
  await page.goForward();
  await expect(page).toHaveURL(/#\/transfers\?status=pending$/);
  await expect(page.getByTestId('status-filter-pending')).toBeChecked();
  await expect(grid(page)).toHaveAttribute('data-ready', 'true');
  const pending = Number(await grid(page).getAttribute('data-total'));
  expect(pending).toBeGreaterThan(0);
  expect(pending).toBeLessThan(total);
  for (const status of await rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-status'))))
    expect(status).toBe('pending');

  // Free text: typed, then in the URL too (bookmarkable); a reload reopens the same view.
  const reference = (await rows(page).first().locator('.reference').textContent()) ?? '';
  await page.getByLabel('Search').fill(reference);
  await expect(page).toHaveURL(new RegExp(`text=${reference}`));
  await expect(grid(page)).toHaveAttribute('data-total', '1');
  await page.reload();
  await expect(grid(page)).toHaveAttribute('data-total', '1');
  await expect(page.getByLabel('Search')).toHaveValue(reference);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/#\/transfers$/);

  // Sorting: the header says how it sorts.
  await page.getByTestId('sort-requested').click();
  await expect(page.getByRole('columnheader', { name: /Requested/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(page).toHaveURL(/sort=requested/);

  // Keyboard: arrows select, Enter opens the detail, Escape closes it.
  await grid(page).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[role="row"][aria-selected="true"]')).toHaveAttribute('aria-rowindex', '3');
  await page.keyboard.press('Enter');
  const detail = page.getByTestId('transfer-detail');
  await expect(detail.getByTestId('transfer-timeline')).toContainText('First seen');
  await expect(detail.getByRole('heading', { level: 2 })).toBeFocused();
  expect(await axe(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(grid(page)).toBeFocused();

  await page.getByLabel('Search').fill('no such thing at all');
  await expect(page.getByTestId('transfers-empty')).toContainText('No transfer requests match these filters');
  await page.getByTestId('transfers-empty').getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows(page).first()).toBeVisible();
});

test('a new request: an invalid amount sends nothing; sent, it is pending; approved and synced, it shows approved with its timeline', async ({
  page,
}) => {
  const submissions = countSubmissions(page);
  await openSynced(page);
  await page.getByRole('link', { name: 'Transfers' }).click();
  await fillNewRequest(page, '12.345');
  const reference = await page.getByLabel('Payment reference').inputValue();
  expect(reference).toMatch(/^RF\d{16}$/);
  await page.getByTestId('transfer-review').click();
  const amount = page.getByLabel(/^Amount/);
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('transfer-amount-error')).toHaveText('Amount may have at most two decimals');
  await expect(amount).toHaveAttribute('aria-describedby', /transfer-amount-error/);
  await expect(amount).toBeFocused();
  expect(await axe(page)).toEqual([]);
  expect(submissions()).toBe(0);

  await amount.fill('2500.00');
  await page.getByTestId('transfer-review').click();
  const confirm = page.getByTestId('transfer-confirm');
  await expect(confirm.getByTestId('confirm-amount')).toContainText('2500.00');
  await expect(confirm.getByTestId('confirm-reference')).toHaveText(reference);
  expect(await axe(page)).toEqual([]);
  expect(submissions()).toBe(0);
  await confirm.getByTestId('transfer-send').click();

  // Back on the table, the new request selected, pending.
  await expect(page).toHaveURL(/#\/transfers$/);
  await expect(page.getByTestId('submission-banner')).toContainText(reference);
  const mine = page.locator('[role="row"][aria-selected="true"]');
  await expect(mine).toContainText(reference);
  await expect(mine).toHaveAttribute('data-status', 'pending');
  await expect(mine).toContainText('Sent here');
  expect(submissions()).toBe(1);

  // The platform approves it; Sync now brings the news.
  const decided = await fetch(`${new URL(simulator.url).origin}/__admin/transfers/${reference}/decide`, {
    method: 'POST',
    body: JSON.stringify({ status: 'approved' }),
  });
  expect(decided.status).toBe(200);
  await page.getByTestId('sync-now').click();
  await expect(page.getByTestId('sync-now')).toBeVisible({ timeout: 120_000 });
  await page.getByLabel('Payment reference', { exact: true }).fill(reference);
  await expect(grid(page)).toHaveAttribute('data-total', '1');
  await expect(rows(page).first()).toHaveAttribute('data-status', 'approved', { timeout: 30_000 });
  await rows(page).first().click();
  const timeline = page.getByTestId('transfer-timeline');
  await expect(timeline).toContainText('Sent from this workspace');
  await expect(timeline).toContainText('First seen: Pending');
  await expect(timeline).toContainText('Status became Approved');
});

test('a top-up whose answer is lost (cut short, then never finished) is registered once, pending', async ({
  page,
}) => {
  // The simulator's one clock dates the request within the submission, so the lookup after the lost
  // answer recognises it: registered, never "choose another reference".
  const submissions = countSubmissions(page);
  const origin = new URL(simulator.url).origin;
  const platform = { baseUrl: simulator.url, apiKey: 'demo-key', apiSecret: 'demo-secret' };
  await openSynced(page);
  await page.getByRole('link', { name: 'Transfers' }).click();
  for (const [kind, amount] of [
    ['truncate', '1234.56'],
    ['stall', '2345.67'],
  ] as const) {
    const fault = await fetch(`${origin}/__admin/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind, path: '/float/request-payment-transfer', count: 1 }),
    });
    expect(fault.status).toBe(200);
    await fillNewRequest(page, amount);
    const reference = await page.getByLabel('Payment reference').inputValue();
    await page.getByTestId('transfer-review').click();
    await page.getByTestId('transfer-confirm').getByTestId('transfer-send').click();

    // A stalled answer takes the body timeout (30 s) before FloatDesk looks the reference up.
    await expect(page.getByTestId('submission-banner')).toContainText(reference, { timeout: 120_000 });
    await expect(page).toHaveURL(/#\/transfers$/);
    const mine = page.locator('[role="row"][aria-selected="true"]');
    await expect(mine).toContainText(reference);
    await expect(mine).toHaveAttribute('data-status', 'pending');
    await expect(mine).toContainText('Sent here');
    await expect(page.getByText(/choose another reference/)).toHaveCount(0);

    // The fault took the POST's answer, and the platform holds the request exactly once.
    const left = (await (await fetch(`${origin}/__admin/faults`)).json()) as { data: { faults: unknown[] } };
    expect(left.data.faults).toEqual([]);
    const listed = await call(platform, 'GET', '/float/transfer-requests', {
      query: { payment_reference: reference },
    });
    expect(listed.json().data).toEqual([
      expect.objectContaining({ payment_reference: reference, status: 'pending' }),
    ]);
  }
  expect(submissions()).toBe(2);
});

test('offline: the platform unreachable, the request is kept as a draft and says why', async ({ page }) => {
  const submissions = countSubmissions(page);
  await openSynced(page);
  await simulator.stop(); // the platform goes away
  await page.getByRole('link', { name: 'Transfers' }).click();
  await fillNewRequest(page, '75.10');
  await page.getByTestId('transfer-review').click();
  await page.getByTestId('transfer-send').click();
  const outcome = page.getByTestId('submit-outcome-offline');
  await expect(outcome).toContainText('Not sent');
  await expect(outcome).toContainText('kept as a draft');
  expect(submissions()).toBe(1);
  const draft = page.getByTestId('transfer-draft');
  await expect(draft).toHaveCount(1);
  await expect(draft).toContainText('75.10');
  expect(await axe(page)).toEqual([]);
  // A reload keeps it; it can be deleted.
  await page.reload();
  await expect(page.getByTestId('transfer-draft')).toHaveCount(1);
  await page
    .getByTestId('transfer-draft')
    .getByRole('button', { name: /Delete/ })
    .click();
  await expect(page.getByTestId('transfer-draft')).toHaveCount(0);
});

test('screenshots of Transfers, the detail and the New form, light and dark', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSynced(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate("window.location.hash = '#/transfers?status=approved_edited,pending'");
    await expect(grid(page)).toHaveAttribute('data-ready', 'true');
    await expect(rows(page).first()).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/transfers-${scheme}.png` });
    await rows(page).nth(1).click();
    await expect(page.getByTestId('transfer-timeline')).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/transfers-detail-${scheme}.png` });
    await page.keyboard.press('Escape');
    await page.evaluate("window.location.hash = '#/transfers/new'");
    await page.getByLabel('Float and currency').selectOption({ index: 1 });
    await page.getByLabel(/^Amount/).fill('1.234');
    await page.getByTestId('transfer-review').click();
    await page.screenshot({ path: `${ARTIFACTS}/transfers-new-${scheme}.png` });
    await page.getByLabel(/^Amount/).fill('1250.00');
    await page.getByTestId('transfer-review').click();
    await page.screenshot({ path: `${ARTIFACTS}/transfers-confirm-${scheme}.png` });
    await page.getByRole('button', { name: 'Back to edit' }).click();
  }
});
