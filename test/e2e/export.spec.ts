import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { useDemoShell } from '../helpers/browser-shell';
import { readCsv } from '../helpers/csv-read';
import { readXlsx } from '../helpers/xlsx-read';

// Spreadsheet export through the UI on the demo workspace: the Export dialog, its
// download in the browser shell, and the file's exact content against what the core lists.
const demo = useDemoShell('export');
const ARTIFACTS = 'test/e2e/artifacts';

test.describe.configure({ timeout: 240_000 });

interface Row {
  paymentReference: string;
  currency: string;
  status: string;
  requested: { amount: string };
  approved: { amount: string } | null;
}

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes[0]?.target.join(' ') ?? ''}`);
}

test('transfers: the filtered, sorted table to CSV through the dialog, exactly', async ({ page }) => {
  await demo.openSynced(page);
  await page.evaluate("window.location.hash = '#/transfers'");
  const grid = page.getByTestId('transfers-grid');
  await expect(grid).toHaveAttribute('data-ready', 'true');
  // The box follows the URL, which changes on the next task: click, then wait for the state.
  await page.getByTestId('status-filter-approved').click();
  await expect(page.getByTestId('status-filter-approved')).toBeChecked();
  await page.getByTestId('sort-requested').click();
  await expect(page).toHaveURL(/status=approved.*sort=requested|sort=requested.*status=approved/);
  await expect(grid).toHaveAttribute('data-ready', 'true');
  const total = Number(await grid.getAttribute('data-total'));
  expect(total).toBeGreaterThan(0);

  // The dialog: labelled, focus on the chosen format, says which rows will leave.
  const button = page.getByRole('button', { name: 'Export transfer requests…' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Export transfer requests' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`The ${total.toLocaleString('en-US')} transfer request`);
  await expect(dialog).toContainText('status approved');
  await expect(dialog.getByRole('radio', { name: 'CSV', exact: true })).toBeFocused();
  expect(await axe(page)).toEqual([]);
  await page.screenshot({ path: `${ARTIFACTS}/export-dialog-light.png` });
  await page.evaluate("document.documentElement.dataset.theme = 'dark'");
  await page.screenshot({ path: `${ARTIFACTS}/export-dialog-dark.png` });
  expect(await axe(page)).toEqual([]);
  await page.evaluate('delete document.documentElement.dataset.theme');

  // Escape closes it and focus returns to the button; the format chosen is remembered.
  await dialog.getByRole('radio', { name: /^Excel/ }).check();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  await button.click();
  await dialog.getByRole('radio', { name: 'CSV', exact: true }).check();

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^floatdesk-transfers-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync(await download.path());
  await expect(page.getByTestId('transfers-export-outcome')).toContainText(
    `Downloaded ${download.suggestedFilename()}: ${total.toLocaleString('en-US')} row`,
  );
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.screenshot({ path: `${ARTIFACTS}/export-dialog-done-light.png` });

  // UTF-8 with BOM, CRLF after every record, the header, then exactly the rows the table lists.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  const [header, ...records] = readCsv(text);
  expect(header).toEqual([
    'Payment reference',
    'Created at',
    'Float',
    'Currency',
    'Requested',
    'Approved',
    'Difference',
    'Status',
    'Origin',
    'Last changed at',
    'Over-precise',
  ]);
  const listed: Row[] = [];
  while (listed.length < total) {
    const page_ = await demo.rpc<{ rows: Row[] }>(page, 'transfers:list', {
      filters: { statuses: ['approved'] },
      sort: { column: 'requested', direction: 'asc' },
      offset: listed.length,
      limit: 1000,
    });
    listed.push(...page_.rows);
  }
  expect(records.length).toBe(total);
  expect(records.map((r) => [r[0], r[3], r[4], r[5], r[7]])).toEqual(
    listed.map((r) => [
      r.paymentReference,
      r.currency,
      r.requested.amount,
      r.approved?.amount ?? '',
      r.status,
    ]),
  );

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(button).toBeFocused();
  await expect(page.getByTestId('transfers-export-status')).toHaveText(
    `Downloaded ${download.suggestedFilename()}`,
  );
});

test('reconciliation: the report as one XLSX workbook with its six sheets', async ({ page }) => {
  await demo.openSynced(page);
  await page.evaluate("window.location.hash = '#/reconciliation'");
  await expect(page.getByTestId('reconciliation-page')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'As of', exact: true })).not.toHaveValue('');

  await page.getByRole('button', { name: 'Export report…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export the reconciliation report' });
  // A report is first offered as a workbook; CSV asks which part.
  await expect(dialog.getByRole('radio', { name: /^Excel/ })).toBeChecked();
  await expect(dialog).toContainText('The workbook holds every part as a sheet');
  await dialog.getByRole('radio', { name: 'CSV', exact: true }).check();
  await expect(dialog.getByLabel('Part of the report')).toHaveValue('all');
  await dialog.getByRole('radio', { name: /^Excel/ }).check();
  await expect(dialog.getByLabel('Part of the report')).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^floatdesk-reconciliation-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const path = await download.path();
  expect(readFileSync(path).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  const sheets = readXlsx(path);
  expect(sheets.map((sheet) => sheet.name)).toEqual([
    'Summary',
    'Roll-forward',
    'Matches',
    'Open items',
    'Resolutions',
    'Audit',
  ]);
  for (const sheet of sheets) expect(sheet.frozenRows).toBe(1);
  await expect(page.getByTestId('recon-export-outcome')).toContainText('Downloaded');

  // The audit log has its own export in the period-close area.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Export audit log…' })).toBeVisible();
});
