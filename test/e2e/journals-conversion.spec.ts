import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { useDemoShell } from '../helpers/browser-shell';
import { readCsv } from '../helpers/csv-read';
import { shootSizes } from '../helpers/screenshots';

// Journals in the books' currency: the demo month signed off, its floats mapped with a rounding
// account and the books kept in GBP (Settings → Accounting); on the Reconciliation screen a person
// types the period's rate of each other currency, converts, sees the rate on each converted line,
// and exports: the file is in GBP and every journal balances.
const demo = useDemoShell('journals-conversion');
const SHOTS = process.env.FLOATDESK_SHOTS ?? 'test/e2e/artifacts/journals-conversion';
const TITLES =
  'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account,rounding_account';

test.describe.configure({ timeout: 300_000 });

const csvField = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

test('a person converts the EUR journal to GBP with a typed rate and sees the rate on the line', async ({
  page,
}) => {
  await demo.openSynced(page);
  await page.getByRole('link', { name: 'Reconciliation', exact: true }).click();
  await page.getByRole('button', { name: 'Load the demo bank statement' }).click();
  await expect(page.getByText(/Loaded the demo bank statement: [\d,]+ lines added/)).toBeVisible({
    timeout: 60_000,
  });
  await page.getByTestId('recon-run').click();
  await expect(page.getByTestId('recon-run-result')).toContainText(/Matching as of .* done/, {
    timeout: 60_000,
  });
  const asOf = await page.getByLabel('As of', { exact: true }).inputValue();
  await demo.rpc(page, 'recon:signoff', { asOf, acknowledgeOpenItems: true });

  // Settings → Accounting: the accounts with a rounding account, and the books kept in GBP.
  const { unmapped } = await demo.rpc<{ unmapped: { float: string; currency: string }[] }>(
    page,
    'journals:mapping.get',
    {},
  );
  const rows = unmapped.map(
    (float, n) => `${csvField(float.float)},${float.currency},14${n}0,1200,500${n},8100,1300,7999`,
  );
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  const accounting = page.getByTestId('settings-accounting');
  await accounting.getByTestId('mapping-file').setInputFiles({
    name: 'accounts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${TITLES}\r\n${rows.join('\r\n')}\r\n`),
  });
  await expect(accounting.getByTestId('mapping-row')).toHaveCount(unmapped.length);
  await expect(accounting.getByTestId('mapping-roundingAccount-0')).toHaveValue('7999');
  await accounting.getByLabel('Books kept in').fill('gbp');
  await accounting.getByRole('button', { name: 'Save accounts' }).click();
  await expect(accounting.getByTestId('mapping-status')).toContainText('Saved');
  await expect(accounting.getByLabel('Books kept in')).toHaveValue('GBP');

  // The Journals part: the books' currency prefilled, a rate for each other currency.
  await page.getByRole('link', { name: 'Reconciliation', exact: true }).click();
  const journals = page.getByTestId('recon-journals');
  await journals.getByRole('button', { name: 'Show the journals' }).click();
  const conversion = journals.getByTestId('recon-journals-conversion');
  await expect(conversion).toBeVisible();
  await expect(conversion.getByLabel('Books kept in')).toHaveValue('GBP');
  const euro = conversion.getByLabel('1 EUR in GBP');
  await expect(euro).toBeVisible();
  // Without a rate for every other currency, the preview names what is missing.
  await conversion.getByRole('button', { name: 'Convert' }).click();
  await expect(journals.getByTestId('recon-journals-missing')).toContainText('No EUR rate to GBP');
  await euro.fill('0.8612');
  const others = conversion.getByLabel(/^1 [A-Z]{3} in GBP$/);
  for (let index = 0; index < (await others.count()); index++) {
    const field = others.nth(index);
    if ((await field.inputValue()) === '') await field.fill('1.25');
  }
  await conversion.getByRole('button', { name: 'Convert' }).click();
  await expect(journals.getByTestId('recon-journals-missing')).toHaveCount(0);

  const converted = journals.getByTestId('recon-journal').filter({ hasText: 'EUR converted to GBP' }).first();
  await expect(converted).toBeVisible();
  await converted.locator('summary').click();
  await expect(converted.getByTestId('recon-journal-rate').first()).toContainText(
    /€[\d,]+\.\d{2} at 0\.8612/,
  );
  await expect(converted).not.toContainText('[');
  await shootSizes(page, SHOTS, 'journals-converted', 'recon-journals');

  await journals.getByLabel('Format').selectOption({ label: 'Double-entry CSV' });
  const download = page.waitForEvent('download');
  await journals.getByRole('button', { name: 'Export journals' }).click();
  const file = await download;
  await expect(journals.getByTestId('recon-journals-exported')).toContainText('in GBP');
  const table = readCsv(readFileSync((await file.path())!, 'utf8')).slice(1);
  const sums = new Map<string, bigint>();
  const cents = (text: string | undefined): bigint => (text ? BigInt(text.replace('.', '')) : 0n);
  for (const [journal, , , description, , currency, debit, credit] of table) {
    expect(currency).toBe('GBP');
    if (journal!.endsWith('-EUR') && !description!.startsWith('Rounding'))
      expect(description).toMatch(/ \[\d+\.\d{2} EUR at 0\.8612\]$/);
    sums.set(journal!, (sums.get(journal!) ?? 0n) + cents(debit) - cents(credit));
  }
  expect([...sums.keys()].some((journal) => journal.endsWith('-EUR'))).toBe(true);
  for (const [journal, balance] of sums) expect(balance, journal).toBe(0n);

  // A rates CSV: its rows shown, its dated rate used from that day on.
  const firstOfMonth = `${asOf.slice(0, 8)}01`;
  await conversion.getByTestId('recon-journals-rates-file').setInputFiles({
    name: 'rates.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`date,currency,rate\r\n${firstOfMonth},EUR,0.8700\r\n`),
  });
  const imported = conversion.getByTestId('recon-journals-imported-rates');
  await expect(imported.locator('tbody tr')).toHaveCount(1);
  await expect(imported).toContainText('0.87');
  await conversion.getByRole('button', { name: 'Convert' }).click();
  const again = journals.getByTestId('recon-journal').filter({ hasText: 'EUR converted to GBP' }).first();
  await again.locator('summary').click();
  await expect(again.getByTestId('recon-journal-rate').first()).toContainText(/ at 0\.87$/);
});
