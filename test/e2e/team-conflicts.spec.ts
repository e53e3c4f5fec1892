import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { assertBuilt, CLI_PATH, runCli, startServing, type RunningShell } from '../helpers/cli';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server';
import { makeTempDir } from '../helpers/temp-dir';

// Two desktops of one team (two browser shells on two workspaces synced from one simulator, one
// real PostgreSQL server): both pay the same bank line to another request while apart; after they
// exchange, both Reconciliation screens show the one conflict side by side, and settling it on one
// desktop (taking the other decision) settles it on the other too.
const SHOTS = process.env.FLOATDESK_SHOTS ?? 'test/e2e/artifacts';
const temps: ReturnType<typeof makeTempDir>[] = [];
const shells: RunningShell[] = [];
let simulator: RunningShell;
let postgres: PostgresServer;

test.describe.configure({ timeout: 300_000 });

test.beforeEach(async () => {
  assertBuilt();
  simulator = await startServing(['--port', '0', '--seed', '11', '--transfers', '200'], {
    command: [CLI_PATH, 'simulator'],
    urlPattern: /Base URL:\s+(\S+)/,
  });
  postgres = await startPostgres();
  await postgres.createLogin('ana', 'ana-pass');
  await postgres.createLogin('ben', 'ben-pass');
  const admin = { FLOATDESK_TEAM_PASSWORD: postgres.admin.password };
  await postgres.createDatabase('books');
  const owner = postgres.url(postgres.admin.user, 'books');
  for (const args of [
    ['team', 'init', '--database', owner],
    ['team', 'grant', 'ana', 'preparer', '--database', owner],
    ['team', 'grant', 'ben', 'preparer', '--database', owner],
  ]) {
    const done = runCli(args, admin);
    expect(done.status, done.stderr).toBe(0);
  }
});

test.afterEach(async () => {
  for (const shell of shells.splice(0)) await shell.stop();
  await simulator?.stop();
  postgres?.remove();
  for (const temp of temps.splice(0)) temp.cleanup();
});

async function desktop(name: string): Promise<RunningShell> {
  const temp = makeTempDir('floatdesk-e2e-team-');
  temps.push(temp);
  const init = runCli(['workspace', 'init', temp.dir, '--base-url', simulator.url, '--name', 'Books']);
  expect(init.status, init.stderr).toBe(0);
  const shell = await startServing(['--workspace', temp.dir, '--port', '0'], {
    env: { FLOATDESK_API_KEY: 'demo-key', FLOATDESK_API_SECRET: 'demo-secret', FLOATDESK_HOME: temp.dir },
  });
  shells.push(shell);
  void name;
  return shell;
}

async function rpc<T>(page: Page, shell: RunningShell, channel: string, input: unknown): Promise<T> {
  const response = await page.request.post(`${shell.origin}/rpc/${channel}`, {
    headers: { Authorization: `Bearer ${shell.token}` },
    data: input,
  });
  const body = (await response.json()) as { ok: boolean; value: T; error?: unknown };
  expect(body.ok, `${channel}: ${JSON.stringify(body.error)}`).toBe(true);
  return body.value;
}

async function openSynced(page: Page, shell: RunningShell): Promise<void> {
  await page.goto(shell.url);
  await expect(page.getByTestId('sync-indicator')).toContainText(/Synced/, { timeout: 180_000 });
  await expect(page.getByTestId('sync-now')).toBeVisible({ timeout: 180_000 });
}

interface Row {
  paymentReference: string;
  createdAt: string;
  requested: { amount: string };
}

test('a conflict between two desktops is shown on both and settled from one', async ({ browser }) => {
  const a = await desktop('ana');
  const b = await desktop('ben');
  const pageA = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  const pageB = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await openSynced(pageA, a);
  await openSynced(pageB, b);

  const { rows } = await rpc<{ rows: Row[] }>(pageA, a, 'transfers:list', {
    filters: { currency: 'GBP', statuses: ['approved'] },
    limit: 2,
  });
  const [first, second] = rows as [Row, Row];
  const day = first.createdAt.slice(0, 10);
  const csv = `Date,Amount,Currency,Reference,Description,Transaction ID\r\n${day},-${first.requested.amount},GBP,,E2E TEAM PAYMENT,E2E-T1\r\n`;
  const joined = { ana: a, ben: b };
  for (const [login, shell] of Object.entries(joined)) {
    const page = login === 'ana' ? pageA : pageB;
    await rpc(page, shell, 'settings:update', { signerName: login === 'ana' ? 'Ana Ruiz' : 'Ben Okafor' });
    await rpc(page, shell, 'recon:import', {
      fileName: 'team.csv',
      contentBase64: Buffer.from(csv).toString('base64'),
    });
  }
  // Apart: Ana, in the team, pays the line to one request; Ben, not connected yet (his exchange
  // would otherwise bring Ana's match at once), pays it to another, then joins.
  await rpc(pageA, a, 'team:join', { database: postgres.url('ana', 'books'), password: 'ana-pass' });
  await rpc(pageA, a, 'recon:match.manual', {
    lineIds: ['E2E-T1'],
    requestReferences: [first.paymentReference],
  });
  await rpc(pageB, b, 'recon:match.manual', {
    lineIds: ['E2E-T1'],
    requestReferences: [second.paymentReference],
  });
  await rpc(pageB, b, 'team:join', { database: postgres.url('ben', 'books'), password: 'ben-pass' });
  await rpc(pageA, a, 'team:sync', { password: 'ana-pass' });
  await rpc(pageB, b, 'team:sync', { password: 'ben-pass' });
  await rpc(pageA, a, 'team:sync', { password: 'ana-pass' });

  for (const page of [pageA, pageB]) {
    await page.getByRole('link', { name: 'Reconciliation' }).click();
    const conflict = page.getByTestId('team-conflict');
    await expect(conflict).toHaveCount(1);
    await expect(conflict).toContainText('E2E TEAM PAYMENT');
    const sides = conflict.getByTestId('team-conflict-side');
    await expect(sides.nth(0)).toContainText('Ana Ruiz');
    await expect(sides.nth(0)).toContainText(first.paymentReference);
    await expect(sides.nth(1)).toContainText('Ben Okafor');
    await expect(sides.nth(1)).toContainText(second.paymentReference);
  }
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    await pageA.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await pageA.emulateMedia({ colorScheme });
      await pageA.getByTestId('team-conflicts').scrollIntoViewIfNeeded();
      await pageA.screenshot({ path: join(SHOTS, `team-conflicts-${width}-${colorScheme}.png`) });
    }
  }

  // Ana takes Ben's decision: on her desktop now, on Ben's after both exchange.
  await pageA.getByRole('button', { name: 'Take Ben Okafor’s decision instead' }).click();
  await expect(pageA.getByTestId('team-conflicts')).toHaveCount(0);
  await rpc(pageA, a, 'team:sync', { password: 'ana-pass' });
  await rpc(pageB, b, 'team:sync', { password: 'ben-pass' });
  await pageB.reload();
  await pageB.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(pageB.getByTestId('reconciliation-page')).toBeVisible();
  await expect(pageB.getByTestId('team-conflicts')).toHaveCount(0);
  for (const [page, shell] of [
    [pageA, a],
    [pageB, b],
  ] as const) {
    const status = await rpc<{ conflicts: number }>(page, shell, 'team:status', {});
    expect(status.conflicts).toBe(0);
    const items = await rpc<{
      items: { kind: string; id: string; match: { requestReferences: string[] } | null }[];
    }>(page, shell, 'recon:items', { limit: 500 });
    const line = items.items.find((item) => item.kind === 'line' && item.id === 'E2E-T1');
    expect(line?.match?.requestReferences).toEqual([second.paymentReference]);
  }
});
