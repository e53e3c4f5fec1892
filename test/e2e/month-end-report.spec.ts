import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { useDemoShell } from '../helpers/browser-shell';
import { readCsv } from '../helpers/csv-read';

// Month-end on the demo workspace: a person sets their name in Settings,
// signs off acknowledging what stays open (a summary per state first), then exports the report while
// the Reconciliation screen still filters its open items by State: every open item is in the file.
// Exporting only what the filter shows is an explicit choice, and that file names the filter.
const demo = useDemoShell('month-end-report');
const SHOTS = process.env.FLOATDESK_SHOTS ?? 'test/e2e/artifacts';

test.describe.configure({ timeout: 300_000 });

interface Row {
  paymentReference: string;
  createdAt: string;
  requested: { amount: string };
}
interface Item {
  kind: 'request' | 'line';
  id: string;
  state: string;
}

/** Three of the demo's approved GBP requests paid by reference, and one payment nobody asked for. */
async function importAndRun(page: Page): Promise<void> {
  const { rows } = await demo.rpc<{ rows: Row[] }>(page, 'transfers:list', {
    filters: { currency: 'GBP', statuses: ['approved'] },
    limit: 3,
  });
  const day = (row: Row): string => row.createdAt.slice(0, 10);
  const lines = [
    'Date,Amount,Currency,Reference,Description,Transaction ID',
    ...rows.map(
      (row, i) => `${day(row)},-${row.requested.amount},GBP,${row.paymentReference},TOP UP,ME-${i}`,
    ),
    `${day(rows[0]!)},-123.45,GBP,,UNKNOWN PAYEE,ME-9`,
  ];
  const csv = `${lines.join('\r\n')}\r\n`;
  await demo.rpc(page, 'recon:import', {
    fileName: 'month.csv',
    contentBase64: Buffer.from(csv, 'utf8').toString('base64'),
    currency: 'GBP',
  });
  await demo.rpc(page, 'recon:run', {});
}

async function openItems(page: Page, asOf: string): Promise<Item[]> {
  const all: Item[] = [];
  for (let offset = 0; ; offset += 500) {
    const { items } = await demo.rpc<{ items: Item[] }>(page, 'recon:items', { asOf, offset, limit: 500 });
    all.push(...items);
    if (items.length < 500) break;
  }
  return all.filter((item) => !['matched', 'resolved', 'signed_off'].includes(item.state));
}

async function shoot(page: Page, name: string, target?: ReturnType<Page['getByTestId']>): Promise<void> {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await target?.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('set a name, sign off acknowledging what stays open, export the complete report with a filter on screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await demo.openSynced(page);
  await importAndRun(page);

  // Settings: the person's name.
  await page.evaluate("window.location.hash = '#/settings'");
  const signer = page.getByTestId('settings-signer');
  await signer.getByLabel('Name', { exact: true }).fill('Ana Ruiz');
  await signer.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByTestId('signer-status')).toContainText('Saved');
  await shoot(page, 'settings-name', signer);

  // Period close: what stays open, per state in words with totals, then the acknowledgement.
  await page.evaluate("window.location.hash = '#/reconciliation'");
  await expect(page.getByTestId('recon-summary')).toBeVisible();
  const asOf = await page.getByLabel('As of', { exact: true }).inputValue();
  const period = page.getByTestId('recon-period-close');
  await period.getByTestId('recon-signoff-review').click();
  const confirm = period.getByTestId('recon-signoff-confirm');
  const open = confirm.getByTestId('recon-signoff-open');
  await expect(open).toBeVisible();
  await expect(open.getByTestId('recon-open-total').first()).toBeVisible();
  await expect(open).toContainText('Awaiting payment');
  await expect(open).not.toContainText('awaiting_payment');
  await expect(confirm.getByTestId('recon-signoff-by')).toContainText('Ana Ruiz');
  await shoot(page, 'signoff-open-items', open);
  // Not acknowledged: nothing is signed off, and the page says why.
  await confirm.getByTestId('recon-signoff-confirm-button').click();
  await expect(confirm.getByTestId('recon-signoff-acknowledge-error')).toBeVisible();
  expect((await demo.rpc<{ signOffs: unknown[] }>(page, 'recon:signoffs', {})).signOffs).toEqual([]);
  await confirm.getByTestId('recon-signoff-acknowledge').check();
  await confirm.getByTestId('recon-signoff-confirm-button').click();
  await expect(period.getByTestId('recon-signoff-result')).toBeVisible();
  await expect(period.getByTestId('recon-signoff').first()).toContainText('by Ana Ruiz');
  const entries = await demo.rpc<{ signOffs: Array<{ actorName: string | null }> }>(
    page,
    'recon:signoffs',
    {},
  );
  expect(entries.signOffs[0]!.actorName).toBe('Ana Ruiz');

  // A State filter on screen; the report still holds every open item.
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Unmatched bank payment' });
  await expect(page.getByTestId('recon-items-count')).not.toHaveText('');
  const expected = await openItems(page, asOf);
  expect(new Set(expected.map((item) => item.state)).size).toBeGreaterThan(1);

  await page.getByRole('button', { name: 'Export report…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export the reconciliation report' });
  await expect(dialog.getByTestId('recon-export-scope-complete')).toBeChecked();
  await expect(dialog).toContainText('Filter: state Unmatched bank payment');
  await dialog.getByRole('radio', { name: 'CSV', exact: true }).check();
  await dialog.getByLabel('Part of the report').selectOption('open-items');
  await shoot(page, 'export-dialog-choice');

  const download = async (): Promise<string[][]> => {
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: /^Export( again)?$/ }).click();
    return readCsv(readFileSync(await (await downloading).path(), 'utf8'));
  };
  const [header, ...rows] = await download();
  const idAt = header!.indexOf('Reference or bank id');
  expect(rows.map((row) => row[idAt]).sort()).toEqual(expected.map((item) => item.id).sort());
  expect(header).toContain('State code');
  expect(header).not.toContain('Filter applied');
  const states = new Set(rows.map((row) => row[header!.indexOf('State')]));
  expect([...states].every((state) => state !== undefined && !state.includes('_'))).toBe(true);

  // Only what the screen shows: an explicit choice, and the file names the filter.
  await dialog.getByTestId('recon-export-scope-shown').check();
  const [filteredHeader, ...filtered] = await download();
  const filterAt = filteredHeader!.indexOf('Filter applied');
  expect(filterAt).toBeGreaterThanOrEqual(0);
  expect(filtered.length).toBe(expected.filter((item) => item.state === 'unmatched_bank_payment').length);
  for (const row of filtered) expect(row[filterAt]).toBe('Only open items with state Unmatched bank payment');
});
