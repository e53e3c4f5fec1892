import { describe, expect, it } from 'vitest';
import { rollForward } from '../../src/main/core/recon/rollforward/rollforward';
import type {
  ApprovalInput,
  FloatInput,
  RollForwardFlag,
  RollForwardInput,
  SnapshotInput,
} from '../../src/main/core/recon/rollforward/types';

const at = (date: string, time = '09:00:00'): string => `${date}T${time}.000Z`;
const snap = (
  id: number,
  recordedAt: string,
  available: string,
  runId: number | null = id,
): SnapshotInput => ({
  snapshotId: id,
  recordedAt,
  platformRefreshedAt: null,
  available,
  syncRunId: runId,
});
const gbp = (snapshots: SnapshotInput[], name = 'Main'): FloatInput => ({ currency: 'GBP', name, snapshots });

let nextRequest = 1;
/** A request seen pending before and approved by sync run `runId` at `observedAt`. */
function approval(
  reference: string,
  amount: string,
  observedAt: string,
  runId: number | null,
  extra: Partial<ApprovalInput> = {},
): ApprovalInput {
  return {
    requestId: nextRequest++,
    paymentReference: reference,
    float: 'Main',
    currency: 'GBP',
    createdUtc: '2026-10-30T10:00:00Z',
    observedAt,
    syncRunId: runId,
    seenBefore: true,
    status: 'approved',
    amount: { amount, currency: extra.currency ?? 'GBP' },
    amountSource: 'approved',
    ...extra,
  };
}

const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };
/** For tests about amounts, not bounds: any recorded balance up to two months away stands for a bound. */
const WIDE = 62;
const run = (input: Partial<RollForwardInput>) =>
  rollForward({ period: NOVEMBER, floats: [], approvals: [], ...input });
const kinds = (flags: RollForwardFlag[]): string[] => flags.map((flag) => flag.kind);

// Oct 31: 1000.00 · Nov 1: 900.00 · Nov 2: 1400.00 (a 600.00 top-up, 100.00 spent) · Nov 30: 1300.00.
const month = [
  snap(1, at('2026-10-31'), '1000.00'),
  snap(2, at('2026-11-01'), '900.00'),
  snap(3, at('2026-11-02'), '1400.00'),
  snap(4, at('2026-11-30', '23:59:59'), '1300.00'),
  snap(5, at('2026-12-01', '00:00:01'), '1.00'),
];

describe('float roll-forward', () => {
  it('opening + approved top-ups − derived spend = closing, exactly', () => {
    const report = run({
      floats: [gbp(month)],
      approvals: [approval('RF01', '600.00', at('2026-11-02'), 3)],
    });
    expect(report.period).toEqual({
      ...NOVEMBER,
      dayRule: 'utc',
      startsAt: '2026-11-01T00:00:00.000Z',
      endsAt: '2026-12-01T00:00:00.000Z',
    });
    const [float] = report.floats;
    expect(float).toMatchObject({
      currency: 'GBP',
      float: 'Main',
      opening: {
        snapshot: { snapshotId: 1, recordedAt: at('2026-10-31') },
        available: { amount: '1000.00' },
      },
      closing: { snapshot: { snapshotId: 4 }, available: { amount: '1300.00', currency: 'GBP' } },
      snapshotsInPeriod: 3,
      topUpTotal: { amount: '600.00', currency: 'GBP' },
      spend: {
        amount: { amount: '300.00', currency: 'GBP' },
        derived: true,
        formula: 'opening + approved top-ups − closing',
      },
      difference: { amount: '0.00', currency: 'GBP' },
      unexplainedCredit: { amount: '0.00', currency: 'GBP' },
      complete: true,
    });
    expect(float!.topUps).toEqual([
      expect.objectContaining({
        paymentReference: 'RF01',
        amount: { amount: '600.00', currency: 'GBP' },
        creditedBy: { snapshotId: 3, recordedAt: at('2026-11-02'), platformRefreshedAt: null },
        bankPayment: 'not_checked',
      }),
    ]);
    expect(report.flags).toEqual([]);
    expect(report.bankPayments).toBe('not_checked');
    expect(report.currencies).toEqual([
      {
        currency: 'GBP',
        floats: ['Main'],
        excluded: [],
        totals: {
          opening: { amount: '1000.00', currency: 'GBP' },
          topUps: { amount: '600.00', currency: 'GBP' },
          spend: expect.objectContaining({ amount: { amount: '300.00', currency: 'GBP' }, derived: true }),
          closing: { amount: '1300.00', currency: 'GBP' },
          difference: { amount: '0.00', currency: 'GBP' },
          unexplainedCredit: { amount: '0.00', currency: 'GBP' },
        },
      },
    ]);
  });

  it('cuts UTC days with inclusive boundaries, so one period closes where the next opens', () => {
    const snapshots = [
      snap(1, at('2026-10-15'), '50.00'),
      snap(2, '2026-11-01T00:00:00.000Z', '40.00'),
      snap(3, at('2026-11-29'), '30.00'),
    ];
    const october = rollForward({
      period: { from: '2026-10-16', to: '2026-10-31' },
      floats: [gbp(snapshots)],
      approvals: [],
    });
    const november = run({ floats: [gbp(snapshots)] });
    expect(october.floats[0]!.closing!.snapshot!.snapshotId).toBe(2);
    expect(november.floats[0]!.opening!.snapshot!.snapshotId).toBe(2);
    expect(october.floats[0]!.spend!.amount.amount).toBe('10.00');
    expect(november.floats[0]!.spend!.amount.amount).toBe('10.00');
  });

  it('counts a top-up in the interval of the sync that first saw it approved, not by the clock', () => {
    const report = run({
      floats: [gbp(month)],
      approvals: [
        approval('SEEN-BY-OPENING', '5.00', at('2026-10-31', '09:00:05'), 1), // already in the opening balance
        approval('LATE-IN-RUN-4', '700.00', '2026-12-01T00:00:00.500Z', 4), // run 4's snapshot holds it
        approval('NEXT-PERIOD', '9.00', at('2026-12-01', '00:00:02'), 5),
      ],
    });
    expect(
      report.floats[0]!.topUps.map((topUp) => [topUp.paymentReference, topUp.creditedBy?.snapshotId]),
    ).toEqual([['LATE-IN-RUN-4', 4]]);
    expect(report.floats[0]!.spend!.amount.amount).toBe('400.00');
  });

  it('flags a rise beyond the approved top-ups, naming the interval and the amount', () => {
    const snapshots = [
      snap(1, at('2026-10-31'), '100.00'),
      snap(2, at('2026-11-03'), '180.00'), // +80.00, no approval
      snap(3, at('2026-11-04'), '330.00'), // +150.00, 100.00 approved
      snap(4, at('2026-11-05'), '300.00'),
    ];
    const report = run({
      floats: [gbp(snapshots)],
      approvals: [approval('RF02', '100.00', at('2026-11-04'), 3)],
      boundToleranceDays: WIDE,
    });
    const credits = report.flags.filter((flag) => flag.kind === 'unexplained_credit');
    expect(credits).toEqual([
      expect.objectContaining({
        from: expect.objectContaining({ snapshotId: 1 }),
        to: expect.objectContaining({ snapshotId: 2, recordedAt: at('2026-11-03') }),
        amount: { amount: '80.00', currency: 'GBP' },
        rise: { amount: '80.00', currency: 'GBP' },
        topUps: { amount: '0.00', currency: 'GBP' },
      }),
      expect.objectContaining({
        from: expect.objectContaining({ snapshotId: 2 }),
        to: expect.objectContaining({ snapshotId: 3 }),
        amount: { amount: '50.00', currency: 'GBP' },
        rise: { amount: '150.00', currency: 'GBP' },
        topUps: { amount: '100.00', currency: 'GBP' },
      }),
    ]);
    // A new workspace's format: the system's language, ISO dates.
    // The days of the two balances (the exact instants are in columns of their own).
    expect(credits[0]!.message).toMatch(/rose by £80\.00 between 2026-10-31 and 2026-11-03, /);
    // The workspace's format, when given: de-DE with the locale's own dates.
    const german = run({
      floats: [gbp(snapshots)],
      approvals: [approval('RF02', '100.00', at('2026-11-04'), 3)],
      boundToleranceDays: WIDE,
      format: { locale: 'de-DE', dateStyle: 'locale' },
    }).flags.find((flag) => flag.kind === 'unexplained_credit')!;
    expect(german.message).toMatch(
      /rose by 80,00\u00a0£ between 31\.10\.2026 and 03\.11\.2026, approved top-ups explain 0,00\u00a0£; 80,00\u00a0£ came in/,
    );
    // 100 + 100 − 300 = −100.00: negative only because 130.00 came in unexplained (30.00 was spent).
    expect(report.floats[0]).toMatchObject({
      spend: { amount: { amount: '-100.00' } },
      unexplainedCredit: { amount: '130.00' },
      difference: { amount: '0.00' },
    });
  });

  it('says the opening or closing balance is missing instead of reading 0, and leaves the float out of the total', () => {
    const report = run({
      floats: [
        gbp(month),
        gbp([snap(10, at('2026-11-10'), '500.00'), snap(11, at('2026-11-29'), '450.00')], 'New'),
        gbp([snap(12, at('2026-12-05'), '1.00')], 'Later'),
      ],
      approvals: [
        approval('RF01', '600.00', at('2026-11-02'), 3),
        approval('RF03', '25.00', at('2026-11-15'), 77, { float: 'Nowhere' }),
      ],
    });
    expect(report.floats.map((float) => [float.float, float.opening, float.spend, float.difference])).toEqual(
      [
        ['Main', expect.anything(), expect.anything(), expect.anything()],
        ['New', null, null, null],
        ['Nowhere', null, null, null],
      ],
    );
    expect(report.floats[1]!.closing!.available.amount).toBe('450.00');
    expect(report.floats[2]).toMatchObject({
      closing: null,
      topUpTotal: { amount: '25.00' },
      topUps: [expect.objectContaining({ paymentReference: 'RF03', creditedBy: null })],
    });
    expect(report.flags.map((flag) => [flag.float, flag.kind])).toEqual([
      ['New', 'no_opening_snapshot'],
      ['Nowhere', 'no_opening_snapshot'],
      ['Nowhere', 'no_closing_snapshot'],
    ]);
    expect(report.flags[0]!.message).toMatch(/unknown \(not 0\)/);
    expect(report.currencies[0]).toMatchObject({
      floats: ['Main'],
      excluded: [
        { float: 'New', missing: ['opening'] },
        { float: 'Nowhere', missing: ['opening', 'closing'] },
      ],
      totals: { opening: { amount: '1000.00' }, closing: { amount: '1300.00' } },
    });
    const none = run({ floats: [gbp([snap(1, at('2026-11-10'), '1.00')])] });
    expect(none.currencies[0]!.totals).toBeNull();
  });

  it('without an opening snapshot, dates the first sync from the period start', () => {
    const first = { seenBefore: false, float: 'New' };
    const report = run({
      floats: [gbp([snap(10, at('2026-11-10'), '500.00'), snap(11, at('2026-11-29'), '500.00')], 'New')],
      approvals: [
        approval('HISTORIC', '80.00', at('2026-11-10'), 10, { ...first, createdUtc: '2026-06-01T10:00:00Z' }),
        approval('THIS-MONTH', '20.00', at('2026-11-10'), 10, {
          ...first,
          createdUtc: '2026-11-09T10:00:00Z',
        }),
      ],
    });
    expect(report.floats[0]!.topUps).toEqual([
      expect.objectContaining({
        paymentReference: 'THIS-MONTH',
        creditedBy: expect.objectContaining({ snapshotId: 10 }),
      }),
    ]);
    expect(report.flags).toEqual([
      expect.objectContaining({ kind: 'no_opening_snapshot' }),
      expect.objectContaining({ kind: 'approval_not_counted', paymentReferences: ['HISTORIC'] }),
    ]);
  });

  it('says so when no balance was recorded inside the period', () => {
    const report = rollForward({
      period: { from: '2026-11-01', to: '2026-11-02' },
      floats: [gbp([snap(1, at('2026-10-31'), '70.00')])],
      approvals: [],
    });
    expect(kinds(report.flags)).toEqual(['no_snapshot_in_period']);
    expect(report.floats[0]).toMatchObject({ snapshotsInPeriod: 0, spend: { amount: { amount: '0.00' } } });
  });

  it('flags an approval with no matched bank payment only when the matched set is given', () => {
    const approvals = [approval('PAID', '600.00', at('2026-11-02'), 3)];
    const twoTopUps = [...approvals, approval('UNPAID', '1.50', at('2026-11-30', '23:59:59'), 4)];
    const checked = run({
      floats: [gbp(month)],
      approvals: twoTopUps,
      matchedRequestReferences: new Set(['PAID']),
    });
    expect(checked.bankPayments).toBe('checked');
    expect(checked.floats[0]!.topUps.map((topUp) => topUp.bankPayment)).toEqual(['matched', 'not_found']);
    expect(checked.flags).toEqual([
      expect.objectContaining({
        kind: 'approval_without_bank_payment',
        paymentReference: 'UNPAID',
        amount: { amount: '1.50', currency: 'GBP' },
      }),
    ]);
    expect(run({ floats: [gbp(month)], approvals: twoTopUps }).flags).toEqual([]);
  });

  it('keeps over-precise amounts exactly and flags each of them', () => {
    const report = run({
      floats: [gbp([snap(1, at('2026-10-31'), '1000.005'), snap(2, at('2026-11-02'), '1010.00')])],
      approvals: [approval('RF04', '10.0001', at('2026-11-02'), 2)],
      boundToleranceDays: WIDE,
    });
    expect(report.floats[0]).toMatchObject({
      opening: { available: { amount: '1000.005' } },
      topUpTotal: { amount: '10.0001' },
      spend: { amount: { amount: '0.0051' } },
      difference: { amount: '0.00' },
    });
    expect(
      report.flags.map((flag) => (flag.kind === 'over_precise_amount' ? flag.amount.amount : flag.kind)),
    ).toEqual(['1000.005', '10.0001']);
  });

  it.each([
    ['JPY', ['1000', '1200'], '500', '300', '0'],
    ['KWD', ['1.001', '0.503'], '0.002', '0.500', '0.000'],
    ['BHD', ['0.000', '0.001'], '0.001', '0.000', '0.000'],
    ['GBP', ['0.10', '0.30'], '0.20', '0.00', '0.00'],
  ])('is exact in %s', (currency, [opening, closing], topUp, spend, zero) => {
    const report = run({
      floats: [
        {
          currency,
          name: 'F',
          snapshots: [snap(1, at('2026-10-31'), opening!), snap(2, at('2026-11-05'), closing!)],
        },
      ],
      approvals: [approval('X', topUp, at('2026-11-05'), 2, { float: 'F', currency })],
      boundToleranceDays: WIDE,
    });
    expect(report.floats[0]).toMatchObject({
      spend: { amount: { amount: spend, currency } },
      difference: { amount: zero },
    });
    expect(report.flags).toEqual([]);
  });

  it('sums the floats of a currency', () => {
    const report = run({
      floats: [
        gbp(month),
        gbp([snap(20, at('2026-10-01'), '0.01'), snap(21, at('2026-11-20'), '0.02')], 'b-second'),
        {
          currency: 'EUR',
          name: 'Euro',
          snapshots: [snap(30, at('2026-10-01'), '0.10'), snap(31, at('2026-11-20'), '0.30')],
        },
      ],
      approvals: [approval('RF05', '600.00', at('2026-11-02'), 3)],
      boundToleranceDays: WIDE,
    });
    expect(
      report.currencies.map((currency) => [
        currency.currency,
        currency.floats,
        currency.totals?.spend.amount.amount,
      ]),
    ).toEqual([
      ['EUR', ['Euro'], '-0.20'],
      ['GBP', ['b-second', 'Main'], '299.99'],
    ]);
    expect(report.currencies[1]!.totals).toMatchObject({
      opening: { amount: '1000.01' },
      closing: { amount: '1300.02' },
      difference: { amount: '0.00' },
      unexplainedCredit: { amount: '0.01' },
    });
  });

  it('does not count an approval first seen already approved from before the interval, and says so', () => {
    const report = run({
      floats: [gbp(month)],
      approvals: [
        approval('OLD1', '40.00', at('2026-11-02'), 3, {
          seenBefore: false,
          createdUtc: '2026-09-01T10:00:00Z',
        }),
        approval('OLD2', '2.00', at('2026-11-02'), 3, {
          seenBefore: false,
          createdUtc: '2026-09-02T10:00:00Z',
        }),
        approval('NEW', '600.00', at('2026-11-02'), 3, {
          seenBefore: false,
          createdUtc: '2026-11-01T12:00:00Z',
        }),
      ],
    });
    expect(report.floats[0]!.topUps.map((topUp) => topUp.paymentReference)).toEqual(['NEW']);
    expect(report.flags).toEqual([
      expect.objectContaining({
        kind: 'approval_not_counted',
        seenAt: at('2026-11-02'),
        paymentReferences: ['OLD1', 'OLD2'],
        total: { amount: '42.00', currency: 'GBP' },
      }),
    ]);
  });

  it('flags an approval in another currency instead of crediting it', () => {
    const report = run({
      floats: [gbp(month)],
      approvals: [
        approval('RF06', '600.00', at('2026-11-02'), 3),
        { ...approval('EURO', '12.00', at('2026-11-02'), 3), amount: { amount: '12.00', currency: 'EUR' } },
      ],
    });
    expect(report.floats[0]!.topUpTotal.amount).toBe('600.00');
    expect(report.flags).toEqual([
      expect.objectContaining({
        kind: 'approval_in_other_currency',
        amount: { amount: '12.00', currency: 'EUR' },
      }),
    ]);
  });

  it('flags an unknown currency and still shows its amounts exactly', () => {
    const report = run({
      approvals: [approval('ZZ', '1.2345', at('2026-11-02'), 9, { float: 'Odd', currency: 'ZZZ' })],
    });
    expect(report.floats[0]!.topUpTotal).toEqual({ amount: '1.2345', currency: 'ZZZ' });
    expect(kinds(report.flags)).toEqual(['no_opening_snapshot', 'no_closing_snapshot', 'unknown_currency']);
  });

  it('refuses a period that is not two real dates in order', () => {
    for (const period of [
      { from: '2026-02-30', to: '2026-03-01' },
      { from: '2026-11-02', to: '2026-11-01' },
      { from: '20261101', to: '2026-11-30' },
    ])
      expect(() => rollForward({ period, floats: [], approvals: [] })).toThrow(
        expect.objectContaining({ code: 'invalid_input' }),
      );
    expect(
      rollForward({ period: { from: '2026-11-01', to: '2026-11-01' }, floats: [], approvals: [] }).period
        .endsAt,
    ).toBe('2026-11-02T00:00:00.000Z');
  });
});
