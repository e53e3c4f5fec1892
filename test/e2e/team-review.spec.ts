import { expect, test, type Page } from '@playwright/test';
import { assertBuilt } from '../helpers/cli';
import { openSynced, paymentCsv, rpc, startTeam, type TestTeam } from '../helpers/team-desktops';
import { shootSizes } from '../helpers/screenshots';

// Four eyes across two desktops: two browser shells on two workspaces of one team (one simulator,
// one real PostgreSQL server). Ana, a preparer, imports the bank statement, runs matching and signs
// the month off on hers; it awaits review. Ben, a reviewer, finds it in his Reviews queue and sends
// it back with a note, which reaches Ana by itself; she signs off again, Ben approves, and the lock
// arrives on Ana's desktop without her doing anything.
const SHOTS = process.env.FLOATDESK_SHOTS ?? 'test/e2e/artifacts';
let team: TestTeam;

test.describe.configure({ timeout: 300_000 });

test.beforeEach(async () => {
  assertBuilt();
  team = await startTeam({ ana: 'preparer', ben: 'reviewer' });
});

test.afterEach(async () => {
  await team?.stop();
});

async function signOff(page: Page, note: string, shot?: string): Promise<void> {
  const period = page.getByTestId('recon-period-close');
  await period.getByLabel('Note (optional)').fill(note);
  await period.getByTestId('recon-signoff-review').click();
  const confirm = period.getByTestId('recon-signoff-confirm');
  await confirm.getByTestId('recon-signoff-acknowledge').check();
  await confirm.getByTestId('recon-signoff-confirm-button').click();
  await expect(period.getByTestId('recon-signoff-result')).toContainText('awaiting review');
  await expect(period.getByTestId('recon-signoff-awaits')).toContainText('Nothing is locked yet');
  if (shot !== undefined) {
    await period.getByTestId('recon-signoff-result').scrollIntoViewIfNeeded();
    await shootSizes(page, SHOTS, shot);
  }
  await period.getByRole('button', { name: 'Done' }).click();
  await expect(period.getByLabel('Note (optional)')).toHaveValue('');
}

interface Row {
  paymentReference: string;
  createdAt: string;
  requested: { amount: string };
}

test('signed off on one desktop, rejected then approved on the other, locked on the first', async ({
  browser,
}) => {
  const a = await team.desktop();
  const b = await team.desktop();
  const ana = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  const ben = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  // Names set before the screens open, as a person's Settings would have them.
  await rpc(ana, a, 'settings:update', { signerName: 'Ana Ruiz' });
  await rpc(ben, b, 'settings:update', { signerName: 'Ben Okafor' });
  await openSynced(ana, a);
  await openSynced(ben, b);
  await rpc(ana, a, 'team:join', { database: team.database('ana'), password: 'ana-pass' });
  await rpc(ben, b, 'team:join', { database: team.database('ben'), password: 'ben-pass' });

  // Ana prepares the month: a statement paying one approved request, matching, the sign-off.
  const { rows } = await rpc<{ rows: Row[] }>(ana, a, 'transfers:list', {
    filters: { currency: 'GBP', statuses: ['approved'] },
    limit: 1,
  });
  const [paid] = rows as [Row];
  const csv = paymentCsv(paid.createdAt.slice(0, 10), paid.requested.amount, paid.paymentReference, 'E2E-R1');
  await rpc(ana, a, 'recon:import', {
    fileName: 'october.csv',
    contentBase64: Buffer.from(csv).toString('base64'),
  });
  await ana.getByRole('link', { name: 'Reconciliation' }).click();
  await ana.getByTestId('recon-run').click();
  await expect(ana.getByTestId('recon-run-result')).toContainText(/Matching as of .* done: 1 match/, {
    timeout: 60_000,
  });
  await signOff(ana, 'October close', 'team-review-awaiting');
  const latest = ana.getByTestId('recon-signoff').first();
  await expect(latest.getByTestId('recon-signoff-status')).toHaveText('Awaiting review');
  await expect(latest).toContainText('by Ana Ruiz (ana)');

  // Ben finds it in his queue (the background exchange brings it) and sends it back with a note.
  await ben.getByRole('link', { name: 'Reviews' }).click();
  const card = ben.getByTestId('review-card');
  await expect(card).toHaveCount(1, { timeout: 30_000 });
  await expect(card.getByTestId('review-preparer')).toHaveText('Ana Ruiz (ana)');
  await expect(card).toContainText('October close');
  await shootSizes(ben, SHOTS, 'team-review-queue');
  await card.getByTestId('review-reject').click();
  const dialog = ben.getByTestId('review-reject-dialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByTestId('review-reject-note-error')).toBeVisible();
  await dialog
    .getByLabel('What needs correcting')
    .fill('The payment on the statement has no invoice attached');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(ben.getByTestId('reviews-empty')).toBeVisible({ timeout: 30_000 });
  await expect(ben.getByTestId('reviews-decided')).toContainText('Rejected by Ben Okafor');

  // The rejection reaches Ana by itself, with Ben's note; nothing is locked.
  const states = async (): Promise<string[]> =>
    (await rpc<{ signOffs: { state: string }[] }>(ana, a, 'recon:signoffs', {})).signOffs.map(
      (one) => one.state,
    );
  await expect.poll(states, { timeout: 30_000 }).toEqual(['rejected']);
  const status = latest.getByTestId('recon-signoff-status');
  await expect(status).toContainText('Rejected', { timeout: 10_000 });
  await expect(status).toContainText('Rejected by Ben Okafor');
  await expect(status).toContainText('no invoice attached');

  // Ana signs off again; Ben approves; the lock arrives on Ana's desktop.
  await signOff(ana, 'October close, invoice attached');
  await expect(card).toHaveCount(1, { timeout: 30_000 });
  await expect(card).toContainText('invoice attached');
  await card.getByTestId('review-approve').click();
  await expect(ben.getByTestId('reviews-decided')).toContainText('Approved by Ben Okafor', {
    timeout: 30_000,
  });
  await expect(status).toContainText('In force', { timeout: 30_000 });
  await expect(status).toContainText('Approved by Ben Okafor');
  const { items } = await rpc<{ items: { kind: string; id: string; lockedBy: unknown }[] }>(
    ana,
    a,
    'recon:items',
    {
      limit: 500,
    },
  );
  const line = items.find((item) => item.kind === 'line' && item.id === 'E2E-R1');
  expect(line?.lockedBy).toEqual(expect.objectContaining({ signOffId: expect.any(Number) }));
  await ana.getByTestId('recon-period-close').scrollIntoViewIfNeeded();
  await shootSizes(ana, SHOTS, 'team-review-approved');
  expect(await states()).toEqual(['signed_off', 'rejected']);
});
