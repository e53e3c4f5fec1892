import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { assertBuilt, CLI_PATH, runCli, startServing, type RunningShell } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';
import { waitForFirstSync } from '../helpers/browser-shell';
import { derivePreviewToken } from '../../src/shared/security/template-preview';

// The brand catalogue end to end: a simulator in its own process with the admin API, a workspace
// connected to it, the browser shell. Search, facets, a brand's page, the face-value checker, a
// change made by the platform seen in "What changed", and a brand opened with the platform gone.
let temp: ReturnType<typeof makeTempDir>;
let simulator: RunningShell;
let shell: RunningShell;
const ARTIFACTS = 'test/e2e/artifacts';

test.describe.configure({ timeout: 240_000 });

test.beforeEach(async () => {
  assertBuilt();
  temp = makeTempDir('floatdesk-e2e-catalogue-');
  simulator = await startServing(['--port', '0', '--seed', '11', '--admin'], {
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

async function openSynced(page: Page): Promise<void> {
  await page.goto(shell.url);
  await waitForFirstSync(page);
}

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes[0]?.target.join(' ') ?? ''}`);
}

const results = (page: Page) => page.getByTestId('brands-results');
const rows = (page: Page) => page.getByTestId('brand-row');

async function total(page: Page): Promise<number> {
  await expect(results(page)).toHaveAttribute('data-ready', 'true');
  return Number(await results(page).getAttribute('data-total'));
}

async function facetCount(page: Page, testId: string): Promise<number> {
  const text = await page.getByTestId(testId).locator('xpath=..').getByTestId('facet-count').textContent();
  return Number((text ?? '').replaceAll(',', ''));
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.locator('main h1').scrollIntoViewIfNeeded();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${ARTIFACTS}/${name}-${scheme}.png`, fullPage: false });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('search, facets, a brand page, face values, templates, what changed, and a brand offline', async ({
  page,
}) => {
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text()))
      cspErrors.push(message.text());
  });
  await openSynced(page);
  await page.getByRole('link', { name: 'Brands' }).click();
  const all = await total(page);
  expect(all).toBe(120);
  await expect(page.getByTestId('brands-summary')).toContainText('120 brands');
  await expect(rows(page)).toHaveCount(50);
  await shoot(page, 'brands-list');
  expect(await axe(page)).toEqual([]);

  // Prefix search: "amb" finds the Amber brands; the URL keeps it.
  await page.getByTestId('brand-search').fill('amb');
  await expect(page).toHaveURL(/#\/brands\?q=amb$/);
  const found = await total(page);
  expect(found).toBeGreaterThan(0);
  expect(found).toBeLessThan(all);
  await expect(rows(page).first()).toContainText(/Amber/);
  await page.getByTestId('brand-search').fill('');
  await expect(page).toHaveURL(/#\/brands$/);
  expect(await total(page)).toBe(all);

  // A facet: the status count becomes the total, and the other facets' counts follow.
  const paused = await facetCount(page, 'facet-status-PAUSED');
  const gbpBefore = await facetCount(page, 'facet-currency-GBP');
  expect(paused).toBeGreaterThan(0);
  // Filter boxes follow the URL, which changes on the next task: click, then wait for the state.
  await page.getByTestId('facet-status-PAUSED').click();
  await expect(page.getByTestId('facet-status-PAUSED')).toBeChecked();
  await expect(page).toHaveURL(/status=PAUSED/);
  expect(await total(page)).toBe(paused);
  expect(await facetCount(page, 'facet-currency-GBP')).toBeLessThan(gbpBefore);
  for (const status of await rows(page).locator('.brand-status').allTextContents())
    expect(status).toBe('Paused');
  await page.getByTestId('facet-status-PAUSED').click();
  await expect(page.getByTestId('facet-status-PAUSED')).not.toBeChecked();
  expect(await total(page)).toBe(all);

  // A brand's page and the face-value checker.
  await page.goto(`${shell.url}#/brands/amber-tailors-online`);
  const brand = page.getByTestId('brand-page');
  await expect(brand.getByRole('heading', { level: 1 })).toHaveText('Amber Tailors Online');
  await expect(brand.getByTestId('brand-status')).toContainText('Enabled');
  await expect(brand.getByTestId('operations')).toContainText('DEL (means HTTP DELETE)');
  await page.getByTestId('face-value-input').fill('10');
  await page.getByTestId('face-value-check').click();
  const answer = page.getByTestId('face-value-answer');
  await expect(answer).toHaveAttribute('data-accepted', 'true');
  await expect(answer).toContainText('Yes');
  await page.getByTestId('face-value-input').fill('10.005');
  await page.getByTestId('face-value-check').click();
  await expect(answer).toHaveAttribute('data-accepted', 'false');
  await expect(answer).toContainText('not a whole multiple of 0.01');
  await expect(page.getByTestId('face-value-near')).toHaveText(['10', '10.01']);
  await page.getByTestId('face-value-near').last().click();
  await expect(page.getByTestId('face-value-input')).toHaveValue('10.01');
  await expect(answer).toHaveAttribute('data-accepted', 'true');
  await shoot(page, 'brand-page');
  expect(await axe(page)).toEqual([]);

  // A template preview: sanitised HTML in a frame with no permissions at all.
  const template = page.getByTestId('template-row').first();
  await template.getByRole('button', { name: /Preview/ }).click();
  const frame = page.getByTestId('template-preview').locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame).toHaveAttribute('src', /\/preview\/template\//);
  // The frame's address holds the preview-only token, never the session's (which opens /rpc).
  const src = new URL((await frame.getAttribute('src')) ?? '');
  expect(src.toString()).not.toContain(shell.token);
  expect(src.searchParams.get('token')).toBe(await derivePreviewToken(shell.token));
  // Its own document with its own CSP: the template's stylesheet (inlined) applies inside the frame.
  await expect
    .poll(async () => {
      const preview = page.frames().find((f) => f.url().includes('/preview/template/'));
      return preview?.evaluate<string>('getComputedStyle(document.body).backgroundColor').catch(() => null);
    })
    .toBe('rgb(244, 244, 244)');

  // Links: a vetted https link opens in a new tab (the system browser); a hostile one stays text.
  const links = page.getByTestId('brand-link');
  const openable = links.locator('a[target="_blank"]');
  await expect(openable.first()).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(openable.first()).toHaveAttribute('href', /^https:\/\//);
  await expect(links.filter({ hasText: 'javascript:' }).locator('a')).toHaveCount(0);

  // The platform changes a brand; a sync brings it to "What changed".
  const changed = await fetch(`${new URL(simulator.url).origin}/__admin/brands/amber-boutique-express`, {
    method: 'POST',
    body: JSON.stringify({ status: 'PAUSED', reason: 'Supplier review', discount: '9.5' }),
  });
  expect(changed.status).toBe(200);
  await page.getByTestId('sync-now').click();
  await expect(page.getByTestId('sync-now')).toBeVisible({ timeout: 120_000 });
  await page.goto(`${shell.url}#/brands?view=changes`);
  const change = page.locator('[data-testid="change-row"][data-slug="amber-boutique-express"]');
  await expect(change.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('changes-table')).toContainText(/status|Paused|PAUSED/i);
  await page.getByTestId('changes-kind-new').click();
  await expect(page.getByTestId('changes-kind-new')).toBeChecked();
  await expect(page).toHaveURL(/kind=new/);
  await expect(page.getByTestId('changes-empty')).toBeVisible();
  await page.getByTestId('changes-kind-new').click();
  await expect(page.getByTestId('changes-kind-new')).not.toBeChecked();
  await expect(change.first()).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await shoot(page, 'brands-changes');

  // The platform goes away: another brand still opens, from the ledger.
  await simulator.stop();
  await change.first().getByRole('link').click();
  await expect(brand.getByRole('heading', { level: 1 })).toHaveText('Amber Boutique Express');
  await expect(brand.getByTestId('brand-status')).toContainText('Paused');
  await expect(brand.getByTestId('brand-status')).toContainText('Supplier review');
  await expect(brand.getByTestId('brand-discount')).toContainText('9.5%');
  await page.getByRole('link', { name: '← All brands' }).click();
  await rows(page).nth(3).getByRole('link').click();
  await expect(brand.getByRole('heading', { level: 1 })).not.toHaveText('Brand');
  await expect(brand.getByTestId('rule-digital')).toBeVisible();
  if (cspErrors.length > 0) console.log(`CSP reports: ${cspErrors.join(' | ')}`);
});
