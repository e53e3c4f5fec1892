import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { useDemoShell } from '../helpers/browser-shell';
import { shootSizes } from '../helpers/screenshots';

// Settings → Accounting end to end on the demo workspace: the demo's floats are listed as having no
// accounts; a mapping CSV with a mistake is refused naming its line and column; the corrected file
// fills the table; a person changes one account, saves, reloads and finds it kept; the export is the
// mapping file again, with the change.
const demo = useDemoShell('accounting');
const SHOTS = process.env.FLOATDESK_SHOTS ?? 'test/e2e/artifacts/accounting';
const TITLES =
  'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account,tax_code,tracking';

test.describe.configure({ timeout: 300_000 });

interface Unmapped {
  float: string;
  currency: string;
}

const csvField = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

test('maps the demo floats to accounts from a CSV, edits one, and keeps it', async ({ page }) => {
  await demo.openSynced(page);
  const { unmapped } = await demo.rpc<{ unmapped: Unmapped[] }>(page, 'journals:mapping.get', {});
  expect(unmapped.length).toBeGreaterThan(1);
  const [first, second] = unmapped as [Unmapped, Unmapped];
  const line = (float: Unmapped, n: number) =>
    `${csvField(float.float)},${float.currency},12${n}0,1200,500${n},8100,1220,,Region=North`;

  await page.getByRole('link', { name: 'Settings' }).click();
  const section = page.getByTestId('settings-accounting');
  await expect(section.getByTestId('mapping-unmapped')).toContainText(
    `${unmapped.length} floats have no accounts yet`,
  );
  await expect(section.getByTestId('mapping-unmapped')).toContainText(`${first.float} (${first.currency})`);

  // A file with an empty bank account on its second row: refused, naming line 3 and the column.
  await section.getByTestId('mapping-file').setInputFiles({
    name: 'mapping.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${TITLES}\r\n${line(first, 1)}\r\n${line(second, 2).replace(',1200,', ',,')}\r\n`),
  });
  await expect(section.getByRole('alert')).toContainText('line 3, column bank_account');
  await expect(section.getByTestId('mapping-row')).toHaveCount(0);

  await section.getByTestId('mapping-file').setInputFiles({
    name: 'mapping.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${TITLES}\r\n${line(first, 1)}\r\n${line(second, 2)}\r\n`),
  });
  await expect(section.getByTestId('mapping-status')).toHaveText(
    'Imported mapping.csv: it replaced the accounts and is saved.',
  );
  await expect(section.getByTestId('mapping-row')).toHaveCount(2);
  await expect(section.getByTestId('mapping-table')).toContainText(first.float);
  await expect(section.getByRole('alert')).toHaveCount(0);

  // An account left empty is refused by float, currency and field; then a change is saved.
  const bank = section.getByLabel(`Bank account for ${first.float} (${first.currency})`);
  await expect(bank).toHaveValue('1200');
  await bank.fill('');
  await section.getByRole('button', { name: 'Save accounts' }).click();
  await expect(section.getByRole('alert')).toContainText(
    `"${first.float}" in ${first.currency}: bank account: it is empty`,
  );
  await expect(bank).toHaveAttribute('aria-invalid', 'true');
  await bank.fill('1205');
  await section.getByRole('button', { name: 'Save accounts' }).click();
  await expect(section.getByTestId('mapping-status')).toHaveText(/^Saved\./);
  await shootSizes(page, SHOTS, 'settings-accounting', 'settings-accounting');

  await page.reload();
  await page.getByRole('link', { name: 'Settings' }).click();
  const again = page.getByTestId('settings-accounting');
  await expect(again.getByLabel(`Bank account for ${first.float} (${first.currency})`)).toHaveValue('1205');
  await expect(again.getByTestId('mapping-row')).toHaveCount(2);

  const download = page.waitForEvent('download');
  await again.getByRole('button', { name: 'Export mapping CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^account-mapping-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text.startsWith(`\uFEFF${TITLES}\r\n`)).toBe(true);
  expect(text).toContain(
    `${csvField(first.float)},${first.currency},1210,1205,5001,8100,1220,,Region=North\r\n`,
  );
  expect(text).toContain(`${line(second, 2)}\r\n`);
});
