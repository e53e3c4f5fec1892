import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { useDemoShell } from '../helpers/browser-shell';

// Reconciliation end to end on the demo workspace: a CSV statement built here pays some of the
// demo's transfer requests by reference; it is imported through the file input with a CSV profile
// made on the page, matched, and reviewed (resolve, undo, a suggestion, a manual match).
const demo = useDemoShell('recon');
const ARTIFACTS = 'test/e2e/artifacts';

test.describe.configure({ timeout: 240_000 });

interface Row {
  paymentReference: string;
  createdAt: string;
  currency: string;
  requested: { amount: string };
}

async function approvedGbpRequests(page: Page): Promise<Row[]> {
  const { rows } = await demo.rpc<{ rows: Row[] }>(page, 'transfers:list', {
    filters: { currency: 'GBP', statuses: ['approved'] },
    limit: 5,
  });
  expect(rows.length).toBe(5);
  return rows;
}

/**
 * Three payments by reference, one unknown payment, one for a GBP request paid in EUR, one without
 * reference, and one request paid twice (two payments naming it: a conflict for a person).
 */
function statementCsv(rows: Row[]): string {
  const day = (row: Row): string => row.createdAt.slice(0, 10);
  const [a, b, c, d, e] = rows as [Row, Row, Row, Row, Row];
  const lines = [
    'Date,Amount,Currency,Reference,Description,Transaction ID',
    ...[a, b, c].map(
      (row, index) =>
        `${day(row)},-${row.requested.amount},GBP,${row.paymentReference},FLOAT TOP UP,E2E-${index + 1}`,
    ),
    `${day(a)},-123.45,GBP,,E2E UNKNOWN PAYEE,E2E-4`,
    `${day(d)},-${d.requested.amount},EUR,${d.paymentReference},FLOAT TOP UP EUR ACCOUNT,E2E-5`,
    `${day(a)},-77.70,GBP,,E2E HAND MATCH,E2E-6`,
    `${day(e)},-${e.requested.amount},GBP,${e.paymentReference},FLOAT TOP UP,E2E-7`,
    `${day(e)},-${e.requested.amount},GBP,${e.paymentReference},FLOAT TOP UP AGAIN,E2E-8`,
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** The figure of a state in the summary ("1,234" → 1234). */
async function count(page: Page, state: string): Promise<number> {
  const text = await page.getByTestId(`recon-count-${state}`).locator('dd').innerText();
  return Number((/^[\d,]+/.exec(text.trim())?.[0] ?? 'NaN').replace(/,/g, ''));
}

const itemRow = (page: Page, text: string): Locator =>
  page.getByTestId('recon-item').filter({ hasText: text });

async function chooseState(page: Page, label: string): Promise<void> {
  await page.getByLabel('State', { exact: true }).selectOption({ label });
  await expect(page.getByTestId('recon-items-count')).not.toHaveText('');
}

/** The item's row, paging on (50 items a page) until it shows. */
async function findItem(page: Page, text: string): Promise<Locator> {
  const row = itemRow(page, text);
  const next = page.getByRole('button', { name: /^Next \d+$/ });
  for (let pages = 0; pages < 10; pages++) {
    if ((await row.count()) > 0 || (await next.count()) === 0 || (await next.isDisabled())) break;
    const count = await page.getByTestId('recon-items-count').textContent();
    await next.click();
    await expect(page.getByTestId('recon-items-count')).not.toHaveText(count ?? '');
  }
  return row;
}

async function saveProfile(page: Page): Promise<void> {
  const details = page.getByTestId('recon-new-profile');
  await details.locator('summary').click();
  const form = details.getByRole('form', { name: 'New CSV profile' });
  await form.getByLabel('Profile name').fill('E2E bank');
  await form.getByLabel('Booking date').fill('Date');
  await form.getByLabel('Amount', { exact: true }).fill('Amount');
  await form.getByLabel('Currency column').fill('Currency');
  await form.getByLabel('Reference').fill('Reference');
  await form.getByLabel('Payment text').fill('Description');
  await form.getByLabel('Bank transaction id').fill('Transaction ID');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByLabel('CSV profile', { exact: true })).toHaveValue('E2E bank');
  await expect(page.getByTestId('recon-announcement')).toContainText('Saved the CSV profile “E2E bank”');
}

async function importStatement(page: Page, csv: string): Promise<Locator> {
  await page.getByTestId('recon-file').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  const result = page.getByTestId('recon-import-result');
  await expect(result).toBeVisible();
  return result;
}

async function screenshotWholePage(page: Page, name: string): Promise<void> {
  const before = page.viewportSize() ?? { width: 1440, height: 900 };
  const height = await page.evaluate<number>(
    `(() => { const main = document.querySelector('main');
      return main ? Math.ceil(main.getBoundingClientRect().top + main.scrollHeight) : document.body.scrollHeight; })()`,
  );
  await page.setViewportSize({ width: before.width, height: Math.max(before.height, height) });
  await page.screenshot({ path: `${ARTIFACTS}/${name}` });
  await page.setViewportSize(before);
}

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes[0]?.target.join(' ') ?? ''}`);
}

test('import a statement, run matching, resolve, undo, review a suggestion and match by hand', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await demo.openSynced(page);
  const rows = await approvedGbpRequests(page);
  await page.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page.getByTestId('reconciliation-page')).toBeVisible();
  await expect(page.getByTestId('recon-summary')).toBeVisible();
  const matchedBefore = await count(page, 'matched');

  // A CSV needs a profile: made on the page, then chosen for the import.
  await saveProfile(page);
  const csv = statementCsv(rows);
  const result = await importStatement(page, csv);
  await expect(result).toContainText('Imported statement.csv (CSV): 8 lines read, 8 added, 0 already known.');
  // The same statement again adds nothing.
  await importStatement(page, csv);
  await expect(result).toContainText('8 lines read, 0 added, 8 already known.');

  // Preview writes nothing; the run does.
  await page.getByTestId('recon-preview-run').click();
  await expect(page.getByTestId('recon-preview')).toContainText('nothing written');
  expect(await count(page, 'matched')).toBe(matchedBefore);
  await page.getByTestId('recon-run').click();
  await expect(page.getByTestId('recon-run-result')).toContainText(/Matching as of .* done: \d+ match/);
  await expect.poll(() => count(page, 'matched')).toBeGreaterThanOrEqual(matchedBefore + 3);
  expect(await count(page, 'unmatched_bank_payment')).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('recon-announcement')).toContainText('Matching as of');

  // Resolve the unknown payment: a dialog with a reason and a required note.
  await chooseState(page, 'Unmatched bank payment');
  const unknown = itemRow(page, 'E2E UNKNOWN PAYEE');
  await expect(unknown).toBeVisible();
  await expect(unknown.locator('.num')).toHaveText('-£123.45');
  const resolveButton = unknown.getByRole('button', { name: /^Resolve bank line/ });
  await resolveButton.click();
  const dialog = page.getByTestId('recon-resolve-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  // Escape closes it and focus returns to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(resolveButton).toBeFocused();
  await resolveButton.click();
  await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(dialog.getByText('Write a note: an auditor reads it later.')).toBeVisible();
  await dialog.getByLabel('Reason').selectOption({ label: 'Not a top-up' });
  await dialog.getByLabel('Note').fill('Paid to a supplier from the float account by mistake');
  await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('recon-announcement')).toContainText(
    /^Resolved bank line .* \(not a top-up\)\.$/,
  );
  await expect(unknown).toHaveCount(0);
  const lastDecision = page.getByTestId('recon-last-decision');
  await expect(lastDecision).toContainText('Resolved bank line');

  // Undo (always with a reason) brings it back; resolve it again for good.
  await lastDecision.getByRole('button', { name: /^Undo: Resolved bank line/ }).click();
  const undo = page.getByTestId('recon-undo-dialog');
  await expect(undo.getByLabel('Reason')).toBeFocused();
  await undo.getByRole('button', { name: 'Undo the decision' }).click();
  await expect(undo.getByText('Write why this decision is undone')).toBeVisible();
  await undo.getByLabel('Reason').fill('Resolved the wrong line');
  await undo.getByRole('button', { name: 'Undo the decision' }).click();
  await expect(undo).toHaveCount(0);
  await expect(page.getByTestId('recon-announcement')).toContainText(
    /^Undone: Resolved bank line .* \(reason: Resolved the wrong line\)\.$/,
  );
  await expect(unknown).toBeVisible();
  await unknown.getByRole('button', { name: /^Resolve bank line/ }).click();
  await dialog.getByLabel('Reason').selectOption({ label: 'Other' });
  await dialog.getByLabel('Note').fill('Not ours');
  await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(unknown).toHaveCount(0);
  await chooseState(page, 'Resolved');
  await expect(await findItem(page, 'E2E UNKNOWN PAYEE')).toContainText('Resolved: Other');

  // Two payments name one request: a person picks the one that pays it.
  const suggestions = page.getByTestId('recon-suggestion');
  const paidTwice = suggestions.filter({ hasText: 'E2E-8' });
  await expect(paidTwice).toBeVisible();
  await expect(paidTwice.getByTestId('recon-suggestion-option')).toHaveCount(2);
  await expect(paidTwice.locator('.recon-reason')).not.toBeEmpty();
  const waiting = await suggestions.count();
  await paidTwice.getByRole('button', { name: /^Confirm option 1 of suggestion \d+$/ }).click();
  await expect(page.getByTestId('recon-announcement')).toContainText('Confirmed the match of bank line');
  await expect(suggestions).toHaveCount(waiting - 1);
  await expect(page.getByTestId('recon-last-decision')).toContainText('Confirmed the match of');

  // The payment in the wrong currency names a request: rejected, it is not proposed again.
  const wrongCurrency = suggestions.filter({ hasText: 'E2E-5' });
  await expect(wrongCurrency).toBeVisible();
  await wrongCurrency.getByRole('button', { name: /^Reject suggestion \d+$/ }).click();
  await expect(page.getByTestId('recon-announcement')).toContainText('Rejected a suggestion');
  await expect(suggestions).toHaveCount(waiting - 2);
  await page.getByTestId('recon-run').click();
  await expect(page.getByTestId('recon-announcement')).toContainText('Matching as of');
  const queue = await demo.rpc<{ suggestions: Array<{ options: Array<{ lineIds: string[] }> }> }>(
    page,
    'recon:suggestions',
    {},
  );
  expect(queue.suggestions.flatMap((s) => s.options.flatMap((o) => o.lineIds))).not.toContain('E2E-5');
  await expect(suggestions.filter({ hasText: 'E2E-5' })).toHaveCount(0);

  // Match by hand: one unmatched bank line and one request awaiting payment.
  await chooseState(page, 'Unmatched bank payment');
  await itemRow(page, 'E2E HAND MATCH').getByRole('checkbox').check();
  await chooseState(page, 'Awaiting payment');
  // Same currency as the line: the core refuses to match amounts in different currencies.
  const awaiting = page
    .getByTestId('recon-item')
    .filter({ has: page.getByRole('checkbox') })
    .filter({ hasText: '£' });
  await expect(awaiting.first()).toBeVisible();
  await awaiting.first().getByRole('checkbox').check();
  await expect(page.getByTestId('recon-selection')).toHaveText('Selected: 1 bank line and 1 request.');
  await page.getByTestId('recon-match-selected').click();
  // It breaches the tolerance: asked first, matched anyway.
  await page.getByTestId('recon-match-anyway').click();
  await expect(page.getByTestId('recon-manual-result')).toContainText(
    'Matched 1 bank line with 1 request by hand.',
  );
  // 77.70 pays no demo request in full: the core says what the match breaches.
  await expect(page.getByTestId('recon-manual-warnings').locator('li').first()).toBeVisible();
  await expect(page.getByTestId('recon-selection')).toHaveText(/^Tick unmatched/);

  expect(await axe(page)).toEqual([]);
});

test('a statement dropped on the zone; a bad line is named, and the readable lines can be kept', async ({
  page,
}) => {
  await demo.openSynced(page);
  const rows = await approvedGbpRequests(page);
  await page.evaluate("window.location.hash = '#/reconciliation'");
  await expect(page.getByTestId('recon-summary')).toBeVisible();
  await saveProfile(page);
  const [header, first, second] = statementCsv(rows).split('\r\n');
  const broken = [header, first, second?.replace(/,-[\d.]+,GBP,/, ',-12.5O,GBP,'), ''].join('\r\n');
  // A real drop: a DataTransfer holding the file, dropped on the zone.
  const dataTransfer = await page.evaluateHandle(
    `(() => { const data = new DataTransfer();
      data.items.add(new File([${JSON.stringify(broken)}], 'dropped.csv', { type: 'text/csv' }));
      return data; })()`,
  );
  await page.getByTestId('recon-drop-zone').dispatchEvent('dragover', { dataTransfer });
  await page.getByTestId('recon-drop-zone').dispatchEvent('drop', { dataTransfer });
  const result = page.getByTestId('recon-import-result');
  await expect(result).toContainText('Nothing from dropped.csv (CSV) was stored');
  await expect(page.getByTestId('recon-import-errors').locator('li')).toHaveText([/^Line 3, amount: /]);
  await result.getByRole('button', { name: /^Import the \d+ readable lines? only$/ }).click();
  await expect(result).toContainText('Imported dropped.csv (CSV): 1 line read, 1 added, 0 already known.');
});

test('screenshots of Reconciliation with data, light and dark', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await demo.openSynced(page);
  const rows = await approvedGbpRequests(page);
  await page.evaluate("window.location.hash = '#/reconciliation'");
  await expect(page.getByTestId('recon-summary')).toBeVisible();
  await saveProfile(page);
  await importStatement(page, statementCsv(rows));
  await page.getByTestId('recon-run').click();
  await expect(page.getByTestId('recon-run-result')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await chooseState(page, 'Unmatched bank payment');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('.state-loading')).toHaveCount(0);
    await screenshotWholePage(page, `reconciliation-${scheme}.png`);
    expect(await axe(page), scheme).toEqual([]);
    await itemRow(page, 'E2E UNKNOWN PAYEE')
      .getByRole('button', { name: /^Resolve/ })
      .click();
    await page
      .getByTestId('recon-resolve-dialog')
      .getByRole('button', { name: 'Resolve', exact: true })
      .click();
    await page.screenshot({ path: `${ARTIFACTS}/reconciliation-resolve-${scheme}.png` });
    expect(await axe(page), `resolve dialog (${scheme})`).toEqual([]);
    await page.keyboard.press('Escape');
  }
});

// Screenshots for a person to look at: FLOATDESK_SHOTS names a folder for them, else the artifacts.
const SHOTS = process.env.FLOATDESK_SHOTS ?? ARTIFACTS;

/** The open items and the manual-match bar at a size and in a theme, saved under SHOTS. */
async function shootItems(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.getByTestId('recon-items-section').scrollIntoViewIfNeeded();
      await page.evaluate("document.getElementById('recon-items-title')?.scrollIntoView({ block: 'start' })");
      await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('open items: an amount typed with separators, a currency filter with totals, and the difference and warning before a match by hand', async ({
  page,
}) => {
  // Twelve screenshots and an accessibility scan on top of the first sync: a slower test.
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await demo.openSynced(page);
  const rows = await approvedGbpRequests(page);
  await page.evaluate("window.location.hash = '#/reconciliation'");
  await expect(page.getByTestId('recon-summary')).toBeVisible();
  await saveProfile(page);
  const day = rows[0]!.createdAt.slice(0, 10);
  await importStatement(page, `${statementCsv(rows)}${day},-12345.67,GBP,,E2E BIG PAYMENT,E2E-9\r\n`);
  await page.getByTestId('recon-run').click();
  await expect(page.getByTestId('recon-run-result')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  const filters = page.getByTestId('recon-item-filters');
  const items = page.getByTestId('recon-item');

  // An amount typed as people type it finds the bank line of that size.
  await filters.getByLabel('Search').fill('12,345.67');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('E2E BIG PAYMENT');
  await expect(items.first().locator('.num')).toHaveText('-£12,345.67');
  await expect(page).toHaveURL(/q=12%2C345\.67/);
  await shootItems(page, 'search-amount');
  // A filter on the currency: every row and every total in it, the totals counting all pages.
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(filters.getByLabel('Search')).toHaveValue('');
  await filters.getByLabel('Currency').selectOption('EUR');
  await expect(items.first()).toBeVisible();
  await expect(items.filter({ hasNotText: '€' })).toHaveCount(0);
  const totals = page.getByTestId('recon-total');
  await expect(totals).toHaveCount(1);
  await expect(totals.first()).toHaveAttribute('data-currency', 'EUR');
  const shown = Number(
    /^([\d,]+) item/
      .exec((await page.getByTestId('recon-items-count').innerText()).trim())![1]!
      .replace(/,/g, ''),
  );
  await expect(totals.first().locator('td').first()).toHaveText(shown.toLocaleString('en-US'));
  await filters.getByLabel('Currency').selectOption('GBP');
  await filters.getByLabel('Direction').selectOption({ label: 'Money out (bank payments)' });
  await expect(page.locator('[data-testid="recon-item"][data-kind="request"]')).toHaveCount(0);
  await expect(totals.first().locator('td').nth(1)).toContainText('£0.00 (0)');
  // Sorted by exact amount: the largest payment (the most negative amount) first.
  const amountsShown = async (): Promise<number[]> =>
    (await items.locator('.num').allInnerTexts()).map((text) => Number(text.replace(/[^\d.-]/g, '')));
  const ordered = (amounts: number[], up: boolean): boolean =>
    amounts.length > 1 &&
    amounts.every((value, i) => i === 0 || (up ? amounts[i - 1]! <= value : amounts[i - 1]! >= value));
  await page.getByTestId('recon-sort-amount').click();
  await expect(page.getByTestId('recon-sort-amount').locator('xpath=..')).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect.poll(async () => ordered(await amountsShown(), true)).toBe(true);
  await page.getByTestId('recon-sort-amount').click();
  await expect(page.getByTestId('recon-sort-amount').locator('xpath=..')).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect.poll(async () => ordered(await amountsShown(), false)).toBe(true);
  await page.getByTestId('recon-sort-amount').click();
  await shootItems(page, 'filters-totals');

  // Tick a bank line and a request: their sums and difference, and the warning, before matching.
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await filters.getByLabel('Search').fill('E2E HAND MATCH');
  await expect(items).toHaveCount(1);
  await items.first().getByRole('checkbox').check();
  await filters.getByLabel('Search').fill('');
  await filters.getByLabel('Currency').selectOption('GBP');
  await filters.getByLabel('State').selectOption({ label: 'Awaiting payment' });
  const request = items.filter({ has: page.getByRole('checkbox') }).first();
  await expect(request).toBeVisible();
  await request.getByRole('checkbox').check();
  const sums = page.getByTestId('recon-selection-sum');
  await expect(sums).toHaveCount(1);
  await expect(sums.first().locator('td').first()).toContainText('£77.70 (1 line)');
  await expect(sums.first().locator('td').nth(1)).toContainText('(1 request)');
  await expect(sums.first().locator('td').nth(2)).toContainText(/£[\d,]+\.\d\d/);
  await expect(page.getByTestId('recon-check-warnings').locator('li').first()).toBeVisible();
  await shootItems(page, 'manual-match');
  await page.getByTestId('recon-match-selected').click();
  const confirm = page.getByTestId('recon-match-confirm');
  await expect(confirm).toContainText('Match anyway?');
  await expect(page.getByTestId('recon-manual-result')).toHaveCount(0);
  await page.setViewportSize({ width: 1366, height: 768 });
  await confirm.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/manual-match-confirm-1366x768-light.png` });
  await page.getByTestId('recon-match-anyway').click();
  await expect(page.getByTestId('recon-manual-result')).toContainText(
    'Matched 1 bank line with 1 request by hand.',
  );
  expect(await axe(page)).toEqual([]);
});
