import { expect, test, type Page } from '@playwright/test';
import { assertBuilt, CLI_PATH, runCli, startServing, type RunningShell } from '../helpers/cli';
import { waitForFirstSync } from '../helpers/browser-shell';
import { makeTempDir } from '../helpers/temp-dir';

// Amounts typed as people type them, the possible-duplicate warning, where to pay after sending and
// what the detail panel shows was sent: the browser shell on a platform workspace backed by the
// simulator in its own process.
let temp: ReturnType<typeof makeTempDir>;
let simulator: RunningShell;
let shell: RunningShell;
const SHOTS = process.env.FLOATDESK_SHOTS ?? 'test/e2e/artifacts';

test.describe.configure({ timeout: 300_000 });

test.beforeEach(async () => {
  assertBuilt();
  temp = makeTempDir('floatdesk-e2e-amounts-');
  simulator = await startServing(['--port', '0', '--seed', '11', '--transfers', '40', '--admin'], {
    command: [CLI_PATH, 'simulator'],
    urlPattern: /Base URL:\s+(\S+)/,
  });
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

async function openSynced(page: Page): Promise<void> {
  await page.goto(shell.url);
  await waitForFirstSync(page);
}

/** Every transfers:submit body the page sends. */
function submittedBodies(page: Page): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  page.on('request', (request) => {
    if (request.url().includes('/rpc/transfers:submit')) bodies.push(request.postDataJSON());
  });
  return bodies;
}

async function chooseLocale(page: Page, locale: string): Promise<void> {
  await page.evaluate("window.location.hash = '#/settings'");
  await page.getByLabel('Format numbers and dates as').selectOption(locale);
  await expect(page.getByLabel('Format numbers and dates as')).toHaveValue(locale);
}

async function newRequest(page: Page, amount: string): Promise<void> {
  await page.evaluate("window.location.hash = '#/transfers/new'");
  const float = page.getByLabel('Float and currency');
  const gbp = float.locator('option', { hasText: '· GBP' }).first();
  await expect(gbp).toBeAttached();
  await float.selectOption((await gbp.getAttribute('value')) ?? '');
  await page.getByLabel(/^Amount/).fill(amount);
}

test('an amount typed "25,000.00" (en-GB) is sent as 25000.00; after sending, where to pay; a second one is a possible duplicate', async ({
  page,
}) => {
  const bodies = submittedBodies(page);
  await openSynced(page);
  await chooseLocale(page, 'en-GB');

  // Without bank details, the after-send panel says where to set them.
  await newRequest(page, '25,000.00');
  await page.getByTestId('transfer-review').click();
  const confirm = page.getByTestId('transfer-confirm');
  await expect(confirm.getByTestId('confirm-amount')).toContainText('25000.00');
  await expect(confirm.getByTestId('confirm-amount')).toContainText('£25,000.00');
  await confirm.getByTestId('transfer-send').click();
  const banner = page.getByTestId('submission-banner');
  await expect(banner).toBeVisible();
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toMatchObject({ currency: 'GBP', amount: '25000.00' });
  const first = String(bodies[0]?.paymentReference);
  await expect(banner.getByTestId('payment-instructions')).toContainText(first);
  await expect(banner.getByTestId('bank-details-missing')).toContainText('Settings → Paying the platform');

  // Settings → Paying the platform.
  await page.evaluate("window.location.hash = '#/settings'");
  const section = page.getByTestId('settings-bank-details');
  await section.getByLabel('Payee name').fill('Gift Platform Ltd');
  await section.getByLabel('IBAN or account number').fill('GB29 NWBK 6016 1331 9268 19');
  await section.getByLabel('Sort code or BIC').fill('NWBKGB2L');
  await section.getByLabel('Bank name').fill('NatWest');
  await section.getByLabel('Note for the payer').fill('Quote only the payment reference.');
  await section.getByRole('button', { name: 'Save bank details' }).click();
  await expect(page.getByTestId('bank-details-status')).toContainText('Saved');

  // The same amount typed another way: refused as a possible duplicate naming the first; sent anyway.
  await newRequest(page, '25000');
  await page.getByTestId('transfer-review').click();
  await page.getByTestId('transfer-send').click();
  const warning = page.getByTestId('duplicate-warning');
  await expect(warning).toContainText('Nothing was sent');
  await expect(warning.getByTestId('duplicate-reference')).toHaveText(first);
  await expect(warning).toContainText('£25,000.00');
  expect(bodies).toHaveLength(2);
  await page.getByTestId('transfer-send-anyway').click();
  await expect(banner).toBeVisible();
  expect(bodies[2]).toMatchObject({ amount: '25000.00', confirmedPossibleDuplicate: true });
  const instructions = banner.getByTestId('payment-instructions');
  for (const text of [
    'Gift Platform Ltd',
    'GB29 NWBK 6016 1331 9268 19',
    'NWBKGB2L',
    'NatWest',
    '£25,000.00',
  ])
    await expect(instructions).toContainText(text);
  await expect(instructions.getByRole('button', { name: /^Copy payment reference RF/ })).toBeVisible();
  await expect(
    instructions.getByRole('button', { name: /^Copy the IBAN or account number GB29/ }),
  ).toBeVisible();

  // The detail panel of the selected (second) request: what was sent, by whom, and the decision.
  const detail = page.getByTestId('transfer-detail');
  await page.locator('[role="row"][aria-selected="true"]').click();
  await expect(detail).toBeVisible();
  await expect(detail.getByTestId('sent-details')).toContainText('Sent anyway, although it looked like');
  await expect(detail.getByTestId('sent-details')).toContainText(first);
  await expect(detail.getByTestId('sent-by')).not.toHaveText('');

  const sizes = [
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 },
  ];
  const each = async (shoot: (tag: string) => Promise<void>): Promise<void> => {
    for (const size of sizes) {
      await page.setViewportSize(size);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await shoot(`${size.width}x${size.height}-${scheme}`);
      }
    }
  };
  await each(async (tag) => {
    await banner.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/after-send-${tag}.png` });
    await detail.getByTestId('sent-details').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/detail-panel-${tag}.png` });
  });
  await page.evaluate("window.location.hash = '#/settings'");
  await each(async (tag) => {
    await page.getByTestId('settings-bank-details').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/settings-bank-details-${tag}.png` });
  });
  await newRequest(page, '1,234,5');
  await page.getByTestId('transfer-review').click();
  await expect(page.getByTestId('transfer-amount-error')).toContainText('cannot be read exactly');
  await each(async (tag) => {
    await page.screenshot({ path: `${SHOTS}/topup-form-error-${tag}.png` });
  });
  await page.getByLabel(/^Amount/).fill('25,000.00');
  await page.getByTestId('transfer-review').click();
  await expect(page.getByTestId('confirm-amount')).toContainText('25000.00');
  await each(async (tag) => {
    await page.getByTestId('transfer-confirm').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/topup-confirm-${tag}.png` });
  });
  await page.getByTestId('transfer-send').click();
  await expect(page.getByTestId('duplicate-warning')).toBeVisible();
  await each(async (tag) => {
    await page.getByTestId('duplicate-warning').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/topup-duplicate-${tag}.png` });
  });
  expect(bodies.filter((body) => body.confirmedPossibleDuplicate === true)).toHaveLength(1);
});

test('de-DE: "25.000,00" is read as 25000.00 and "1,234" is refused as ambiguous', async ({ page }) => {
  const bodies = submittedBodies(page);
  await openSynced(page);
  await chooseLocale(page, 'de-DE');
  await newRequest(page, '1,234');
  await page.getByTestId('transfer-review').click();
  await expect(page.getByTestId('transfer-amount-error')).toContainText('"1,234" is ambiguous');
  await page.getByLabel(/^Amount/).fill('25.000,00');
  await page.getByTestId('transfer-review').click();
  await page.getByTestId('transfer-send').click();
  await expect(page.getByTestId('submission-banner')).toBeVisible();
  expect(bodies).toEqual([expect.objectContaining({ amount: '25000.00' })]);
});
