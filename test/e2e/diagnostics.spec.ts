import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { useDemoShell, waitForFirstSync } from '../helpers/browser-shell';

// Settings → "Copy diagnostics" in the browser shell on the demo workspace: the report is copied,
// the dialog says so and shows it (read from the dialog, not the OS clipboard), and it carries the
// versions and the sync runs but not the shell's session token.
const demo = useDemoShell('diagnostics');

test.describe.configure({ timeout: 180_000 });

test('Copy diagnostics copies the report and shows it, without the session token', async ({
  page,
  context,
}) => {
  const origin = new URL(demo.shell.url).origin;
  const token = new URL(demo.shell.url).searchParams.get('token') ?? '';
  expect(token).not.toBe('');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await page.goto(demo.shell.url);
  // The first demo sync has ended: its run is in the report.
  await waitForFirstSync(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByTestId('settings-page')).toBeVisible();

  const button = page.getByRole('button', { name: 'Copy diagnostics' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Diagnostics' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText(/^Copied to the clipboard\./);

  const text = await dialog.getByRole('textbox', { name: 'Report' }).inputValue();
  expect(text).toMatch(/^FloatDesk diagnostics/);
  expect(text).toMatch(/FloatDesk: \d+\.\d+\.\d+/);
  expect(text).toContain('Shell: browser');
  expect(text).toMatch(/Node\.js: \d+\.\d+\.\d+/);
  expect(text).toMatch(/SQLite: 3\.\d+/);
  expect(text).toContain('Kind: demo');
  expect(text).toMatch(/#1 \S+ demo: (succeeded|partial)/);
  expect(text).not.toContain(token);

  // What was copied is what is shown.
  const copied = await page.evaluate<string>('navigator.clipboard.readText()'); // a string: no DOM types here
  expect(copied).toBe(text);

  // The log file of the workspace exists, and holds neither the token nor anything it should not.
  const logPath = /Log file: (.+)/.exec(text)?.[1] ?? '';
  expect(logPath).toMatch(/floatdesk\.log$/);
  expect(readFileSync(logPath, 'utf8')).not.toContain(token);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});
