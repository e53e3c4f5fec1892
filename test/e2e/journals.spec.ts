import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { useDemoShell } from '../helpers/browser-shell';
import { readCsv } from '../helpers/csv-read';
import { shootSizes } from '../helpers/screenshots';

// From the demo's month-end to the books: the demo statement loaded and matched, the month signed
// off, the floats mapped to accounts in Settings → Accounting, then on the Reconciliation screen the
// journals previewed (from the sign-off, each balancing, totals per account) and exported as the
// generic double-entry CSV: the downloaded file balances and is the one whose SHA-256 the screen shows.
const demo = useDemoShell('journals');
const SHOTS = process.env.FLOATDESK_SHOTS ?? 'test/e2e/artifacts/journals';
const TITLES = 'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account';

test.describe.configure({ timeout: 300_000 });

interface Unmapped {
  float: string;
  currency: string;
}

const csvField = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

test('the signed-off month as journals for the books: mapped, previewed and exported', async ({ page }) => {
  await demo.openSynced(page);
  await page.getByRole('link', { name: 'Reconciliation', exact: true }).click();
  await expect(page.getByTestId('recon-summary')).toBeVisible();
  await page.getByRole('button', { name: 'Load the demo bank statement' }).click();
  await expect(page.getByText(/Loaded the demo bank statement: [\d,]+ lines added/)).toBeVisible({
    timeout: 60_000,
  });
  await page.getByTestId('recon-run').click();
  await expect(page.getByTestId('recon-run-result')).toContainText(/Matching as of .* done/, {
    timeout: 60_000,
  });
  const asOf = await page.getByLabel('As of', { exact: true }).inputValue();
  const journals = page.getByTestId('recon-journals');
  await journals.getByRole('button', { name: 'Show the journals' }).click();
  // Before any account is mapped, the journals name what they need.
  await expect(journals.getByTestId('recon-journals-missing')).toContainText('has no accounts');
  await expect(journals.getByTestId('recon-journals-origin')).toContainText('Draft');

  await demo.rpc(page, 'recon:signoff', { asOf, acknowledgeOpenItems: true });

  // Settings → Accounting: every float of the demo gets its accounts from a mapping file.
  const { unmapped } = await demo.rpc<{ unmapped: Unmapped[] }>(page, 'journals:mapping.get', {});
  const rows = unmapped.map(
    (float, n) => `${csvField(float.float)},${float.currency},14${n}0,1200,500${n},8100,1300`,
  );
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  const accounting = page.getByTestId('settings-accounting');
  await accounting.getByTestId('mapping-file').setInputFiles({
    name: 'accounts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${TITLES}\r\n${rows.join('\r\n')}\r\n`),
  });
  await expect(accounting.getByTestId('mapping-row')).toHaveCount(unmapped.length);

  // Back on the Reconciliation screen: the journals of the signed-off month.
  await page.getByRole('link', { name: 'Reconciliation', exact: true }).click();
  await expect(journals.getByTestId('recon-journals-origin')).toContainText('From sign-off 1');
  await expect(journals.getByTestId('recon-journals-missing')).toHaveCount(0);
  const first = journals.getByTestId('recon-journal').first();
  await expect(first).toBeVisible();
  await first.locator('summary').click();
  await expect(first.locator('tbody tr').first()).toBeVisible();
  await expect(journals.getByTestId('recon-journal-accounts')).toContainText('1200');
  await expect(journals).not.toContainText('sha256:');
  await shootSizes(page, SHOTS, 'journals-preview', 'recon-journals');

  await journals.getByLabel('Format').selectOption({ label: 'Double-entry CSV' });
  const download = page.waitForEvent('download');
  await journals.getByRole('button', { name: 'Export journals' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`floatdesk-journals-${asOf}-csv.csv`);
  const exported = journals.getByTestId('recon-journals-exported');
  await expect(exported).toContainText(file.suggestedFilename());
  const bytes = readFileSync((await file.path())!);
  await expect(exported).toContainText(createHash('sha256').update(bytes).digest('hex'));
  const table = readCsv(bytes.toString('utf8'));
  expect(table[0]).toEqual([
    'Journal',
    'Date',
    'Account',
    'Description',
    'Reference',
    'Currency',
    'Debit',
    'Credit',
  ]);
  const sums = new Map<string, number>();
  for (const [journal, , , , , , debit, credit] of table.slice(1)) {
    // Cents as integers: exact for the demo's amounts.
    const cents = (text: string | undefined): number => (text ? Math.round(Number(text) * 100) : 0);
    sums.set(journal!, (sums.get(journal!) ?? 0) + cents(debit) - cents(credit));
    expect(journal).toMatch(new RegExp(`^FD-S1-${asOf}-`));
  }
  expect(sums.size).toBeGreaterThan(0);
  for (const [journal, balance] of sums) expect(balance, journal).toBe(0);
  await shootSizes(page, SHOTS, 'journals-exported', 'recon-journals');
});
