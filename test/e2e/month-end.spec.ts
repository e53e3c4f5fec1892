import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { useDemoShell } from '../helpers/browser-shell';
import { readCsv } from '../helpers/csv-read';

// The whole month-end on the demo workspace, as a finance person does it, through the screens only:
// load the demo bank statement, preview, run, confirm one suggestion and reject another, undo an
// automatic match with a reason, match two items by hand seeing their sums and difference first,
// resolve one item with a reason, enter an opening balance, set one's name in Settings, sign off
// acknowledging what stays open, then export the report while a State filter is still set on the
// screen: every open item of the period is in the file. At 1366×768 in the light and the dark theme.
const demo = useDemoShell('month-end');
const SHOTS = process.env.FLOATDESK_SHOTS ?? '/work/shots/month-end';
const OPEN_STATES = [
  'awaiting_payment',
  'paid_awaiting_approval',
  'variance',
  'approved_unpaid',
  'refund_expected',
  'unmatched_bank_payment',
] as const;

test.describe.configure({ timeout: 420_000 });
test.use({ actionTimeout: 20_000 });

interface Money {
  amount: string;
  currency: string;
}
interface Item {
  kind: 'request' | 'line';
  id: string;
  state: string;
  date: string;
  amount: Money;
  label: string;
  request?: { approved: Money | null };
}

/** Every item of the reconciliation as of a day (read only: what the file must hold). */
async function allItems(page: Page, asOf: string): Promise<Item[]> {
  const all: Item[] = [];
  for (let offset = 0; ; offset += 500) {
    const { items } = await demo.rpc<{ items: Item[] }>(page, 'recon:items', { asOf, offset, limit: 500 });
    all.push(...items);
    if (items.length < 500) break;
  }
  return all;
}

/** The digits of an amount as a file or a screen may write it ("-61,000.00" → "-61000.00"). */
const plainAmount = (text: string): string => text.replace(/[\s,'’\u00a0\u202f]/g, '').replace(/^−/, '-');

/** An unmatched bank line and an open request approved for the same currency and amount: a pair to match by hand. */
function pairToMatch(items: Item[]): { line: Item; request: Item } {
  // Approved for what was asked: a request the platform approved for another amount would stay a
  // variance after the match (the demo's history moves with the clock, so either may come first).
  const requests = items.filter(
    (item) =>
      item.kind === 'request' &&
      item.state === 'approved_unpaid' &&
      item.request?.approved?.amount === item.amount.amount,
  );
  for (const line of items.filter(
    (item) => item.kind === 'line' && item.state === 'unmatched_bank_payment',
  )) {
    const paid = plainAmount(line.amount.amount).replace(/^-/, '');
    const request = requests.find(
      (candidate) => candidate.amount.currency === line.amount.currency && candidate.amount.amount === paid,
    );
    if (request) return { line, request };
  }
  throw new Error('the demo has no unmatched bank line paying an open request’s amount');
}

const rows = (page: Page): Locator => page.getByTestId('recon-item');

async function chooseState(page: Page, label: string): Promise<void> {
  await page.getByLabel('State', { exact: true }).selectOption({ label });
  await expect(page.getByTestId('recon-items-count')).not.toHaveText('');
}

/** The count a summary figure shows, as a person reads it. */
async function shownCount(page: Page, state: string): Promise<number> {
  const text = await page.getByTestId(`recon-count-${state}`).locator('.recon-figure-value').innerText();
  return Number(plainAmount(text.split('—')[0] ?? ''));
}

for (const theme of ['light', 'dark'] as const) {
  test(`the whole month-end on the demo, through the screens (1366×768, ${theme} theme)`, async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const shoot = async (name: string, target?: Locator, wide = false): Promise<void> => {
      await target?.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${name}-1366x768-${theme}.png` });
      if (!wide) return;
      await page.setViewportSize({ width: 1920, height: 1080 });
      await target?.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${name}-1920x1080-${theme}.png` });
      await page.setViewportSize({ width: 1366, height: 768 });
    };
    await page.setViewportSize({ width: 1366, height: 768 });
    await demo.openSynced(page);

    // Settings: the theme this person works in.
    await page.getByRole('link', { name: 'Settings' }).click();
    const colours = page.getByRole('group', { name: 'Colours' });
    await colours.getByLabel(theme === 'light' ? 'Light' : 'Dark').check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

    // Reconciliation: the demo bank statement in one click.
    await page.getByRole('link', { name: 'Reconciliation' }).click();
    await expect(page.getByTestId('recon-summary')).toBeVisible();
    await page.getByRole('button', { name: 'Load the demo bank statement' }).click();
    await expect(page.getByText(/Loaded the demo bank statement: [\d,]+ lines added/)).toBeVisible({
      timeout: 60_000,
    });
    await shoot('statement-loaded');

    // Preview: what a run would match, nothing written; then the run.
    await page.getByTestId('recon-preview-run').click();
    const preview = page.getByTestId('recon-preview');
    await expect(preview).toContainText('nothing written', { timeout: 60_000 });
    await expect(preview.getByTestId('recon-preview-match').first()).toBeVisible();
    await shoot('preview', preview, theme === 'light');
    await page.getByTestId('recon-run').click();
    await expect(page.getByTestId('recon-run-result')).toContainText(/Matching as of .* done/, {
      timeout: 60_000,
    });
    const asOf = await page.getByLabel('As of', { exact: true }).inputValue();
    await shoot('run-result', page.getByTestId('recon-run-result'));

    // Suggestions: confirm the first card's first option, reject the next card.
    const cards = page.getByTestId('recon-suggestion');
    await expect(cards.first()).toBeVisible();
    // The queue's heading counts every suggestion; the list shows them a page at a time.
    const title = page.locator('#recon-suggestions-title');
    const waiting = async (): Promise<number> =>
      Number(/\(([^)]*)\)/.exec(await title.innerText())?.[1]?.replace(/\D/g, '') ?? NaN);
    const before = await waiting();
    const more = page.getByTestId('recon-suggestions-more');
    if (before > 25) {
      await expect(cards).toHaveCount(25);
      await more.getByRole('button', { name: /^Show \d+ more$/ }).click();
    }
    await expect(cards).toHaveCount(before);
    await expect(more).toHaveCount(0);
    await shoot('suggestions', cards.first(), theme === 'light');
    // The demo's history ends at the real time, so which card comes first changes with the clock:
    // take the first whose first option can be confirmed (a cross-currency option is resolved instead).
    const confirmed = cards
      .filter({
        has: page.getByRole('button', { name: /^Confirm option 1 of suggestion \d+$/, disabled: false }),
      })
      .first();
    const confirmedReference = await confirmed
      .getByTestId('recon-request-facts')
      .first()
      .locator('code')
      .first()
      .innerText();
    await confirmed.getByRole('button', { name: /^Confirm option 1 of suggestion \d+$/ }).click();
    await expect(page.getByTestId('recon-announcement')).toContainText('Confirmed the match of bank line');
    await expect.poll(waiting).toBe(before - 1);
    await expect(cards).toHaveCount(before - 1);
    const rejectedText = await cards.first().innerText();
    await cards
      .first()
      .getByRole('button', { name: /^Reject suggestion \d+$/ })
      .click();
    await expect(page.getByTestId('recon-announcement')).toContainText('Rejected a suggestion');
    await expect.poll(waiting).toBe(before - 2);
    await expect(cards).toHaveCount(before - 2);
    await expect(cards.filter({ hasText: rejectedText })).toHaveCount(0);
    expect(confirmedReference).not.toBe('');

    // Undo an automatic match from its row, with a reason.
    await chooseState(page, 'Matched');
    const automatic = page
      .locator('[data-testid="recon-item"][data-kind="request"]')
      .filter({ hasText: 'Exact reference' })
      .filter({ hasNotText: confirmedReference })
      .filter({ has: page.getByTestId('recon-item-undo') })
      .first();
    await expect(automatic).toBeVisible();
    const undoneReference = (await automatic.getAttribute('data-id')) ?? '';
    await automatic.getByTestId('recon-item-undo').click();
    const undo = page.getByTestId('recon-undo-dialog');
    await expect(undo.getByLabel('Reason')).toBeFocused();
    await undo.getByRole('button', { name: 'Undo the match' }).click();
    await expect(undo.getByText('Write why this match is undone')).toBeVisible();
    await undo.getByLabel('Reason').fill('Paid for another float: checked with treasury');
    await shoot('undo-dialog', undefined, theme === 'light');
    await undo.getByRole('button', { name: 'Undo the match' }).click();
    await expect(undo).toHaveCount(0);
    await expect(page.getByTestId('recon-announcement')).toContainText(
      `Undone: the match of request ${undoneReference} (reason: Paid for another float: checked with treasury).`,
    );

    // Match two items by hand: their sums and the difference are seen before matching.
    const pair = pairToMatch(await allItems(page, asOf));
    const filters = page.getByTestId('recon-item-filters');
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await filters.getByLabel('Currency').selectOption(pair.line.amount.currency);
    await chooseState(page, 'Unmatched bank payment');
    await filters.getByLabel('Search').fill(pair.request.amount.amount);
    const line = page.locator(`[data-testid="recon-item"][data-id="${pair.line.id}"]`);
    await expect(line).toBeVisible();
    await line.getByRole('checkbox').check();
    await chooseState(page, 'Approved, not paid');
    const request = page.locator(`[data-testid="recon-item"][data-id="${pair.request.id}"]`);
    await expect(request).toBeVisible();
    await request.getByRole('checkbox').check();
    const sums = page.getByTestId('recon-selection-sum');
    await expect(sums).toHaveCount(1);
    const [paid, asked, difference] = await sums.first().locator('td').allInnerTexts();
    expect(plainAmount(paid ?? '')).toContain(`${pair.request.amount.amount}(1line)`);
    expect(plainAmount(asked ?? '')).toContain(`${pair.request.amount.amount}(1request)`);
    // Same amount on both sides: the difference says so before anything is matched.
    expect(difference).toContain('Balanced');
    await expect(page.getByTestId('recon-check-ok').or(page.getByTestId('recon-check'))).toBeVisible();
    await shoot('manual-match', page.getByTestId('recon-manual'), theme === 'light');
    await page.getByTestId('recon-match-selected').click();
    const anyway = page.getByTestId('recon-match-anyway');
    const result = page.getByTestId('recon-manual-result');
    await expect(anyway.or(result)).toBeVisible();
    if (await anyway.isVisible()) await anyway.click();
    await expect(result).toContainText('Matched 1 bank line with 1 request by hand.');

    // Resolve one unmatched bank payment with a reason.
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await chooseState(page, 'Unmatched bank payment');
    const toResolve = rows(page).first();
    const resolvedId = (await toResolve.getAttribute('data-id')) ?? '';
    await toResolve.getByRole('button', { name: /^Resolve / }).click();
    const resolve = page.getByTestId('recon-resolve-dialog');
    await expect(resolve.getByLabel('Reason')).toBeFocused();
    await resolve.getByLabel('Reason').selectOption({ label: 'Not a top-up' });
    await resolve.getByLabel('Note').fill('Card fee paid from the float account');
    await shoot('resolve-dialog', undefined, theme === 'light');
    await resolve.getByRole('button', { name: 'Resolve', exact: true }).click();
    await expect(resolve).toHaveCount(0);
    await expect(page.locator(`[data-testid="recon-item"][data-id="${resolvedId}"]`)).toHaveCount(0);
    // The Last decision's Undo asks for a reason too; Escape leaves it, focus back on the button.
    const lastUndo = page.getByTestId('recon-last-decision').getByRole('button', { name: /^Undo: Resolved/ });
    await lastUndo.click();
    const undoLast = page.getByTestId('recon-undo-dialog');
    await expect(undoLast.getByLabel('Reason')).toBeFocused();
    await expect(undoLast).toContainText('Resolved');
    await page.keyboard.press('Escape');
    await expect(undoLast).toHaveCount(0);
    await expect(lastUndo).toBeFocused();

    // An opening balance for a float, from the platform's statement.
    const opening = page.getByRole('form', { name: 'Enter an opening balance' });
    await opening.scrollIntoViewIfNeeded();
    await opening.getByLabel('Balance', { exact: true }).fill('150,000.00');
    await opening.getByLabel('Note').fill('Platform statement for the month');
    await opening.getByRole('button', { name: 'Save opening balance' }).click();
    await expect(page.getByTestId('recon-opening-saved')).toContainText('at the start of');
    await expect(page.getByTestId('recon-opening-entries')).toContainText('Platform statement for the month');
    await shoot('opening-balance', page.getByTestId('recon-rollforward-section'), theme === 'light');

    // Settings: the name sign-offs carry.
    await page.getByRole('link', { name: 'Settings' }).click();
    const signer = page.getByTestId('settings-signer');
    await signer.getByLabel('Name', { exact: true }).fill('Ana Ruiz');
    await signer.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByTestId('signer-status')).toContainText('Saved');

    // Sign off as of the screen's date, acknowledging what stays open.
    await page.getByRole('link', { name: 'Reconciliation' }).click();
    await expect(page.getByTestId('recon-summary')).toBeVisible();
    const period = page.getByTestId('recon-period-close');
    await period.getByLabel('Note (optional)').fill('Month-end close');
    await period.getByTestId('recon-signoff-review').click();
    const confirm = period.getByTestId('recon-signoff-confirm');
    const open = confirm.getByTestId('recon-signoff-open');
    await expect(open).toBeVisible();
    await expect(confirm.getByTestId('recon-signoff-by')).toContainText('Ana Ruiz');
    await shoot('signoff-open-items', open, theme === 'light');
    await confirm.getByTestId('recon-signoff-confirm-button').click();
    await expect(confirm.getByTestId('recon-signoff-acknowledge-error')).toBeVisible();
    await confirm.getByTestId('recon-signoff-acknowledge').check();
    await confirm.getByTestId('recon-signoff-confirm-button').click();
    await expect(period.getByTestId('recon-signoff-result')).toBeVisible();
    await expect(period.getByTestId('recon-signoff').first()).toContainText('by Ana Ruiz');
    await shoot('signed-off', period.getByTestId('recon-signoff-result'));

    // What the screen says stays open, per state.
    await expect(page.getByTestId('recon-summary')).toBeVisible();
    const shown: Record<string, number> = {};
    for (const state of OPEN_STATES) shown[state] = await shownCount(page, state);
    const shownOpen = Object.values(shown).reduce((sum, count) => sum + count, 0);
    const expected = (await allItems(page, asOf)).filter((item) =>
      (OPEN_STATES as readonly string[]).includes(item.state),
    );
    const perState: Record<string, number> = Object.fromEntries(OPEN_STATES.map((state) => [state, 0]));
    // The summary counts requests by state, and bank lines only when they pay no request.
    for (const item of expected)
      if (item.kind === 'request' || item.state === 'unmatched_bank_payment')
        perState[item.state] = (perState[item.state] ?? 0) + 1;
    expect(perState).toEqual(shown);
    // The item undone is open again, the pair matched by hand and the resolved one are not.
    const openIds = new Set(expected.map((item) => item.id));
    expect(openIds.has(undoneReference)).toBe(true);
    expect(openIds.has(pair.request.id) || openIds.has(pair.line.id) || openIds.has(resolvedId)).toBe(false);

    // A State filter on screen, and the report still holds every open item.
    await chooseState(page, 'Unmatched bank payment');
    await page.getByRole('button', { name: 'Export report…', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export the reconciliation report' });
    await expect(dialog.getByTestId('recon-export-scope-complete')).toBeChecked();
    await dialog.getByRole('radio', { name: 'CSV', exact: true }).check();
    await dialog.getByLabel('Part of the report').selectOption('open-items');
    await shoot('export-dialog', undefined, theme === 'light');
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: /^Export( again)?$/ }).click();
    const saved = await (await downloading).path();
    await test.info().attach('open-items.csv', { path: saved, contentType: 'text/csv' });
    const file = readCsv(readFileSync(saved, 'utf8'));
    const records = file.slice(1).filter((record) => record.some((cell) => cell.trim() !== ''));
    expect(records.length).toBe(expected.length);
    expect(records.length).toBeGreaterThanOrEqual(shownOpen);
    const cells = records.map(
      (record) => new Set([...record.map((cell) => cell.trim()), ...record.map((cell) => plainAmount(cell))]),
    );
    for (const item of expected) {
      const amount = plainAmount(item.amount.amount);
      const found =
        item.kind === 'request'
          ? cells.some((row) => row.has(item.id) && row.has(amount))
          : cells.some((row) => row.has(item.date) && row.has(amount));
      expect(found, `${item.kind} ${item.id} (${item.date}, ${amount}) is in the file`).toBe(true);
    }
  });
}
