import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Drift, SignOff } from '@shared/ipc/contract-signoff';
import type { ReconSummary } from '@shared/ipc/contract-recon';
import { AppError } from '@shared/ipc/errors';
import {
  actorLabel,
  driftChange,
  driftHeading,
  driftInForce,
  driftSentence,
  lockedActionHint,
  lockedCellText,
  lockedCountsText,
  lockedNote,
  preparerText,
  reportPageText,
  reviewSentence,
  reviewText,
  shortHash,
  signOffExplanation,
  signOffOutlook,
  signOffSentence,
  signOffStatusText,
  unlockReasonProblem,
} from '../../src/renderer/src/features/reconciliation/period-close/period-text';
import { setFormatPreferences } from '../../src/renderer/src/lib/format-preferences';
import type { ReconClient } from '../../src/renderer/src/stores/recon-client';
import { isSelectable } from '../../src/renderer/src/stores/recon-items-store';
import { createReconStores } from '../../src/renderer/src/stores/recon-stores';

setFormatPreferences({ locale: 'en-GB', dateStyle: 'iso' });

const HASH = 'ab'.repeat(32);
const drift = (extra: Partial<Drift> = {}): Drift => ({
  id: 1,
  paymentReference: 'RF1800000000000001',
  field: 'status',
  signedOff: 'approved',
  now: 'cancelled',
  detectedAt: '2026-04-02T09:00:00+01:00',
  ...extra,
});
const signOff = (extra: Partial<SignOff> = {}): SignOff => ({
  id: 7,
  asOf: '2026-03-31',
  signedAt: '2026-04-01T10:00:00+01:00',
  actor: 'user',
  actorName: null,
  note: '',
  lockedRequests: 3,
  lockedLines: 1,
  auditSeq: 42,
  auditHash: HASH,
  reportSha256: 'cd'.repeat(32),
  state: 'signed_off',
  preparer: null,
  review: null,
  unlocked: null,
  drift: [],
  ...extra,
});

function summary(): ReconSummary {
  return {
    asOf: '2026-03-31',
    states: {
      awaiting_payment: 4,
      paid_awaiting_approval: 1,
      matched: 10,
      variance: 2,
      approved_unpaid: 1,
      refund_expected: 1,
      unmatched_bank_payment: 3,
      resolved: 2,
      signed_off: 5,
    },
    suggestions: 0,
    currencies: [],
  };
}

describe('period close words', () => {
  it('says what changed on a signed-off request, a missing value as "none"', () => {
    expect(driftSentence(drift(), '2026-03-31')).toBe(
      'Signed-off request RF1800000000000001 changed after sign-off as of 2026-03-31: status approved → cancelled',
    );
    expect(
      driftChange(drift({ field: 'approved_amount', signedOff: '2500.00 GBP', now: '2400.00 GBP' })),
    ).toBe('approved amount 2500.00 GBP → 2400.00 GBP');
    expect(driftChange(drift({ signedOff: 'pending', now: 'approved_edited' }))).toBe(
      'status pending → approved with an edited amount',
    );
    expect(driftChange(drift({ field: 'approved_amount', signedOff: '2500.00 GBP', now: null }))).toBe(
      'approved amount 2500.00 GBP → none',
    );
  });

  it('says who prepared and who reviewed a team sign-off, and what a review did', () => {
    const team = signOff({ state: 'awaiting_review', preparer: 'ana', actor: 'sync', actorName: 'Ana Ruiz' });
    expect(preparerText(team)).toBe('Ana Ruiz (ana)');
    expect(preparerText(signOff({ preparer: 'ana', actorName: null }))).toBe('ana');
    expect(preparerText(signOff({ actor: 'cli', actorName: null }))).toBe('scheduled run (CLI)');
    expect(reviewText(team)).toBeNull();
    expect(signOffSentence(team)).toMatch(/awaits review by a colleague/);
    const review = { reviewer: 'ben', reviewerName: 'Ben Okafor', at: '2026-04-02T09:00:00.000Z', note: '' };
    const approved = signOff({ ...team, state: 'signed_off', review: { ...review, verdict: 'approved' } });
    expect(reviewText(approved)).toBe('Approved by Ben Okafor on 2026-04-02');
    expect(reviewSentence(approved)).toBe(
      'Approved the sign-off as of 2026-03-31: its 3 requests and 1 bank line are locked.',
    );
    const rejected = signOff({
      ...team,
      state: 'rejected',
      review: { ...review, reviewerName: null, verdict: 'rejected', note: 'Fee not explained' },
    });
    expect(reviewText(rejected)).toBe('Rejected by ben on 2026-04-02: Fee not explained');
    expect(reviewSentence(rejected)).toMatch(/^Rejected the sign-off as of 2026-03-31/);
  });

  it('tells a sign-off in force from one unlocked, with when and why', () => {
    expect(signOffStatusText(signOff())).toBe('In force');
    expect(
      signOffStatusText(
        signOff({
          unlocked: {
            at: '2026-04-03T08:30:00+01:00',
            actor: 'user',
            actorName: null,
            reason: 'bank reversal',
            auditSeq: 50,
          },
        }),
      ),
    ).toBe('Unlocked on 2026-04-03 because bank reversal');
  });

  it('counts, hashes and sentences', () => {
    expect(lockedCountsText(signOff())).toBe('3 requests and 1 bank line');
    expect(lockedCountsText(signOff({ lockedRequests: 1, lockedLines: 0 }))).toBe(
      '1 request and 0 bank lines',
    );
    expect(lockedCellText(signOff())).toBe('3 requests and 1 bank line');
    expect(lockedCellText(signOff({ state: 'awaiting_review' }))).toBe(
      '3 requests and 1 bank line once approved',
    );
    expect(lockedCellText(signOff({ state: 'rejected' }))).toBe('Nothing: rejected');
    expect(shortHash(HASH)).toBe('abababababab');
    expect(signOffSentence(signOff())).toBe(
      'Signed off as of 2026-03-31: 3 requests and 1 bank line locked (audit entry 42).',
    );
    expect(actorLabel('cli')).toBe('scheduled run (CLI)');
    expect(actorLabel('user', 'Ana Ruiz')).toBe('Ana Ruiz');
    expect(actorLabel('user')).toBe('FloatDesk user (no name set)');
    expect(signOffExplanation('2026-03-31')).toMatch(/on or before 2026-03-31 is locked.*carry forward/);
    expect(reportPageText(100, 100, 5234)).toBe('Items 101–200 of 5,234');
    expect(reportPageText(0, 0, 0)).toBe('No items in this report.');
  });

  it('counts the requests that changed once each, the changes next to them', () => {
    const one = signOff({ id: 2, drift: [drift()] });
    expect(driftHeading([one])).toBe('A signed-off request changed after its sign-off');
    const twice = signOff({ id: 2, drift: [drift(), drift({ id: 2, field: 'approved_amount' })] });
    expect(driftHeading([twice])).toBe('A signed-off request changed after its sign-off (2 changes)');
    const other = signOff({ id: 3, drift: [drift({ id: 3 }), drift({ id: 4, paymentReference: 'RF99' })] });
    expect(driftHeading([twice, other])).toBe(
      '3 signed-off requests changed after their sign-off (4 changes)',
    );
  });

  it('lists the drift of sign-offs in force only', () => {
    const inForce = signOff({ id: 2, drift: [drift(), drift({ id: 2 })] });
    const unlocked = signOff({
      id: 1,
      drift: [drift({ id: 3 })],
      unlocked: { at: '2026-04-03T08:30:00Z', actor: 'cli', actorName: null, reason: 'fix', auditSeq: 9 },
    });
    expect(driftInForce([inForce, unlocked]).map((entry) => entry.drift.id)).toEqual([1, 2]);
  });

  it('names the field when the unlock reason is missing or short', () => {
    expect(unlockReasonProblem('  ')).toMatch(/^Reason is required/);
    expect(unlockReasonProblem('ok')).toBe('Reason must be at least 3 characters.');
    expect(unlockReasonProblem(' ok ')).toBe('Reason must be at least 3 characters.');
    expect(unlockReasonProblem('x'.repeat(1001))).toMatch(/^Reason must be at most/);
    expect(unlockReasonProblem('Platform cancelled RF18')).toBeNull();
  });

  it('says why a locked item cannot be changed, and keeps it out of a manual match', () => {
    const item = {
      kind: 'request' as const,
      id: 'RF01',
      state: 'signed_off' as const,
      ageing: null,
      date: '2026-03-02',
      amount: { amount: '1.00', currency: 'GBP' },
      label: 'Main',
      match: null,
      resolution: null,
      lockedBy: { signOffId: 7, asOf: '2026-03-31' },
    };
    expect(lockedNote(item)).toBe('Signed off as of 2026-03-31');
    expect(lockedActionHint(item)).toBe(
      'Signed off as of 2026-03-31: unlock that sign-off to change this item.',
    );
    expect(lockedNote({ lockedBy: null })).toBeNull();
    expect(isSelectable({ ...item, state: 'awaiting_payment' })).toBe(false);
  });

  it('reads the summary: settled items get locked, open ones carry forward', () => {
    expect(signOffOutlook(summary())).toEqual({
      matched: 10,
      resolved: 2,
      alreadySignedOff: 5,
      open: 9,
      unmatchedBankPayments: 3,
    });
  });
});

const invoke = vi.fn<(channel: string, input: unknown) => Promise<unknown>>();
const client = { invoke, onEvent: () => () => undefined } as unknown as ReconClient;
const calls = (channel: string): unknown[] =>
  invoke.mock.calls.filter(([name]) => name === channel).map(([, input]) => input);

describe('period close store', () => {
  let answers: Record<string, (input: unknown) => unknown>;
  beforeEach(() => {
    invoke.mockReset();
    answers = {
      'recon:summary': () => summary(),
      'recon:open-totals': () => ({
        asOf: '2026-03-31',
        open: [{ state: 'awaiting_payment', count: 2, total: { amount: '3000.00', currency: 'GBP' } }],
        suggestions: 0,
        differences: [],
        needsAcknowledgement: true,
      }),
      'recon:signoffs': () => ({ signOffs: [signOff()] }),
      'recon:rollforward': () => ({ currencies: [], flags: [] }),
    };
    invoke.mockImplementation(async (channel, input) => {
      const answer = answers[channel];
      if (!answer) throw new Error(`unexpected ${channel}`);
      return answer(input);
    });
  });

  it('reviews with the summary as of the date, then signs off with the note, announces and reloads', async () => {
    const stores = createReconStores(client);
    const { usePeriod, useDecisions } = stores;
    await usePeriod.getState().reload();
    await usePeriod.getState().review('2026-03-31', '  March close ');
    expect(calls('recon:summary')).toEqual([{ asOf: '2026-03-31' }]);
    expect(calls('recon:open-totals')).toEqual([{ asOf: '2026-03-31' }]);
    expect(usePeriod.getState().signing).toMatchObject({
      status: 'reviewing',
      summary: { status: 'ready' },
      openTotals: { status: 'ready', value: { needsAcknowledgement: true } },
    });
    answers['recon:signoff'] = () => ({ signOff: signOff({ note: 'March close' }) });
    await usePeriod.getState().confirmSigning({ acknowledgeOpenItems: true });
    expect(calls('recon:signoff')).toEqual([
      { asOf: '2026-03-31', note: 'March close', acknowledgeOpenItems: true },
    ]);
    expect(usePeriod.getState().signing).toMatchObject({ status: 'done', signOff: { id: 7 } });
    expect(useDecisions.getState().announcement?.text).toMatch(/^Signed off as of 2026-03-31/);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls('recon:signoffs')).toHaveLength(2);
  });

  it('keeps the review and shows the refusal when the core says no', async () => {
    const { usePeriod } = createReconStores(client);
    await usePeriod.getState().review('2026-03-31', '');
    answers['recon:signoff'] = () => Promise.reject(new AppError('invalid_input', 'Nothing to lock.'));
    await usePeriod.getState().confirmSigning();
    expect(calls('recon:signoff')).toEqual([{ asOf: '2026-03-31' }]);
    expect(usePeriod.getState().signing).toMatchObject({
      status: 'error',
      asOf: '2026-03-31',
      error: { code: 'invalid_input', message: 'Nothing to lock.' },
    });
    usePeriod.getState().cancelSigning();
    expect(usePeriod.getState().signing).toEqual({ status: 'idle' });
  });

  it('unlocks with the trimmed reason; a refusal comes back to the dialog', async () => {
    const { usePeriod } = createReconStores(client);
    answers['recon:unlock'] = () => ({
      signOff: signOff({
        unlocked: { at: '2026-04-03T08:30:00Z', actor: 'user', actorName: null, reason: 'fix', auditSeq: 9 },
      }),
    });
    expect(await usePeriod.getState().unlock(7, '  Platform cancelled it ')).toBeNull();
    expect(calls('recon:unlock')).toEqual([{ id: 7, reason: 'Platform cancelled it' }]);
    answers['recon:unlock'] = () => Promise.reject(new AppError('not_found', 'No such sign-off.'));
    expect(await usePeriod.getState().unlock(8, 'again')).toMatchObject({ code: 'not_found' });
  });

  it('opens a frozen report and forgets it on close', async () => {
    const { usePeriod } = createReconStores(client);
    answers['recon:signoff.report'] = () => ({ signOff: signOff(), summary: summary(), items: [] });
    await usePeriod.getState().openReport(7);
    expect(usePeriod.getState().report).toMatchObject({ id: 7, view: { status: 'ready' } });
    usePeriod.getState().closeReport();
    expect(usePeriod.getState().report).toBeNull();
  });
});

describe('undo of a decision in a signed-off period', () => {
  it('keeps the refusal for the Undo button to show, and clears it on the next decision', async () => {
    invoke.mockReset();
    invoke.mockImplementation(async (channel) => {
      if (channel === 'recon:undo') throw new AppError('locked', 'This item is in a signed-off period.');
      return { currencies: [], flags: [] };
    });
    const { useDecisions } = createReconStores(client);
    useDecisions
      .getState()
      .record({ decisionId: 3, auditSeq: 9 }, 'Resolved bank line TX-1 (other)', ['TX-1']);
    expect(await useDecisions.getState().undo(3, { reason: 'Wrong line' })).toMatchObject({ code: 'locked' });
    expect(useDecisions.getState().undoFailure).toMatchObject({ decisionId: 3, error: { code: 'locked' } });
    useDecisions.getState().record({ decisionId: 4, auditSeq: 10 }, 'Another', ['TX-2']);
    expect(useDecisions.getState().undoFailure).toBeNull();
  });
});
