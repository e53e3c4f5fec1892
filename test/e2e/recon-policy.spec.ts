import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { useDemoShell } from '../helpers/browser-shell';

// Settings → Reconciliation end to end on the demo workspace: a statement pays one request by
// reference to the penny, one by reference 3.00 over, and one with no reference. The preview lists
// only the first; with a GBP tolerance of 5.00 set in Settings it lists the first two, and the run
// then stores exactly those. The payment with no reference stays a suggestion throughout.
const demo = useDemoShell('policy');
const ARTIFACTS = 'test/e2e/artifacts';
/** Where a person looks at the screenshots (FLOATDESK_SHOTS), besides the artifacts folder. */
const SHOTS = process.env.FLOATDESK_SHOTS;

test.describe.configure({ timeout: 300_000 });

interface Row {
  paymentReference: string;
  createdAt: string;
  requested: { amount: string };
}

/** "1234.5" + 3 units, exactly, as text with two decimals. */
function plus(amount: string, units: number): string {
  const [whole, fraction = ''] = amount.split('.');
  const cents = BigInt(`${whole}${fraction.padEnd(2, '0').slice(0, 2)}`) + BigInt(units * 100);
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

function statementCsv([a, b, c]: Row[]): string {
  const day = (row: Row): string => row.createdAt.slice(0, 10);
  return [
    'Date,Amount,Currency,Reference,Description,Transaction ID',
    `${day(a!)},-${a!.requested.amount},GBP,${a!.paymentReference},FLOAT TOP UP,POL-1`,
    `${day(b!)},-${plus(b!.requested.amount, 3)},GBP,${b!.paymentReference},FLOAT TOP UP WITH FEE,POL-2`,
    `${day(c!)},-${c!.requested.amount},GBP,,NO REFERENCE GIVEN,POL-3`,
    '',
  ].join('\r\n');
}

async function saveProfile(page: Page): Promise<void> {
  const details = page.getByTestId('recon-new-profile');
  await details.locator('summary').click();
  const form = details.getByRole('form', { name: 'New CSV profile' });
  await form.getByLabel('Profile name').fill('Policy bank');
  await form.getByLabel('Booking date').fill('Date');
  await form.getByLabel('Amount', { exact: true }).fill('Amount');
  await form.getByLabel('Currency column').fill('Currency');
  await form.getByLabel('Reference').fill('Reference');
  await form.getByLabel('Payment text').fill('Description');
  await form.getByLabel('Bank transaction id').fill('Transaction ID');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByLabel('CSV profile', { exact: true })).toHaveValue('Policy bank');
}

async function previewReferences(page: Page): Promise<string[]> {
  await page.getByTestId('recon-preview-run').click();
  const preview = page.getByTestId('recon-preview');
  await expect(preview).toContainText('nothing written');
  return preview.getByTestId('recon-preview-match').locator('th').allInnerTexts();
}

async function shoot(page: Page, name: string, target: () => ReturnType<Page['locator']>): Promise<void> {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      await target().scrollIntoViewIfNeeded();
      const file = `${name}-${width}x${height}-${colorScheme}.png`;
      await page.screenshot({ path: join(ARTIFACTS, file) });
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        copyFileSync(join(ARTIFACTS, file), join(SHOTS, file));
      }
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('the preview lists the matches the policy allows, and the run makes exactly those', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await demo.openSynced(page);
  const { rows } = await demo.rpc<{ rows: Row[] }>(page, 'transfers:list', {
    filters: { currency: 'GBP', statuses: ['approved'] },
    limit: 3,
  });
  expect(rows).toHaveLength(3);
  const [a, b, c] = rows as [Row, Row, Row];

  await page.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page.getByTestId('recon-summary')).toBeVisible();
  await saveProfile(page);
  await page.getByTestId('recon-file').setInputFiles({
    name: 'policy.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(statementCsv(rows), 'utf8'),
  });
  await expect(page.getByTestId('recon-import-result')).toContainText('3 added');

  // Defaults: only the payment that agrees to the penny is matched without a person.
  expect(await previewReferences(page)).toEqual([a.paymentReference]);
  const first = page.getByTestId('recon-preview-match').first();
  await expect(first).toContainText('Exact payment reference');
  await expect(first).toContainText('FLOAT TOP UP');
  await expect(page.getByTestId('recon-preview')).not.toContainText('sha256:');
  await page.getByRole('button', { name: 'Close the preview' }).click();

  // Settings → Reconciliation: a GBP tolerance of 5.00.
  await page.getByRole('link', { name: 'Settings' }).click();
  const section = page.getByTestId('settings-reconciliation');
  await expect(section.getByLabel('Exact payment reference')).toBeChecked();
  await expect(section.getByLabel('Split payments adding up exactly')).not.toBeChecked();
  await section.getByRole('button', { name: 'Add a currency' }).click();
  await section.getByLabel('Currency', { exact: true }).fill('GBP');
  await section.getByLabel('Tolerance', { exact: true }).fill('5,00');
  await section.getByRole('button', { name: 'Save reconciliation settings' }).click();
  await expect(section.getByTestId('recon-tolerance-amount-0-error')).toContainText('Enter an amount');
  await section.getByLabel('Tolerance', { exact: true }).fill('5.00');
  // The start date: the day of the oldest of the three; every older open item is out of scope.
  const start = rows.map((row) => row.createdAt.slice(0, 10)).sort()[0]!;
  await section.getByLabel('Reconciliation starts on').fill(start);
  await section.getByRole('button', { name: 'Save reconciliation settings' }).click();
  await expect(section.getByTestId('recon-settings-status')).toHaveText(/^Saved\./);
  await shoot(page, 'settings-reconciliation', () => section);

  // Now the payment 3.00 over is within tolerance: the preview lists both, the run stores both.
  await page.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page.getByTestId('recon-summary')).toBeVisible();
  await expect(page.getByTestId('recon-count-out-of-scope')).toContainText('Before reconciliation start');
  const listed = await previewReferences(page);
  expect([...listed].sort()).toEqual([a.paymentReference, b.paymentReference].sort());
  await shoot(page, 'reconciliation-preview', () => page.getByTestId('recon-preview'));
  await page.getByRole('button', { name: 'Run matching now' }).click();
  await expect(page.getByTestId('recon-run-result')).toContainText('2 matches added');

  const { items } = await demo.rpc<{
    items: Array<{ kind: string; id: string; match: { rule: string } | null }>;
  }>(page, 'recon:items', { limit: 500 });
  const matched = items
    .filter((item) => item.kind === 'request' && item.match !== null)
    .map((item) => item.id)
    .sort();
  expect(matched).toEqual([...listed].sort());
  expect(matched).not.toContain(c.paymentReference);
});
