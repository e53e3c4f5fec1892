import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { flagWords } from '../../src/shared/domain/recon-words';
import { assertBuilt, startServing, type RunningShell } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';
import { readXlsx, type ReadSheet } from '../helpers/xlsx-read';

// The month-end report a person reads, on the demo workspace: with every open-item
// filter set on screen (search, currency, direction, amount range), "only what the screen shows" is
// exported, the dialog and the file name each filter and the file holds exactly those items; matched
// bank lines read as date, amount, text and reference (their ids in a column of their own); the
// audit log names the person; roll-forward flags are words with their codes apart.
let temp: ReturnType<typeof makeTempDir>;
let shell: RunningShell;
const SHOTS = process.env.FLOATDESK_SHOTS ?? 'test/e2e/artifacts';

test.describe.configure({ timeout: 300_000 });

test.beforeEach(async () => {
  assertBuilt();
  temp = makeTempDir('floatdesk-e2e-report-words-');
  shell = await startServing(['--port', '0'], { env: { FLOATDESK_HOME: temp.dir } });
});

test.afterEach(async () => {
  await shell?.stop();
  temp?.cleanup();
});

async function rpc<T>(page: Page, channel: string, input: unknown): Promise<T> {
  const response = await page.request.post(`${shell.origin}/rpc/${channel}`, {
    headers: { Authorization: `Bearer ${shell.token}` },
    data: input,
  });
  const body = (await response.json()) as { ok: boolean; value: T; error?: unknown };
  expect(body.ok, JSON.stringify(body.error)).toBe(true);
  return body.value;
}

interface Row {
  paymentReference: string;
  createdAt: string;
  requested: { amount: string };
}

/** Two approved GBP requests paid by reference, and a payment nobody asked for; no bank ids at all. */
async function importAndRun(page: Page): Promise<Row[]> {
  const { rows } = await rpc<{ rows: Row[] }>(page, 'transfers:list', {
    filters: { currency: 'GBP', statuses: ['approved'] },
    limit: 2,
  });
  const day = (row: Row): string => row.createdAt.slice(0, 10);
  const lines = [
    'Date,Amount,Currency,Reference,Description',
    ...rows.map((row) => `${day(row)},-${row.requested.amount},GBP,${row.paymentReference},TOP UP BOOKS`),
    `${day(rows[0]!)},-123.45,GBP,,UNKNOWN PAYEE`,
  ];
  await rpc(page, 'recon:import', {
    fileName: 'no-ids.csv',
    contentBase64: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8').toString('base64'),
    currency: 'GBP',
  });
  await rpc(page, 'recon:run', {});
  return rows;
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 768 });
}

const headers = (sheet: ReadSheet): unknown[] => sheet.rows[0]!.map((cell) => cell?.value);
function column(sheet: ReadSheet, header: string): unknown[] {
  const index = headers(sheet).indexOf(header);
  expect(index, `${sheet.name}: ${header}`).toBeGreaterThanOrEqual(0);
  return sheet.rows.slice(1).map((row) => row[index]?.value ?? null);
}

test('a filtered report names every filter; bank lines, flags and who acted read in words', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(shell.url);
  await expect(page.getByTestId('sync-now')).toBeVisible({ timeout: 180_000 });
  await rpc(page, 'settings:update', { signerName: 'Ana Ruiz' });
  const paid = await importAndRun(page);

  // Every open-item filter but state and age, set as a person sets them (kept in the URL).
  await page.evaluate(
    "window.location.hash = '#/reconciliation?q=UNKNOWN&currency=GBP&dir=out&min=100&max=200.00'",
  );
  await expect(page.getByTestId('reconciliation-page')).toBeVisible();
  await expect(page.getByTestId('recon-items-count')).not.toHaveText('');
  const asOf = await page.getByLabel('As of', { exact: true }).inputValue();

  await page.getByRole('button', { name: 'Export report…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export the reconciliation report' });
  const words = 'search “UNKNOWN”; currency GBP; money out (bank payments); amount £100.00 to £200.00';
  await expect(dialog).toContainText(`Filter: ${words}`);
  await dialog.getByTestId('recon-export-scope-shown').check();
  await dialog.getByRole('radio', { name: /^Excel/ }).check();
  await shoot(page, 'report-words-export-dialog');

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const sheets = readXlsx(await (await downloading).path());
  const sheet = (name: string): ReadSheet => sheets.find((s) => s.name === name)!;

  // Exactly the items recon:items lists for the same filter, and the file says which filter.
  const shown = await rpc<{ items: Array<{ id: string; state: string }> }>(page, 'recon:items', {
    asOf,
    search: 'UNKNOWN',
    currencies: ['GBP'],
    direction: 'out',
    amountMin: '100',
    amountMax: '200.00',
    limit: 500,
  });
  const open = shown.items.filter((item) => !['matched', 'resolved', 'signed_off'].includes(item.state));
  expect(open).toHaveLength(1);
  const filtered = sheet('Open items (filtered)');
  expect(column(filtered, 'Reference or bank id')).toEqual(open.map((item) => item.id));
  expect(column(filtered, 'Amount')).toEqual([-123.45]);
  const named =
    'Only open items with search “UNKNOWN”; currency GBP; money out (bank payments); amount 100.00 GBP to 200.00 GBP';
  expect(column(filtered, 'Filter applied')).toEqual([named]);
  expect(column(sheet('Summary'), 'Measure')[0]).toContain(`Filtered: ${named}`);

  // Matched bank lines in words; their computed ids only in "Bank line ids".
  const matches = sheet('Matches');
  for (const row of paid) {
    const at = column(matches, 'Requests').indexOf(row.paymentReference);
    expect(at).toBeGreaterThanOrEqual(0);
    const line = String(column(matches, 'Bank lines')[at]);
    expect(line).toContain(`-${row.requested.amount} GBP`);
    expect(line).toContain('TOP UP BOOKS');
    expect(line).toContain(`reference ${row.paymentReference}`);
    expect(line).not.toContain('sha256:');
    expect(String(column(matches, 'Bank line ids')[at])).toMatch(/^sha256:/);
  }

  // Who acted, in words; the codes apart.
  const audit = sheet('Audit');
  const actions = column(audit, 'Action');
  const run = actions.lastIndexOf('match.automatic');
  expect(column(audit, 'Actor')[run]).toBe('Ana Ruiz');
  expect(column(audit, 'Actor code')[run]).toBe('user');
  for (const actor of column(audit, 'Actor')) expect(['user', 'cli', 'sync']).not.toContain(actor);

  // Roll-forward flags (if any) in words, each with its code.
  const rollForward = sheet('Roll-forward');
  const codes = column(rollForward, 'Flag code');
  column(rollForward, 'Flag').forEach((flag, index) => {
    if (codes[index] === null) return expect(flag).toBeNull();
    expect(flag).toBe(flagWords(codes[index] as string));
  });
  expect(
    readFileSync(await (await downloading).path())
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');
});
