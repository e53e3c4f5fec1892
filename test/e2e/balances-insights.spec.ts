import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { assertBuilt, REPO_ROOT, startServing, type RunningShell } from '../helpers/cli';
import { recordBalances } from '../helpers/ledger-fixture';
import { makeTempDir } from '../helpers/temp-dir';

// The demo workspace on a fresh data folder: the core syncs by itself on first start. One shell
// for the file; the tests run in order (history needs two syncs, the threshold a third).
let temp: ReturnType<typeof makeTempDir>;
let shell: RunningShell;
const ARTIFACTS = join(REPO_ROOT, 'test', 'e2e', 'artifacts');

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(async () => {
  assertBuilt();
  temp = makeTempDir('floatdesk-e2e-insights-');
  shell = await startServing(['--port', '0'], { env: { FLOATDESK_HOME: temp.dir } });
});

test.afterAll(async () => {
  await shell?.stop();
  temp?.cleanup();
});

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.help} — ${v.nodes.map((node) => node.target.join(' ')).join('; ')}`,
  );
}

async function syncIdle(page: Page): Promise<void> {
  await expect(page.getByTestId('sync-now')).toBeVisible({ timeout: 150_000 });
}

async function syncNow(page: Page): Promise<void> {
  await syncIdle(page);
  await page.getByTestId('sync-now').click();
  await expect(page.getByTestId('sync-cancel').or(page.getByTestId('sync-now'))).toBeVisible();
  await syncIdle(page);
}

/** The first float row of the first currency, and its currency and name. */
async function firstFloat(page: Page): Promise<{ row: Locator; currency: string; name: string }> {
  const row = page.locator('[data-testid^="float-row-"]').first();
  const testId = (await row.getAttribute('data-testid')) ?? '';
  const [, currency = '', name = ''] = /^float-row-([A-Z]{3})-(.*)$/.exec(testId) ?? [];
  return { row, currency, name };
}

test('each float has a history chart whose points read exactly, by mouse and by keyboard', async ({
  page,
}) => {
  await page.goto(shell.url);
  await syncIdle(page);
  await syncNow(page); // a second snapshot of every float
  const { row, currency, name } = await firstFloat(page);
  const available = (await row.locator('td.num .amount').first().textContent())?.trim() ?? '';
  expect(available).toMatch(/\d/);

  const card = page.getByTestId(`history-${currency}-${name}`);
  const chart = card.getByRole('slider', { name: `Available balance history of ${currency} ${name}` });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('aria-valuemax', /^([2-9]|\d{2,})$/);

  // Hover the right end: the latest point, the balance the table shows, digit for digit.
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart has no box');
  await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2);
  const tooltip = card.getByTestId('chart-tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip.locator('.chart-tooltip-value')).toHaveText(available);
  await expect(tooltip.locator('.chart-tooltip-time')).toHaveText(/\d{4}/);
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);

  // Keyboard: focus shows the latest point; Home goes to the first; End and the arrows move on.
  await chart.focus();
  await expect(tooltip).toBeVisible();
  await page.keyboard.press('Home');
  await expect(chart).toHaveAttribute('aria-valuenow', '1');
  await page.keyboard.press('ArrowRight');
  await expect(chart).toHaveAttribute('aria-valuenow', '2');
  await page.keyboard.press('End');
  await expect(chart).toHaveAttribute(
    'aria-valuetext',
    new RegExp(`^${available.replace(/[.$^()|*+?[\]\\]/g, '\\$&')} on `),
  );
  await expect(tooltip.locator('.chart-tooltip-value')).toHaveText(available);
});

test('the runway counts the recent drops per day, exactly', async ({ page }) => {
  await page.goto(shell.url);
  await syncIdle(page);
  const { currency } = await firstFloat(page);
  // Another process (a CLI sync, say) recorded a float of its own over three days: 1,000 a day left it.
  // (The demo's floats have a year of history behind them, so the check uses a float with only these.)
  const name = 'Runway check';
  const ledger = join(temp.dir, 'workspaces', 'demo', 'ledger.sqlite');
  const latest = Date.now() - 60_000;
  for (const [days, available] of [
    [2, '12000'],
    [1, '11000'],
    [0, '10000'],
  ] as const) {
    recordBalances(
      ledger,
      [{ currency, name, available, pending: '0', platformRefreshedAt: null }],
      new Date(latest - days * 86_400_000).toISOString(),
    );
  }
  const runway = page.getByTestId(`float-row-${currency}-${name}`).locator('td.runway');
  await expect(runway).toContainText('≈ 10 days', { timeout: 15_000 });
  await expect(runway).toContainText(/at \D*1,000(\.0+)?\D*\/day/);
});

test('a threshold above the balance marks the float, and the next sync raises the banner once', async ({
  page,
}) => {
  await page.goto(shell.url);
  await syncIdle(page);
  const { row, currency, name } = await firstFloat(page);
  const available = (await row.locator('td.num .amount').first().textContent()) ?? '';
  const whole = BigInt(available.replace(/[^\d.]/g, '').split('.')[0] ?? '0');
  const threshold = `${whole + 1_000_000n}`;

  await row.getByRole('button', { name: `Set the low-balance threshold of ${currency} ${name}` }).click();
  const input = row.getByRole('textbox', {
    name: new RegExp(`Low-balance threshold for ${currency} ${name}`),
  });
  await expect(input).toBeFocused();
  await input.fill('12.345');
  await input.press('Enter');
  await expect(row.getByRole('alert')).toContainText(/decimal places?; this amount has 3/);
  await input.fill(threshold);
  await input.press('Enter');
  await expect(row.getByTestId(`threshold-${currency}-${name}`)).toContainText(
    new Intl.NumberFormat('en-US').format(BigInt(threshold)),
  );
  await expect(row.getByTestId('below-threshold')).toBeVisible();
  await expect(
    row.getByRole('button', { name: `Change the low-balance threshold of ${currency} ${name}` }),
  ).toBeFocused();

  const banner = page.getByTestId('notification-banner');
  await expect(banner.getByTestId('notification-low_balance')).toHaveCount(0);
  await syncNow(page);
  const notice = banner.getByTestId('notification-low_balance');
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText(`Low balance: ${currency} ${name}`);
  await expect(banner.getByRole('status')).toHaveAttribute('aria-live', 'polite');

  mkdirSync(ARTIFACTS, { recursive: true });
  // The content scrolls inside the frame: make the window as tall as the content to see all of it.
  const height = await page.locator('main').evaluate((main) => main.scrollHeight + 80);
  await page.setViewportSize({ width: 1280, height: Math.min(Math.max(height, 720), 4000) });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.getByTestId(`history-${currency}-${name}`).getByRole('slider').hover();
    await page.screenshot({ path: join(ARTIFACTS, `balances-${colorScheme}.png`) });
    expect(await axeViolations(page), `Balances with a notification (${colorScheme})`).toEqual([]);
    await page
      .getByTestId(`currency-group-${currency}`)
      .screenshot({ path: join(ARTIFACTS, `balances-${currency}-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Still under after another sync: no second notice.
  await syncNow(page);
  await expect(notice).toHaveCount(1);
  await notice.getByRole('button', { name: `Dismiss: Low balance: ${currency} ${name}` }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId(`float-row-${currency}-${name}`)).toBeVisible();
  await expect(page.getByTestId('notification-low_balance')).toHaveCount(0);
});

test('stale and undated balances are marked; the threshold form passes axe in both themes', async ({
  page,
}) => {
  const own = makeTempDir('floatdesk-e2e-stale-');
  const served = await startServing(['--workspace', own.dir, '--port', '0']);
  try {
    const hourAgo = Date.now() - 61 * 60_000;
    recordBalances(
      join(own.dir, 'ledger.sqlite'),
      [
        {
          currency: 'GBP',
          name: 'Old news',
          available: '1250.50',
          pending: '0',
          platformRefreshedAt: new Date(hourAgo).toISOString(),
        },
        { currency: 'GBP', name: 'Undated', available: '99.99', pending: '0', platformRefreshedAt: null },
        {
          currency: 'GBP',
          name: 'Fresh',
          available: '10',
          pending: '0',
          platformRefreshedAt: new Date().toISOString(),
        },
      ],
      new Date().toISOString(),
    );
    await page.goto(served.url);
    await expect(page.getByTestId('float-row-GBP-Old news').getByTestId('staleness-stale')).toBeVisible();
    await expect(page.getByTestId('float-row-GBP-Undated').getByTestId('staleness-unknown')).toBeVisible();
    await expect(page.getByTestId('float-row-GBP-Fresh').locator('[data-testid^="staleness-"]')).toHaveCount(
      0,
    );
    await expect(page.getByTestId('float-row-GBP-Fresh').locator('td.runway')).toContainText(
      'no recent spend',
    );
    await page.getByRole('button', { name: 'Set the low-balance threshold of GBP Undated' }).click();
    await page.getByRole('textbox', { name: /Low-balance threshold for GBP Undated/ }).fill('1.234');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('float-row-GBP-Undated').getByRole('alert')).toBeVisible();
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.setViewportSize({ width: 1280, height: 1400 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page
        .getByTestId('currency-group-GBP')
        .screenshot({ path: join(ARTIFACTS, `balances-staleness-${colorScheme}.png`) });
      expect(await axeViolations(page), `Balances with the threshold form (${colorScheme})`).toEqual([]);
    }
    await page.keyboard.press('Escape');
    await expect(
      page.getByRole('button', { name: 'Set the low-balance threshold of GBP Undated' }),
    ).toBeFocused();
  } finally {
    await served.stop();
    own.cleanup();
  }
});
