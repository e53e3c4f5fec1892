/**
 * Four eyes on the month-end, against a real PostgreSQL server: in a team a sign-off awaits review
 * and locks nothing until a reviewer other than its preparer approves it; the preparer cannot
 * review it, nor can a preparer unlock; the reviewer's approval reaches the preparer's desktop and
 * the lock arrives there; a rejection needs a note and never locks.
 */
import { describe, expect, it } from 'vitest';
import type { Core } from '../../../src/main/core/services';
import { dispatched, refusal, RECON_STATEMENT, statementBase64 } from '../../helpers/recon-fixture';
import { useTeamCores } from '../../helpers/team-cores';

const teamCores = useTeamCores({ logins: ['ana', 'ben'] });

/** A fresh team for each test, so one test's sign-offs are not another's. */
function freshTeam(): Promise<string> {
  return teamCores.team({ ana: 'preparer', ben: 'reviewer' });
}

async function desktop(database: string, login: 'ana' | 'ben'): Promise<Core> {
  return (await teamCores.desktop(login, database)).core;
}

async function preparedMonth(core: Core): Promise<void> {
  await dispatched(core, 'recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
  await dispatched(core, 'recon:run', { asOf: '2026-10-31' });
}

async function lockedItems(core: Core): Promise<number> {
  const { items } = await dispatched(core, 'recon:items', { asOf: '2026-10-31', limit: 500 });
  return items.filter((item) => item.lockedBy !== null).length;
}

describe('four eyes on a sign-off in a team', () => {
  it('awaits review, locks nothing, and refuses the next sign-off and its own preparer', async () => {
    const database = await freshTeam();
    const ana = await desktop(database, 'ana');
    await preparedMonth(ana);
    const { signOff } = await dispatched(ana, 'recon:signoff', {
      asOf: '2026-10-31',
      acknowledgeOpenItems: true,
    });
    expect(signOff).toMatchObject({ state: 'awaiting_review', preparer: 'ana', review: null });
    expect(signOff.lockedRequests + signOff.lockedLines).toBeGreaterThan(0);
    expect(await lockedItems(ana)).toBe(0);

    expect(
      await refusal(ana, 'recon:signoff', { asOf: '2026-10-31', acknowledgeOpenItems: true }),
    ).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/awaiting review/) });
    // Her own desktop says no before asking the server, which would say no as well.
    expect(
      await refusal(ana, 'recon:review', { id: signOff.id, verdict: 'approve', password: 'ana-pass' }),
    ).toMatchObject({ code: 'forbidden' });

    await dispatched(ana, 'team:sync', { password: 'ana-pass' });
    const rows = (
      await teamCores.server.sql(
        "SELECT actor, subject, payload FROM floatdesk_team.changes WHERE kind = 'signoff.create'",
        database,
      )
    ).rows as { actor: string; subject: string; payload: string }[];
    expect(rows).toHaveLength(1);
    const payload = JSON.parse(rows[0]!.payload) as { asOf: string; items: { decision: string | null }[] };
    expect(payload.asOf).toBe('2026-10-31');
    expect(payload.items).toHaveLength(signOff.lockedRequests + signOff.lockedLines);
    expect(payload.items.every((item) => typeof item.decision === 'string')).toBe(true);
    expect(rows[0]!.actor).toBe('ana');
  });

  it("a reviewer's approval reaches the preparer's desktop, and the lock arrives there", async () => {
    const database = await freshTeam();
    const ana = await desktop(database, 'ana');
    const ben = await desktop(database, 'ben');
    await preparedMonth(ana);
    await dispatched(ben, 'recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
    const { signOff } = await dispatched(ana, 'recon:signoff', {
      asOf: '2026-10-31',
      acknowledgeOpenItems: true,
    });
    await dispatched(ana, 'team:sync', { password: 'ana-pass' });
    await dispatched(ben, 'team:sync', { password: 'ben-pass' });

    const queue = (await dispatched(ben, 'recon:signoffs', {})).signOffs;
    const waiting = queue.find((known) => known.state === 'awaiting_review');
    expect(waiting).toMatchObject({ preparer: 'ana', asOf: '2026-10-31', actor: 'sync' });
    const reviewed = await dispatched(ben, 'recon:review', {
      id: waiting!.id,
      verdict: 'approve',
      password: 'ben-pass',
    });
    expect(reviewed.signOff).toMatchObject({
      state: 'signed_off',
      review: { verdict: 'approved', reviewer: 'ben' },
    });

    expect(await lockedItems(ana)).toBe(0);
    await dispatched(ana, 'team:sync', { password: 'ana-pass' });
    const mine = (await dispatched(ana, 'recon:signoffs', {})).signOffs.find(
      (known) => known.id === signOff.id,
    );
    expect(mine).toMatchObject({ state: 'signed_off', review: { verdict: 'approved', reviewer: 'ben' } });
    expect(await lockedItems(ana)).toBe(signOff.lockedRequests + signOff.lockedLines);

    // Unlocking needs a reviewer: the preparer is refused by the team's database itself.
    expect(
      await refusal(ana, 'recon:unlock', {
        id: signOff.id,
        reason: 'Bank corrected a line',
        password: 'ana-pass',
      }),
    ).toMatchObject({ code: 'forbidden' });
    await dispatched(ben, 'recon:unlock', {
      id: waiting!.id,
      reason: 'Bank corrected a line',
      password: 'ben-pass',
    });
    await dispatched(ana, 'team:sync', { password: 'ana-pass' });
    expect(await lockedItems(ana)).toBe(0);
  });

  it('a rejection needs a note, never locks, and lets the preparer sign off again', async () => {
    const database = await freshTeam();
    const ana = await desktop(database, 'ana');
    const ben = await desktop(database, 'ben');
    await preparedMonth(ana);
    await dispatched(ben, 'recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
    await dispatched(ana, 'recon:signoff', { asOf: '2026-10-31', acknowledgeOpenItems: true });
    await dispatched(ana, 'team:sync', { password: 'ana-pass' });
    await dispatched(ben, 'team:sync', { password: 'ben-pass' });
    const waiting = (await dispatched(ben, 'recon:signoffs', {})).signOffs[0]!;
    expect(
      await refusal(ben, 'recon:review', { id: waiting.id, verdict: 'reject', password: 'ben-pass' }),
    ).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/why/) });
    await dispatched(ben, 'recon:review', {
      id: waiting.id,
      verdict: 'reject',
      note: 'The bank fee on the 14th is not explained',
      password: 'ben-pass',
    });
    await dispatched(ana, 'team:sync', { password: 'ana-pass' });
    const [rejected] = (await dispatched(ana, 'recon:signoffs', {})).signOffs;
    expect(rejected).toMatchObject({
      state: 'rejected',
      review: { verdict: 'rejected', note: 'The bank fee on the 14th is not explained' },
    });
    expect(await lockedItems(ana)).toBe(0);
    const again = await dispatched(ana, 'recon:signoff', { asOf: '2026-10-31', acknowledgeOpenItems: true });
    expect(again.signOff.state).toBe('awaiting_review');
  });

  it('without a team a sign-off holds at once, and a review is refused as needless', async () => {
    const { core } = await teamCores.desktop();
    await preparedMonth(core);
    const { signOff } = await dispatched(core, 'recon:signoff', {
      asOf: '2026-10-31',
      acknowledgeOpenItems: true,
    });
    expect(signOff).toMatchObject({ state: 'signed_off', preparer: null, review: null });
    expect(await lockedItems(core)).toBe(signOff.lockedRequests + signOff.lockedLines);
    expect(await refusal(core, 'recon:review', { id: signOff.id, verdict: 'approve' })).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/without a team/),
    });
  });
});
