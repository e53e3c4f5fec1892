import { expect, test } from '@playwright/test';
import { useDemoShell } from '../helpers/browser-shell';
import { shootSizes } from '../helpers/screenshots';

// The roll-forward from the first start of the demo workspace: its bank statement loads in one
// click, matching runs, the roll-forward shows figures with where each comes from, and an opening
// balance entered through the form is used.
const demo = useDemoShell('rollforward');
const SHOTS = process.env.FLOATDESK_SHOTS ?? 'test/e2e/artifacts/rollforward';

test.describe.configure({ timeout: 300_000 });

test('on the demo: load the statement in one click, run, see the roll-forward with figures, enter an opening balance', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await demo.openSynced(page);
  await page.goto(`${demo.shell.origin}/#/reconciliation`);

  await page.getByRole('button', { name: 'Load the demo bank statement' }).click();
  await expect(page.getByText(/Loaded the demo bank statement: [\d,]+ lines added/)).toBeVisible({
    timeout: 60_000,
  });
  await page.getByTestId('recon-run').click();
  await expect(page.getByTestId('recon-run')).toHaveText('Run matching', { timeout: 60_000 });

  const table = page.getByTestId('recon-rollforward');
  await expect(table).toBeVisible({ timeout: 60_000 });
  const firstRow = table.locator('tbody tr').first();
  const opening = firstRow.locator('td').first();
  await expect(opening).not.toHaveText('—');
  await expect(opening).toHaveText(/\d/);
  await expect(firstRow.locator('td').nth(3)).toHaveText(/\d/);
  const bounds = page.getByTestId('recon-rollforward-bounds');
  await expect(bounds).toContainText(/balance of .+, \d+ hours? before the period start/);
  // No raw timestamps in the flags: dates and amounts are formatted.
  await expect(page.getByTestId('recon-rollforward-section')).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:/);
  await shootSizes(page, SHOTS, 'rollforward', 'recon-rollforward-section');

  const form = page.getByRole('form', { name: 'Enter an opening balance' });
  const float = await form.getByLabel('Float').inputValue();
  const currency = float.slice(0, 3);
  await form.getByLabel('Balance', { exact: true }).fill('150000');
  await form.getByLabel('Note').fill('Platform statement for October');
  await form.getByRole('button', { name: 'Save opening balance' }).click();
  await expect(page.getByTestId('recon-opening-saved')).toContainText('at the start of');
  await expect(page.getByTestId('recon-opening-entries')).toContainText('Platform statement for October');
  await expect(bounds).toContainText(/entered balance of .+, “Platform statement for October”/);
  await expect(page.getByTestId(`recon-rollforward-${currency}`).locator('td').first()).toHaveText(/\d/);
  await shootSizes(page, SHOTS, 'opening-balance', 'recon-rollforward-bounds');
});
