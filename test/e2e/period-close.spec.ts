import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { assertBuilt, CLI_PATH, runCli, startServing, type RunningShell } from '../helpers/cli';
import { waitForFirstSync } from '../helpers/browser-shell';
import { makeTempDir } from '../helpers/temp-dir';

// Period close end to end: a platform workspace whose platform is the simulator in its own process
// with the admin API on, so the platform can change a request after its period was signed off.
// Requests are registered from this workspace (so they are dated today, in the days every sync
// re-reads) and the platform approves all but one; a CSV statement pays them by reference; matching
// pairs them; the period is signed off through the UI. Only the settled (matched) requests are
// locked: the paid request still pending stays open. The platform then cancels one signed-off
// request and edits the approval of another (the admin API's amend); Sync now brings the drift; the
// sign-off is unlocked with a reason.
let temp: ReturnType<typeof makeTempDir>;
let simulator: RunningShell;
let shell: RunningShell;
const ARTIFACTS = 'test/e2e/artifacts';

test.describe.configure({ timeout: 300_000 });

test.beforeEach(async () => {
  assertBuilt();
  temp = makeTempDir('floatdesk-e2e-period-');
  simulator = await startServing(['--port', '0', '--seed', '11', '--transfers', '300', '--admin'], {
    command: [CLI_PATH, 'simulator'],
    urlPattern: /Base URL:\s+(\S+)/,
  });
  // The simulator's clock starts at the real time and runs with it; should it ever lag FloatDesk's,
  // catch it up: the requests this test registers must be dated today for FloatDesk too, in the
  // recent days every sync re-reads (a settled request older than those is not read again, so a
  // later change to it would go unseen).
  const origin = new URL(simulator.url).origin;
  const clock = (await (await fetch(`${origin}/__admin/clock`)).json()) as { data: { now_ms: number } };
  const behind = Date.now() - clock.data.now_ms;
  if (behind > 0) {
    const advanced = await fetch(`${origin}/__admin/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ms: behind }),
    });
    expect(advanced.status, await advanced.text()).toBe(200);
  }
  const init = runCli(['workspace', 'init', temp.dir, '--base-url', simulator.url, '--name', 'Acme']);
  expect(init.status, init.stderr).toBe(0);
  shell = await startServing(['--workspace', temp.dir, '--port', '0'], {
    env: { FLOATDESK_API_KEY: 'demo-key', FLOATDESK_API_SECRET: 'demo-secret' },
  });
});

test.afterEach(async () => {
  await shell?.stop();
  await simulator?.stop();
  temp?.cleanup();
});

interface Row {
  paymentReference: string;
  createdAt: string;
  status: string;
  requested: { amount: string };
}
async function openSynced(page: Page): Promise<void> {
  await page.goto(shell.url);
  await waitForFirstSync(page);
}

async function rpc<T>(page: Page, channel: string, input: unknown): Promise<T> {
  const response = await page.request.post(`${shell.origin}/rpc/${channel}`, {
    headers: { Authorization: `Bearer ${shell.token}` },
    data: input,
  });
  const body = (await response.json()) as { ok: boolean; value: T; error?: unknown };
  expect(body.ok, JSON.stringify(body.error)).toBe(true);
  return body.value;
}

/** The request with this reference as the ledger has it. */
async function ledgerRow(page: Page, reference: string): Promise<Row> {
  const { rows } = await rpc<{ rows: Row[] }>(page, 'transfers:list', {
    filters: { paymentReference: reference },
  });
  expect(rows.length, reference).toBe(1);
  return rows[0]!;
}

/** Registers a GBP request from this workspace (the platform has it pending); its reference. */
async function submitGbp(page: Page, amount: string): Promise<string> {
  const { floats } = await rpc<{ floats: Array<{ name: string; currency: string }> }>(
    page,
    'transfers:options',
    {},
  );
  const float = floats.find((f) => f.currency === 'GBP');
  expect(float, 'a GBP float').toBeDefined();
  const submitted = await rpc<{ outcome: string; paymentReference: string }>(page, 'transfers:submit', {
    float: float!.name,
    currency: 'GBP',
    amount,
  });
  expect(submitted.outcome).toBe('registered');
  return submitted.paymentReference;
}

/** Each request paid once by reference; the last approved one paid twice (a suggestion to confirm). */
function statementCsv(paid: Row[], paidTwice: Row): string {
  const day = (row: Row): string => row.createdAt.slice(0, 10);
  const line = (row: Row, id: string, text = 'FLOAT TOP UP'): string =>
    `${day(row)},-${row.requested.amount},GBP,${row.paymentReference},${text},${id}`;
  const lines = [
    'Date,Amount,Currency,Reference,Description,Transaction ID',
    ...paid.map((row, index) => line(row, `PC-${index + 1}`)),
    line(paidTwice, 'PC-8'),
    line(paidTwice, 'PC-9', 'FLOAT TOP UP AGAIN'),
  ];
  return `${lines.join('\r\n')}\r\n`;
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
}

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes[0]?.target.join(' ') ?? ''}`);
}

/** The whole page (the viewport as tall as the content), then close-ups of what period close adds. */
async function screenshots(page: Page, scheme: string): Promise<void> {
  const before = page.viewportSize() ?? { width: 1440, height: 900 };
  const height = await page.evaluate<number>(
    `(() => { const main = document.querySelector('main');
      return main ? Math.ceil(main.getBoundingClientRect().top + main.scrollHeight) : document.body.scrollHeight; })()`,
  );
  await page.setViewportSize({ width: before.width, height: Math.max(before.height, height) });
  await page.screenshot({ path: `${ARTIFACTS}/period-close-${scheme}.png` });
  await page
    .getByTestId('recon-drift-alerts')
    .screenshot({ path: `${ARTIFACTS}/period-close-alerts-${scheme}.png` });
  await page.getByTestId('recon-items').screenshot({ path: `${ARTIFACTS}/period-close-items-${scheme}.png` });
  await page
    .getByTestId('recon-period-close')
    .screenshot({ path: `${ARTIFACTS}/period-close-section-${scheme}.png` });
  await page.setViewportSize(before);
}

const itemRow = (page: Page, id: string): Locator =>
  page.locator(`[data-testid="recon-item"][data-kind="request"][data-id="${id}"]`);

async function chooseState(page: Page, label: string): Promise<void> {
  await page.getByLabel('State', { exact: true }).selectOption({ label });
  await expect(page.getByTestId('recon-items-count')).not.toHaveText('');
}

/** The admin API: `decide` settles a pending request; `amend` changes one already settled. */
async function platform(action: 'decide' | 'amend', reference: string, body: object): Promise<void> {
  const response = await fetch(`${new URL(simulator.url).origin}/__admin/transfers/${reference}/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.text()).toBe(200);
}

/** Sync now, then wait until the ledger has the platform's statuses. */
async function syncUntil(page: Page, statuses: Record<string, string>): Promise<void> {
  await page.getByTestId('sync-now').click();
  await expect
    .poll(
      async () => {
        const now: Record<string, string> = {};
        for (const reference of Object.keys(statuses))
          now[reference] = (await ledgerRow(page, reference)).status;
        return now;
      },
      { timeout: 120_000 },
    )
    .toEqual(statuses);
  await expect(page.getByTestId('sync-now')).toBeVisible({ timeout: 120_000 });
}

test('sign off a period, see the platform change a signed-off request, unlock it with a reason', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSynced(page);
  // Five requests the platform approves, one it leaves pending; all six are paid by the statement.
  const approvedRefs: string[] = [];
  for (const amount of ['1210.00', '1320.00', '1430.00', '1540.00', '1650.00'])
    approvedRefs.push(await submitGbp(page, amount));
  const pendingRef = await submitGbp(page, '1760.00');
  for (const reference of approvedRefs) await platform('decide', reference, { status: 'approved' });
  await syncUntil(page, {
    ...Object.fromEntries(approvedRefs.map((reference) => [reference, 'approved'])),
    [pendingRef]: 'pending',
  });
  const approved: Row[] = [];
  for (const reference of approvedRefs) approved.push(await ledgerRow(page, reference));
  const pending = await ledgerRow(page, pendingRef);
  const [plainA, plainB, cancelled, edited, paidTwice] = approved as [Row, Row, Row, Row, Row];
  const signedOffRefs = approvedRefs;

  await page.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page.getByTestId('recon-summary')).toBeVisible();
  await expect(page.getByTestId('recon-no-signoffs')).toBeVisible();
  await saveProfile(page);
  await page.getByTestId('recon-file').setInputFiles({
    name: 'march.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(statementCsv([plainA, plainB, cancelled, edited, pending], paidTwice), 'utf8'),
  });
  await expect(page.getByTestId('recon-import-result')).toContainText('7 added');
  await page.getByTestId('recon-run').click();
  await expect(page.getByTestId('recon-run-result')).toContainText(/Matching as of .* done/);

  // The request paid twice: a person confirms one payment (a decision this window can undo).
  const suggestion = page.getByTestId('recon-suggestion').filter({ hasText: 'PC-9' });
  await expect(suggestion).toBeVisible();
  await suggestion.getByRole('button', { name: /^Confirm option 1 of suggestion \d+$/ }).click();
  await expect(page.getByTestId('recon-announcement')).toContainText('Confirmed the match of bank line');

  // Sign off as of the screen's date: a confirmation says what will happen, with the counts.
  const period = page.getByTestId('recon-period-close');
  const asOf = await page.getByLabel('As of', { exact: true }).inputValue();
  await expect(period.getByLabel('Sign off as of')).toHaveValue(asOf);
  await period.getByLabel('Note (optional)').fill('March close');
  await period.getByTestId('recon-signoff-review').click();
  const confirm = period.getByTestId('recon-signoff-confirm');
  await expect(confirm.getByRole('heading', { name: /^Sign off as of/ })).toBeFocused();
  await expect(confirm).toContainText('Only settled items are locked');
  await expect(confirm).toContainText('are not locked: they stay open and carry forward');
  // The five approved requests paid are matched (locked); the pending one paid stays open, and so
  // does the second payment of the request paid twice. Requests the platform closed unpaid count
  // as resolved with no decision: they are not locked.
  await expect(confirm.getByTestId('recon-outlook-matched')).toContainText('Matched requests (locked)');
  await expect(confirm.getByTestId('recon-outlook-matched').locator('dd')).toHaveText('5');
  await expect(confirm.getByTestId('recon-outlook-resolved')).toContainText('locked if resolved by a person');
  await expect(confirm.getByTestId('recon-outlook-signed-off').locator('dd')).toHaveText('0');
  await expect(confirm.getByTestId('recon-outlook-open').locator('dd')).not.toHaveText('0');
  await expect(confirm.getByTestId('recon-outlook-unmatched').locator('dd')).toHaveText('1');
  // What stays open is acknowledged, and with no name in Settings the sign-off asks for it.
  await expect(confirm.getByTestId('recon-signoff-open')).toContainText('Paid, awaiting approval');
  await confirm.getByTestId('recon-signoff-acknowledge').check();
  await confirm.getByLabel('Your name').fill('Pat Close');
  await confirm.screenshot({ path: `${ARTIFACTS}/period-close-confirm-light.png` });
  expect(await axe(page)).toEqual([]);
  await confirm.getByTestId('recon-signoff-confirm-button').click();
  const result = period.getByTestId('recon-signoff-result');
  await expect(result).toBeVisible();
  await expect(result.getByTestId('recon-signoff-locked-requests')).toHaveText('5');
  await expect(result.getByTestId('recon-signoff-locked-lines')).toHaveText('5');
  await expect(page.getByTestId('recon-announcement')).toContainText('Signed off as of');
  const signOffRow = period.getByTestId('recon-signoff');
  await expect(signOffRow).toHaveCount(1);
  await expect(signOffRow).toContainText('March close');
  await expect(signOffRow).toContainText('by Pat Close');
  await expect(signOffRow).toContainText('5 requests and 5 bank lines');
  await expect(signOffRow.getByTestId('recon-signoff-status')).toHaveText('In force');

  // The signed-off requests: a lock, the date, and nothing offered the core would refuse.
  await chooseState(page, 'Signed off');
  for (const reference of signedOffRefs) {
    const row = itemRow(page, reference);
    await expect(row).toHaveAttribute('data-locked', 'true');
    await expect(row.getByTestId('recon-item-lock')).toHaveText(/^Signed off as of /);
    await expect(row.getByRole('checkbox')).toHaveCount(0);
    await expect(row.getByRole('button', { disabled: false })).toHaveCount(0);
  }
  await expect(itemRow(page, pendingRef)).toHaveCount(0);
  const twice = itemRow(page, paidTwice.paymentReference);
  await expect(twice.getByRole('button', { name: 'Undo' })).toBeDisabled();
  await expect(twice).toContainText('unlock that sign-off to change this item');
  await expect(page.getByTestId('recon-last-decision').getByRole('button', { name: /^Undo/ })).toBeDisabled();

  // The pending request paid is not settled: it stays open, not locked, and can still be resolved.
  await chooseState(page, 'Paid, awaiting approval');
  const open = itemRow(page, pendingRef);
  await expect(open).toHaveAttribute('data-locked', 'false');
  await expect(open).toHaveAttribute('data-state', 'paid_awaiting_approval');
  await expect(open.getByTestId('recon-item-lock')).toHaveCount(0);
  await expect(open.getByRole('button', { name: /^Resolve / })).toBeEnabled();
  await chooseState(page, 'Signed off');

  // The frozen report: its counts, a page of its items and its SHA-256; Escape closes it.
  await signOffRow.getByRole('button', { name: /^View report signed off as of/ }).click();
  const report = page.getByTestId('recon-report-dialog');
  await expect(report.getByTestId('recon-report-sha256')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(report).toContainText('5 requests and 5 bank lines');
  // The report is as of the sign-off, its locks in: the five settled requests are signed off.
  await expect(report.getByTestId('recon-report-count-signed_off').locator('dd')).toHaveText('5');
  await expect(report.getByTestId('recon-report-count-paid_awaiting_approval').locator('dd')).toHaveText('1');
  await expect(report.getByTestId('recon-report-count-unmatched_bank_payment').locator('dd')).toHaveText('1');
  await expect(report.getByTestId('recon-report-count-matched').locator('dd')).toHaveText('0');
  await expect(report.getByTestId('recon-report-item').first()).toBeVisible();
  expect(await report.getByTestId('recon-report-item').count()).toBeLessThanOrEqual(100);
  await expect(report.getByTestId('recon-report-page')).toContainText(/^Items 1–\d+ of [\d,]+$/);
  await page.screenshot({ path: `${ARTIFACTS}/period-close-report-light.png` });
  expect(await axe(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(report).toHaveCount(0);
  await expect(signOffRow.getByRole('button', { name: /^View report signed off as of/ })).toBeFocused();

  // The platform changes two signed-off (approved) requests; Sync now brings the news.
  await platform('amend', cancelled.paymentReference, { status: 'cancelled' });
  const editedAmount = (Number(edited.requested.amount) - 1).toFixed(2);
  await platform('amend', edited.paymentReference, {
    status: 'approved_edited',
    approved_amount: editedAmount,
  });
  await syncUntil(page, {
    [cancelled.paymentReference]: 'cancelled',
    [edited.paymentReference]: 'approved_edited',
  });
  const alerts = page.getByTestId('recon-drift-alerts');
  await expect(alerts).toBeVisible({ timeout: 30_000 });
  await expect(alerts.getByRole('heading')).toHaveText(
    '2 signed-off requests changed after their sign-off (4 changes)',
  );
  const money = (amount: string): string => `${Number(amount).toFixed(2)} GBP`;
  const cancelledLines = alerts
    .getByTestId('recon-drift-line')
    .filter({ hasText: cancelled.paymentReference });
  await expect(cancelledLines).toHaveCount(2);
  await expect(cancelledLines.first()).toContainText(
    `Signed-off request ${cancelled.paymentReference} changed after sign-off as of`,
  );
  await expect(cancelledLines.filter({ hasText: 'status approved → cancelled' })).toHaveCount(1);
  await expect(
    cancelledLines.filter({ hasText: `approved amount ${money(cancelled.requested.amount)} → none` }),
  ).toHaveCount(1);
  const editedLines = alerts.getByTestId('recon-drift-line').filter({ hasText: edited.paymentReference });
  await expect(editedLines).toHaveCount(2);
  await expect(
    editedLines.filter({ hasText: 'status approved → approved with an edited amount' }),
  ).toHaveCount(1);
  await expect(
    editedLines.filter({
      hasText: `approved amount ${money(edited.requested.amount)} → ${money(editedAmount)}`,
    }),
  ).toHaveCount(1);
  for (const reference of [cancelled.paymentReference, edited.paymentReference]) {
    const notice = page.getByTestId('notification-signoff_drift').filter({ hasText: reference }).first();
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Review in Reconciliation' })).toBeVisible();
  }
  await expect(signOffRow.getByTestId('recon-drift-badge')).toHaveText('4 changes');
  // Still locked until the sign-off is unlocked; the open one was never locked.
  await expect(itemRow(page, cancelled.paymentReference)).toHaveAttribute('data-locked', 'true');
  await expect(itemRow(page, edited.paymentReference)).toHaveAttribute('data-locked', 'true');
  await expect(itemRow(page, pendingRef)).toHaveCount(0);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('.state-loading')).toHaveCount(0);
    await screenshots(page, scheme);
    expect(await axe(page), scheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Unlock from the alert: a reason is required; then the locks are lifted.
  const unlockButton = alerts.getByRole('button', { name: /^Unlock the sign-off as of/ });
  await unlockButton.click();
  const dialog = page.getByTestId('recon-unlock-dialog');
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(unlockButton).toBeFocused();
  await unlockButton.click();
  await dialog.getByLabel('Reason').fill('ok');
  await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(dialog.getByTestId('recon-unlock-reason-error')).toHaveText(
    'Reason must be at least 3 characters.',
  );
  await expect(dialog.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${ARTIFACTS}/period-close-unlock-light.png` });
  expect(await axe(page)).toEqual([]);
  await dialog.getByLabel('Reason').fill('The platform cancelled a request after the close');
  await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('recon-announcement')).toContainText('Unlocked the sign-off as of');
  await expect(alerts).toHaveCount(0);
  await expect(signOffRow.getByTestId('recon-signoff-status')).toContainText(
    'because The platform cancelled a request after the close',
  );
  await expect(signOffRow.getByRole('button', { name: /^Unlock/ })).toHaveCount(0);
  await expect(page.getByTestId('recon-items-count')).toHaveText('No items match these filters.');
  await chooseState(page, 'Every state');
  await expect(page.locator('[data-testid="recon-item"][data-locked="true"]')).toHaveCount(0);
  // The untouched signed-off requests are matched again; the changed ones are open to review.
  await chooseState(page, 'Matched');
  for (const row of [plainA, plainB, paidTwice])
    await expect(itemRow(page, row.paymentReference)).toHaveAttribute('data-locked', 'false');
});
