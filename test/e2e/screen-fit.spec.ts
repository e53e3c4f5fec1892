import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { runCliAsync } from '../helpers/cli';
import { useDemoShell } from '../helpers/browser-shell';

// A laptop screen (1366×768) on the demo workspace: every row action and the columns that matter are
// on screen and not covered, and popovers close on Escape and an outside click.
const demo = useDemoShell('fit');
const ARTIFACTS = 'test/e2e/artifacts';

test.describe.configure({ timeout: 240_000 });

async function openSynced(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 768 });
  await demo.openSynced(page);
}

// What the page code below uses of the DOM: this file is type-checked without the DOM's types.
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
}
interface PageElement {
  getBoundingClientRect(): Box;
  parentElement: PageElement | null;
  className: string;
  tagName: string;
  contains(other: PageElement): boolean;
}
interface PageWindow {
  innerWidth: number;
  innerHeight: number;
  getComputedStyle(element: PageElement): { overflowX: string; overflowY: string };
  document: {
    elementFromPoint(x: number, y: number): PageElement | null;
    querySelector(selector: string): { scrollTop: number } | null;
  };
}

/**
 * Why a person cannot see the element whole, or null when they can: it must lie inside the window
 * and inside every box that clips it (a table that scrolls sideways), and be what is on top at its
 * left edge, middle and right edge (not under a panel or another column).
 */
function whyNotSeen(element: Locator): Promise<string | null> {
  return element.evaluate((node) => {
    const win = globalThis as unknown as PageWindow;
    const el = node as unknown as PageElement;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return 'it has no size (hidden)';
    const fits = (outer: Box): boolean =>
      box.left >= outer.left - 1 &&
      box.right <= outer.right + 1 &&
      box.top >= outer.top - 1 &&
      box.bottom <= outer.bottom + 1;
    const screen = { left: 0, top: 0, right: win.innerWidth, bottom: win.innerHeight, width: 0, height: 0 };
    if (!fits(screen))
      return `it is outside the window (${Math.round(box.left)}–${Math.round(box.right)} of ${win.innerWidth})`;
    for (let parent = el.parentElement; parent; parent = parent.parentElement) {
      const style = win.getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      if (!fits(parent.getBoundingClientRect())) return `it is cut off by .${parent.className.split(' ')[0]}`;
    }
    const y = box.top + box.height / 2;
    for (const x of [box.left + 2, box.left + box.width / 2, box.right - 2]) {
      const hit = win.document.elementFromPoint(x, y);
      if (!hit || !(hit === el || el.contains(hit)))
        return `it is covered at x=${Math.round(x)} by ${hit ? `<${hit.tagName.toLowerCase()} class="${hit.className}">` : 'nothing'}`;
    }
    return null;
  });
}

/** Scroll the page (not the table sideways) so the element is in the middle of the window's height. */
async function scrollPageTo(element: Locator): Promise<void> {
  await element.evaluate((node) => {
    const win = globalThis as unknown as PageWindow;
    const main = win.document.querySelector('main');
    if (main)
      main.scrollTop += (node as unknown as PageElement).getBoundingClientRect().top - win.innerHeight / 2;
  });
}

test('at 1366×768 the Transfers detail panel leaves Difference and Status in view', async ({ page }) => {
  await openSynced(page);
  await page.getByRole('link', { name: 'Transfers' }).click();
  const grid = page.getByTestId('transfers-grid');
  await expect(grid).toHaveAttribute('data-ready', 'true');

  // Without the panel, every column header is on screen, and the table needs no sideways scroll.
  for (const name of ['Created', 'Payment reference', 'Float', 'Requested', 'Difference', 'Status', 'Origin'])
    expect(await whyNotSeen(grid.getByRole('columnheader', { name })), name).toBeNull();
  expect(
    await whyNotSeen(grid.getByRole('columnheader', { name: /^Last change/ })),
    'Last change',
  ).toBeNull();
  const overflow = await grid.evaluate((node) => node.scrollWidth - node.clientWidth);
  expect(overflow, 'the Transfers table is wider than the screen').toBeLessThanOrEqual(0);

  const first = grid.getByTestId('transfer-row').first();
  await first.click();
  const panel = page.getByTestId('transfer-detail');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { level: 2 })).toContainText('Transfer request');
  for (const name of ['Payment reference', 'Requested', 'Difference', 'Status'])
    expect(await whyNotSeen(grid.getByRole('columnheader', { name })), `header ${name}`).toBeNull();
  const cells = first.locator('[role="gridcell"]');
  // Cells in the order of columns.ts: 7th Difference, 8th Status.
  expect(await whyNotSeen(cells.nth(6)), 'the Difference of the selected row').toBeNull();
  expect(await whyNotSeen(cells.nth(7)), 'the Status of the selected row').toBeNull();
  expect(await whyNotSeen(panel.getByRole('button', { name: /^Close/ }))).toBeNull();
  await page.screenshot({ path: `${ARTIFACTS}/fit-transfers-detail-1366.png` });

  // Escape closes the panel; every column comes back.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  expect(await whyNotSeen(grid.getByRole('columnheader', { name: 'Float' }))).toBeNull();
});

test('at 1366×768 every Resolve button of the open items is in view, bank lines included', async ({
  page,
}) => {
  await openSynced(page);
  // Bank lines no request can pair with (odd amounts, no reference): each needs a person's Resolve.
  const today = new Date().toISOString().slice(0, 10);
  const lines = [
    'Date,Amount,Currency,Reference,Description,Transaction ID',
    ...['3.21', '4.32', '5.43', '6.54'].map(
      (amount, index) =>
        // Banks' own ids are long and never broken: they widen the table past the screen.
        `${today},-${amount},GBP,,PAYMENT WITH A LONG REMITTANCE TEXT THAT NAMES NO REQUEST ${index},NOTPROVIDED-20261127-0000000000000000000000${index}`,
    ),
  ];
  const statement = join(demo.dir, 'statement.csv');
  writeFileSync(statement, `${lines.join('\r\n')}\r\n`);
  const imported = await runCliAsync(['reconcile', 'import', statement], { FLOATDESK_HOME: demo.dir });
  expect(imported.status, imported.stderr).toBe(0);

  await page.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page.getByTestId('recon-summary')).toBeVisible();
  await page.getByTestId('recon-run').click();
  await expect(page.getByTestId('recon-run-result')).toContainText('done');

  for (const [state, code] of [
    ['Unmatched bank payment', 'unmatched_bank_payment'],
    ['Awaiting payment', 'awaiting_payment'],
  ] as const) {
    await page.getByLabel('State', { exact: true }).selectOption({ label: state });
    const items = page.getByTestId('recon-item');
    await expect(items.first()).toBeVisible();
    // The list asked for with the filter, not the one shown before it (counted next).
    await expect(page.locator(`[data-testid="recon-item"]:not([data-state="${code}"])`)).toHaveCount(0);
    const count = Math.min(await items.count(), 8);
    for (let index = 0; index < count; index++) {
      const resolve = items.nth(index).getByRole('button', { name: /^Resolve / });
      await scrollPageTo(resolve);
      expect(await whyNotSeen(resolve), `${state}, row ${index + 1}`).toBeNull();
    }
    await page.screenshot({ path: `${ARTIFACTS}/fit-recon-items-1366-${state.split(' ')[0]}.png` });
  }
});

test('the sync Details popover closes on Escape and on a click outside it', async ({ page }) => {
  await openSynced(page);
  const details = page.getByTestId('sync-details');
  const summary = details.locator('summary');
  const panel = details.locator('.sync-details-panel');

  await summary.click();
  await expect(panel).toBeVisible();
  // Escape with focus elsewhere on the page closes it and hands focus back to "Details".
  await page.evaluate("document.querySelector('main').focus()");
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(summary).toBeFocused();

  // A click inside keeps it open; a click outside closes it.
  await summary.click();
  await panel.getByRole('heading', { name: 'Sync' }).click();
  await expect(panel).toBeVisible();
  // The empty part of the navigation, far from the popover.
  await page.mouse.click(60, 700);
  await expect(panel).toBeHidden();
  await expect(details).not.toHaveAttribute('open', '');
});
