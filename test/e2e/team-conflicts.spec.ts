import { expect, test } from '@playwright/test';
import { assertBuilt } from '../helpers/cli';
import { shootSizes } from '../helpers/screenshots';
import { openSynced, paymentCsv, rpc, startTeam, type TestTeam } from '../helpers/team-desktops';

// Two desktops of one team (two browser shells on two workspaces synced from one simulator, one
// real PostgreSQL server): both pay the same bank line to another request while apart; after they
// exchange, both Reconciliation screens show the one conflict side by side, and settling it on one
// desktop (taking the other decision) settles it on the other too.
const SHOTS = process.env.FLOATDESK_SHOTS ?? 'test/e2e/artifacts';
let team: TestTeam;

test.describe.configure({ timeout: 300_000 });

test.beforeEach(async () => {
  assertBuilt();
  team = await startTeam({ ana: 'preparer', ben: 'preparer' });
});

test.afterEach(async () => {
  await team?.stop();
});

interface Row {
  paymentReference: string;
  createdAt: string;
  requested: { amount: string };
}

test('a conflict between two desktops is shown on both and settled from one', async ({ browser }) => {
  const a = await team.desktop();
  const b = await team.desktop();
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
  const csv = paymentCsv(day, first.requested.amount, '', 'E2E-T1');
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
  await rpc(pageA, a, 'team:join', { database: team.database('ana'), password: 'ana-pass' });
  await rpc(pageA, a, 'recon:match.manual', {
    lineIds: ['E2E-T1'],
    requestReferences: [first.paymentReference],
  });
  await rpc(pageB, b, 'recon:match.manual', {
    lineIds: ['E2E-T1'],
    requestReferences: [second.paymentReference],
  });
  await rpc(pageB, b, 'team:join', { database: team.database('ben'), password: 'ben-pass' });
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
  await shootSizes(pageA, SHOTS, 'team-conflicts', 'team-conflicts');

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
