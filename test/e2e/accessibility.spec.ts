import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { assertBuilt, startServing, type RunningShell } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';

// axe-core on every main screen of the demo workspace, in light and dark: names, roles, contrast,
// landmarks. Any violation fails with axe's own list of what and where.
let temp: ReturnType<typeof makeTempDir>;
let shell: RunningShell;

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  assertBuilt();
  temp = makeTempDir('floatdesk-e2e-a11y-');
  shell = await startServing(['--port', '0'], { env: { FLOATDESK_HOME: temp.dir } });
});

test.afterAll(async () => {
  await shell?.stop();
  temp?.cleanup();
});

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join('; ')}`,
  );
}

async function openDemo(page: Page): Promise<void> {
  await page.goto(shell.url);
  // The first demo sync fills the ledger; the screens are checked with data in them.
  await expect(page.getByTestId('sync-now')).toBeVisible({ timeout: 180_000 });
}

const SCREENS = [
  { name: 'Balances', hash: '#/balances' },
  { name: 'Transfers', hash: '#/transfers' },
  { name: 'New transfer request', hash: '#/transfers/new' },
  { name: 'Reconciliation', hash: '#/reconciliation' },
  { name: 'Brands', hash: '#/brands' },
  { name: 'Brands: what changed', hash: '#/brands?view=changes' },
  { name: 'Settings', hash: '#/settings' },
] as const;

for (const scheme of ['light', 'dark'] as const) {
  test(`every main screen passes axe in the ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openDemo(page);
    for (const screen of SCREENS) {
      await page.evaluate(`window.location.hash = ${JSON.stringify(screen.hash)}`);
      await expect(page.locator('main h1')).toBeVisible();
      // Loaded: no loading line left (the event stream keeps the network busy for good).
      await expect(page.locator('.state-loading')).toHaveCount(0);
      expect(await violations(page), `${screen.name} (${scheme})`).toEqual([]);
    }
    await page.getByTestId('sync-details').locator('summary').click();
    expect(await violations(page), `sync details (${scheme})`).toEqual([]);
    await page.keyboard.press('Escape');
    await page.locator('main h1').focus();
    await page.keyboard.press('?');
    await expect(page.getByTestId('shortcuts')).toBeVisible();
    expect(await violations(page), `shortcuts dialog (${scheme})`).toEqual([]);
    await page.keyboard.press('Escape');
  });
}

test('shortcuts move between pages and never fire while typing', async ({ page }) => {
  await openDemo(page);
  await page.locator('main h1').focus();
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(page).toHaveURL(/#\/settings/);
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/#\/transfers\/new/);
  const amount = page.getByLabel(/amount/i).first();
  await amount.focus();
  await page.keyboard.type('g b n 12.50');
  await expect(page).toHaveURL(/#\/transfers\/new/);
});
