import { expect, test, type Locator, type Page } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openLedger } from '../../src/main/core/ledger/db';
import type { AuditEntry } from '../../src/main/core/recon/audit/audit-log';
import { readAuditLog } from '../helpers/audit-log-read';
import { useDemoShell } from '../helpers/browser-shell';

// Bank lines as people know them, and undo with a reason, on the demo workspace: a CSV statement
// with no bank transaction ids (so FloatDesk computes `sha256:…` ids for its lines) is imported and
// matched; nowhere on the screen does such an id show, suggestions show every option with its bank
// line and request, and an automatic match is undone from its row with a reason.
const demo = useDemoShell('banklines');
const SHOTS = process.env.FLOATDESK_SHOTS ?? 'test/e2e/artifacts';

test.describe.configure({ timeout: 300_000 });

interface Row {
  paymentReference: string;
  createdAt: string;
  requested: { amount: string };
}

/** Three payments by reference, one unknown payment, and two payments naming one request. */
function statementCsv(rows: Row[]): string {
  const day = (row: Row): string => row.createdAt.slice(0, 10);
  const [a, b, c, d] = rows as [Row, Row, Row, Row];
  return `${[
    'Date,Amount,Currency,Reference,Description',
    ...[a, b, c].map(
      (row) => `${day(row)},-${row.requested.amount},GBP,${row.paymentReference},FLOAT TOP UP`,
    ),
    `${day(a)},-123.45,GBP,,E2E UNKNOWN PAYEE`,
    `${day(d)},-${d.requested.amount},GBP,${d.paymentReference},E2E PAID ONCE`,
    `${day(d)},-${d.requested.amount},GBP,${d.paymentReference},E2E PAID AGAIN`,
  ].join('\r\n')}\r\n`;
}

/** The audit log of the workspace's ledger (the only one under the temporary home), read only. */
function auditEntries(): AuditEntry[] {
  const ledger = readdirSync(demo.dir, { recursive: true, encoding: 'utf8' }).find((file) =>
    file.endsWith('ledger.sqlite'),
  );
  if (ledger === undefined) throw new Error('no ledger under the temporary home');
  const db = openLedger(join(demo.dir, ledger), { readonly: true });
  try {
    return readAuditLog(db, 1);
  } finally {
    db.close();
  }
}

async function saveProfile(page: Page): Promise<void> {
  const details = page.getByTestId('recon-new-profile');
  await details.locator('summary').click();
  const form = details.getByRole('form', { name: 'New CSV profile' });
  await form.getByLabel('Profile name').fill('No ids');
  await form.getByLabel('Booking date').fill('Date');
  await form.getByLabel('Amount', { exact: true }).fill('Amount');
  await form.getByLabel('Currency column').fill('Currency');
  await form.getByLabel('Reference').fill('Reference');
  await form.getByLabel('Payment text').fill('Description');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByLabel('CSV profile', { exact: true })).toHaveValue('No ids');
}

async function chooseState(page: Page, label: string): Promise<void> {
  await page.getByLabel('State', { exact: true }).selectOption({ label });
  await expect(page.getByTestId('recon-items-count')).not.toHaveText('');
  await expect(page.locator('.state-loading')).toHaveCount(0);
}

/** Fails when text with `sha256:` is visible anywhere on the page. */
async function expectNoVisibleLineIds(page: Page): Promise<void> {
  await expect(page.getByTestId('reconciliation-page')).toBeVisible();
  const shown = page.getByText('sha256:', { exact: false });
  const count = await shown.count();
  for (let index = 0; index < count; index++) await expect(shown.nth(index)).toBeHidden();
  const visibleText = await page.locator('body').innerText();
  expect(visibleText).not.toContain('sha256:');
}

async function shoot(page: Page, name: string, target?: Locator): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    if (target) await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const size of [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`bank lines by date, amount and text, never an internal id; undo an automatic match with a reason (${size.width}×${size.height})`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await demo.openSynced(page);
    const { rows } = await demo.rpc<{ rows: Row[] }>(page, 'transfers:list', {
      filters: { currency: 'GBP', statuses: ['approved'] },
      limit: 4,
    });
    expect(rows).toHaveLength(4);
    await page.getByRole('link', { name: 'Reconciliation' }).click();
    await expect(page.getByTestId('recon-summary')).toBeVisible();
    await saveProfile(page);
    await page.getByTestId('recon-file').setInputFiles({
      name: 'statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(statementCsv(rows), 'utf8'),
    });
    await expect(page.getByTestId('recon-import-result')).toContainText('6 added');
    await page.getByTestId('recon-run').click();
    await expect(page.getByTestId('recon-run-result')).toContainText(/Matching as of .* done/);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    // The lines really have computed ids: the core names them so.
    const lineItems = await demo.rpc<{ items: Array<{ kind: string; id: string }> }>(page, 'recon:items', {
      states: ['unmatched_bank_payment'],
    });
    expect(lineItems.items.some((item) => item.kind === 'line' && item.id.startsWith('sha256:'))).toBe(true);
    await expectNoVisibleLineIds(page);

    // Two payments name one request: one card, both payments side by side with the request.
    const paidTwice = page.getByTestId('recon-suggestion').filter({ hasText: 'E2E PAID AGAIN' });
    await expect(paidTwice).toBeVisible();
    const options = paidTwice.getByTestId('recon-suggestion-option');
    await expect(options).toHaveCount(2);
    await expect(options.filter({ hasText: 'E2E PAID ONCE' })).toHaveCount(1);
    await expect(options.first().getByTestId('recon-request-facts')).toContainText(rows[3]!.paymentReference);
    await expect(options.first().getByTestId('recon-line-facts')).toContainText('-£');
    await shoot(page, 'suggestion-card', paidTwice);

    // The unknown payment, by its text, date and amount, and the Resolve dialog.
    await chooseState(page, 'Unmatched bank payment');
    const unknown = page.getByTestId('recon-item').filter({ hasText: 'E2E UNKNOWN PAYEE' });
    await expect(unknown).toContainText('No reference');
    await expectNoVisibleLineIds(page);
    await shoot(page, 'items-unmatched', page.getByTestId('recon-items'));
    await unknown.getByRole('button', { name: /^Resolve bank line of / }).click();
    const resolve = page.getByTestId('recon-resolve-dialog');
    await expect(resolve.getByTestId('recon-line-facts')).toContainText('E2E UNKNOWN PAYEE');
    await expectNoVisibleLineIds(page);
    await shoot(page, 'resolve-dialog');
    await page.keyboard.press('Escape');

    // Undo an automatic match from its row, with a reason.
    await chooseState(page, 'Matched');
    const matched = page
      .locator('[data-testid="recon-item"][data-kind="request"]')
      .filter({ hasText: rows[0]!.paymentReference })
      .filter({ has: page.getByTestId('recon-item-undo') });
    await expect(matched).toHaveCount(1);
    await expect(matched).toContainText(/Paid by .*FLOAT TOP UP/);
    await expect(matched.first()).toBeVisible();
    await expectNoVisibleLineIds(page);
    await shoot(page, 'items-matched', page.getByTestId('recon-items'));
    await matched.first().getByTestId('recon-item-undo').click();
    const undo = page.getByTestId('recon-undo-dialog');
    await expect(undo).toBeVisible();
    await expect(undo.getByLabel('Reason')).toBeFocused();
    await expect(undo.getByTestId('recon-line-facts')).toContainText('FLOAT TOP UP');
    await undo.getByRole('button', { name: 'Undo the match' }).click();
    await expect(undo.getByText('Write why this match is undone')).toBeVisible();
    await expectNoVisibleLineIds(page);
    await shoot(page, 'undo-dialog');
    await undo.getByLabel('Reason').fill('Paid for another float: checked with treasury');
    await undo.getByRole('button', { name: 'Undo the match' }).click();
    await expect(undo).toHaveCount(0);
    await expect(page.getByTestId('recon-announcement')).toContainText(
      `Undone: the match of request ${rows[0]!.paymentReference} (reason: Paid for another float: checked with treasury).`,
    );
    await expect(page.getByTestId('recon-item').filter({ hasText: rows[0]!.paymentReference })).toHaveCount(
      0,
    );

    // The audit log keeps the reason; the request is open again, and a run does not match it again.
    expect(auditEntries().find((entry) => entry.action === 'decision.undone')?.details).toMatchObject({
      undoneKind: 'auto_match',
      reason: 'Paid for another float: checked with treasury',
    });
    await page.getByTestId('recon-run').click();
    await expect(page.getByTestId('recon-run-result')).toContainText(/Matching as of .* done/);
    const after = await demo.rpc<{ items: Array<{ id: string; match: unknown }> }>(page, 'recon:items', {
      limit: 500,
    });
    expect(after.items.find((item) => item.id === rows[0]!.paymentReference)?.match ?? null).toBeNull();
    await expectNoVisibleLineIds(page);
  });
}
