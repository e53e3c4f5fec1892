import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { assertBuilt, runCli, startServing, type RunningShell } from '../helpers/cli';
import { startPostgres, type PostgresServer } from '../helpers/postgres';
import { makeTempDir } from '../helpers/temp-dir';

// Settings → Team through the real browser shell and core, joined to a real PostgreSQL server the
// test starts: the password is typed once and never shown back, the background exchange comes
// online by itself, and the people and roles are shown in plain words.
const SHOTS = '/work/shots/h19b';
let server: PostgresServer;
let adminHome: ReturnType<typeof makeTempDir>;
let temp: ReturnType<typeof makeTempDir>;
let shell: RunningShell;

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  assertBuilt();
  mkdirSync(SHOTS, { recursive: true });
  server = await startPostgres();
  await server.createLogin('ana', 'ana-pass');
  await server.createLogin('ben', 'ben-pass');
  // The team database made as an administrator makes it: with the CLI.
  await server.createDatabase('books_team');
  adminHome = makeTempDir('floatdesk-e2e-team-admin-');
  const asAdmin = { FLOATDESK_TEAM_PASSWORD: server.admin.password, FLOATDESK_HOME: adminHome.dir };
  const database = server.url(server.admin.user, 'books_team');
  for (const args of [
    ['team', 'init', '--database', database],
    ['team', 'grant', 'ana', 'preparer', '--database', database],
    ['team', 'grant', 'ben', 'reviewer', '--database', database],
  ]) {
    const ran = runCli(args, asAdmin);
    expect(ran.status, ran.stderr).toBe(0);
  }
});

test.afterAll(() => {
  server?.remove();
  adminHome?.cleanup();
});

test.beforeEach(async () => {
  temp = makeTempDir('floatdesk-e2e-team-');
  shell = await startServing(['--port', '0'], { env: { FLOATDESK_HOME: temp.dir } });
});

test.afterEach(async () => {
  await shell?.stop();
  temp?.cleanup();
});

async function shoot(
  page: Page,
  theme: 'light' | 'dark',
  width: number,
  height: number,
  prefix = '',
): Promise<void> {
  await page
    .getByRole('group', { name: 'Colours' })
    .getByLabel(theme === 'light' ? 'Light' : 'Dark')
    .check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await page.setViewportSize({ width, height });
  await page.getByTestId('settings-team').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/settings-team-${prefix}${width}x${height}-${theme}.png` });
}

test('joins a team database, comes online by itself and shows the people and roles', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(shell.url);
  await page.getByRole('link', { name: 'Settings' }).click();
  const team = page.getByTestId('settings-team');
  await expect(team.getByRole('form', { name: 'Join a team' })).toBeVisible();

  await team.getByLabel('Team database').fill(server.url('ana', 'books_team'));
  await team.getByLabel('Password').fill('ana-pass');
  await shoot(page, 'light', 1366, 768, 'join-');
  await team.getByRole('button', { name: 'Join team' }).click();

  await expect(team.getByTestId('team-online')).toHaveText('Online', { timeout: 20_000 });
  await expect(team.getByTestId('team-me')).toHaveText('ana, Preparer');
  await expect(team.getByTestId('team-queued')).toHaveText('None');
  await expect(team.getByTestId('team-waiting')).toHaveText('None');
  await expect(team.getByTestId('team-last-exchange')).not.toHaveText('Never');
  await expect(team.getByTestId('team-password-place')).toContainText(
    'never writes the team password to a file',
  );

  const people = team.getByTestId('team-people');
  await expect(people.getByRole('row', { name: 'ana Preparer' })).toBeVisible();
  await expect(people.getByRole('row', { name: 'ben Reviewer' })).toBeVisible();
  // The password is never shown back: the join form is gone, and the page does not hold it.
  await expect(team.getByLabel('Password')).toHaveCount(0);
  expect(await page.content()).not.toContain('ana-pass');

  await team.getByRole('button', { name: 'Exchange now' }).click();
  await expect(team.getByTestId('team-action-status')).toContainText('Sent 0 changes');

  for (const theme of ['light', 'dark'] as const)
    for (const [width, height] of [
      [1366, 768],
      [1920, 1080],
    ] as const)
      await shoot(page, theme, width, height);

  // Forgetting the password: offline with the reason, and the form asks for it again.
  await page.getByRole('group', { name: 'Colours' }).getByLabel('Light').check();
  await page.setViewportSize({ width: 1366, height: 768 });
  await team.getByRole('button', { name: 'Forget the password' }).click();
  await expect(team.getByTestId('team-online')).toContainText('No team password is kept');
  await expect(team.getByRole('form', { name: 'Enter the team password' })).toBeVisible();
  await expect(team.getByLabel('Team database')).toHaveValue(server.url('ana', 'books_team'));
  await team.getByRole('form', { name: 'Enter the team password' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/settings-team-forgotten-1366x768-light.png` });
});

test('asks for the owner to bring a team database set up by an earlier FloatDesk up to date', async ({
  page,
}) => {
  // A database as the version before step 5 left it: its members cannot read its step, recorded as 4.
  await server.createDatabase('old_team');
  const asAdmin = { FLOATDESK_TEAM_PASSWORD: server.admin.password, FLOATDESK_HOME: adminHome.dir };
  const database = server.url(server.admin.user, 'old_team');
  for (const args of [
    ['team', 'init', '--database', database],
    ['team', 'grant', 'ana', 'preparer', '--database', database],
  ]) {
    const ran = runCli(args, asAdmin);
    expect(ran.status, ran.stderr).toBe(0);
  }
  await server.sql('REVOKE SELECT ON floatdesk_team.schema_version FROM old_team_preparer', 'old_team');
  await server.sql('UPDATE floatdesk_team.schema_version SET version = 4', 'old_team');

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(shell.url);
  await page.getByRole('link', { name: 'Settings' }).click();
  const team = page.getByTestId('settings-team');
  await team.getByLabel('Team database').fill(server.url('ana', 'old_team'));
  await team.getByLabel('Password').fill('ana-pass');
  await team.getByRole('button', { name: 'Join team' }).click();
  await expect(team.getByTestId('team-online')).toHaveText('Online', { timeout: 20_000 });
  const notice = team.getByTestId('team-schema-notice');
  await expect(notice).toContainText('The team database was set up by an earlier version of FloatDesk');
  await expect(notice).toContainText('Ask whoever set it up (the owner of the database) to run');
  // The command to type, as code on one line.
  await expect(notice.locator('code')).toHaveText('floatdesk team init --database <the team database>');
  for (const theme of ['light', 'dark'] as const) await shoot(page, theme, 1366, 768, 'older-');

  const upgraded = runCli(['team', 'init', '--database', database], asAdmin);
  expect(upgraded.status, upgraded.stderr).toBe(0);
  await team.getByRole('button', { name: 'Exchange now' }).click();
  await expect(team.getByTestId('team-action-status')).toContainText('Sent 0 changes');
  await expect(notice).toHaveCount(0);
});
