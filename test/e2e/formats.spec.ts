import { expect, test, type Page } from '@playwright/test';
import { assertBuilt, startServing, type RunningShell } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';
import { shootSizes } from '../helpers/screenshots';

// The chosen number and date format on the Reconciliation screen: counts grouped as de-DE groups
// them ("1.234", never "1234" or the browser's "1,234"), and dates typed and shown as de-DE writes
// them in every date field, ISO still accepted, an impossible date refused in words.
let temp: ReturnType<typeof makeTempDir>;
let shell: RunningShell;
const SHOTS = process.env.FLOATDESK_SHOTS ?? 'test/e2e/artifacts/formats';

test.describe.configure({ timeout: 300_000 });

test.beforeEach(async () => {
  assertBuilt();
  temp = makeTempDir('floatdesk-e2e-formats-');
  shell = await startServing(['--port', '0'], { env: { FLOATDESK_HOME: temp.dir } });
});

test.afterEach(async () => {
  await shell?.stop();
  temp?.cleanup();
});

/** Every figure of the summary and the items' count, as the page shows them. */
async function counts(page: Page): Promise<string[]> {
  const figures = await page.getByTestId('recon-summary').locator('dd').allInnerTexts();
  return [...figures, await page.getByTestId('recon-items-count').innerText()];
}

test('de-DE: counts grouped with a dot; dates typed as DD.MM.YYYY or ISO; an impossible date refused', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(shell.url);
  await expect(page.getByTestId('sync-now')).toBeVisible({ timeout: 180_000 });

  await page.evaluate("window.location.hash = '#/settings'");
  await page.getByLabel('Format numbers and dates as').selectOption('de-DE');
  await expect(page.getByLabel('Format numbers and dates as')).toHaveValue('de-DE');
  await page.getByLabel('As the format above writes them').check();
  await expect(page.getByTestId('format-preview')).toContainText('22.11.2026');

  await page.evaluate("window.location.hash = '#/reconciliation'");
  await page.getByRole('button', { name: 'Load the demo bank statement' }).click();
  const loaded = page.getByText(/Loaded the demo bank statement: [\d.]+ lines added/);
  await expect(loaded).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('recon-run').click();
  await expect(page.getByTestId('recon-run-result')).toContainText(
    /Matching as of \d{2}\.\d{2}\.\d{4} done/,
    {
      timeout: 60_000,
    },
  );

  // A year of demo history: thousands appear, and each is grouped as de-DE groups them.
  // A statement of 1,200 payments no request explains, read by its column titles: thousands appear.
  const lines = Array.from(
    { length: 1200 },
    (_, i) => `2026-10-${String(1 + (i % 28)).padStart(2, '0')},-${7 + i}.13,GBP,,E2E SUPPLIER ${i},E2E-${i}`,
  );
  await page.getByTestId('recon-file').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `Date,Amount,Currency,Reference,Description,Transaction ID\r\n${lines.join('\r\n')}\r\n`,
    ),
  });
  await expect(page.getByTestId('recon-import-result')).toContainText('1.200 lines read, 1.200 added', {
    timeout: 60_000,
  });
  await page.getByTestId('recon-run').click();
  await expect(page.getByTestId('recon-run')).toHaveText('Run matching', { timeout: 120_000 });
  await expect(page.getByTestId('recon-items-count')).not.toHaveText('');
  const shown = await counts(page);
  expect(shown.join(' | ')).toMatch(/\d\.\d{3}/);
  for (const text of shown) expect(text, text).not.toMatch(/\d{4}|\d,\d{3}/);
  await shootSizes(page, SHOTS, 'reconciliation-summary-de', 'recon-summary');

  // The as-of date shows as de-DE writes it; a date typed that way is read.
  const asOf = page.getByLabel('As of', { exact: true });
  await expect(asOf).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/);
  const from = page.getByLabel('From', { exact: true });
  const to = page.getByLabel('To', { exact: true });
  await from.fill('1.10.2026');
  await to.fill('2026-10-31');
  await page.getByRole('button', { name: 'Show period' }).click();
  await expect(from).toHaveValue('01.10.2026');
  await expect(to).toHaveValue('31.10.2026');
  await expect(page.getByTestId('recon-rollforward')).toBeVisible({ timeout: 60_000 });

  // A date that does not exist is refused in words, and not used.
  await from.fill('31.02.2026');
  await to.focus();
  await expect(page.getByTestId('recon-rf-from-date-problem')).toHaveText(
    '"31.02.2026" is not a date: February 2026 has 28 days.',
  );
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await shootSizes(page, SHOTS, 'date-field-problem-de', 'recon-rollforward-section');
  await from.fill('01.10.2026');
  await expect(page.getByTestId('recon-rf-from-date-problem')).toHaveCount(0);
});
