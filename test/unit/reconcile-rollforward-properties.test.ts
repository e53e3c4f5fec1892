import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinorUnits } from '../../src/shared/domain/money';
import { BOUND_TOLERANCE_DAYS, rollForward } from '../../src/main/core/recon/rollforward/rollforward';
import type {
  ApprovalInput,
  FloatInput,
  RollForwardReport,
} from '../../src/main/core/recon/rollforward/types';

// Generated floats: an opening snapshot the day before the period, then one snapshot per step inside
// it. Each step spends, may be topped up (an approval seen by that step's sync) and may receive an
// unexplained credit. Amounts are minor units; the expectations are BigInt sums of the same.

const PERIOD = { from: '2026-11-01', to: '2026-12-31' };
const OPENING_AT = Date.UTC(2026, 9, 31, 9);
const PERIOD_START = Date.UTC(2026, 10, 1);
const CURRENCIES = ['JPY', 'GBP', 'KWD'] as const; // 0, 2 and 3 decimals
/** The last step may lie up to 25 days into the period: any balance within two months stands for a bound. */
const WIDE = 62;

interface Step {
  gapMs: number;
  spent: bigint;
  topUp: bigint;
  credit: bigint;
}

interface Generated {
  currency: string;
  floats: Array<{ name: string; opening: bigint; steps: Step[] }>;
}

const minor = fc.bigInt(0n, 10n ** 15n);
const step = fc.record({
  gapMs: fc.integer({ min: 1, max: 86_400_000 }),
  spent: minor,
  topUp: fc.oneof(fc.constant(0n), minor),
  credit: fc.oneof(fc.constant(0n), fc.constant(0n), minor),
});
const generated: fc.Arbitrary<Generated> = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  floats: fc
    .array(
      fc.record({
        opening: fc.bigInt(-(10n ** 12n), 10n ** 18n),
        steps: fc.array(step, { minLength: 1, maxLength: 25 }),
      }),
      {
        minLength: 1,
        maxLength: 3,
      },
    )
    .map((list) => list.map((float, index) => ({ ...float, name: `Float ${index + 1}` }))),
});

/** The roll-forward inputs of a generated world; `withTopUps: false` removes every top-up from it. */
function inputsOf(world: Generated, withTopUps = true): { floats: FloatInput[]; approvals: ApprovalInput[] } {
  const floats: FloatInput[] = [];
  const approvals: ApprovalInput[] = [];
  let id = 0;
  for (const float of world.floats) {
    let balance = float.opening;
    let atMs = PERIOD_START;
    const snapshots = [
      {
        snapshotId: ++id,
        recordedAt: new Date(OPENING_AT).toISOString(),
        platformRefreshedAt: null,
        available: fromMinorUnits(balance, world.currency),
        syncRunId: id,
      },
    ];
    for (const entry of float.steps) {
      atMs += entry.gapMs;
      const topUp = withTopUps ? entry.topUp : 0n;
      balance += topUp + entry.credit - entry.spent;
      const snapshotId = ++id;
      const recordedAt = new Date(atMs).toISOString();
      snapshots.push({
        snapshotId,
        recordedAt,
        platformRefreshedAt: null,
        available: fromMinorUnits(balance, world.currency),
        syncRunId: snapshotId,
      });
      if (topUp > 0n)
        approvals.push({
          requestId: snapshotId,
          paymentReference: `REF${snapshotId}`,
          float: float.name,
          currency: world.currency,
          createdUtc: new Date(OPENING_AT).toISOString(),
          observedAt: recordedAt,
          syncRunId: snapshotId,
          seenBefore: true,
          status: 'approved',
          amount: { amount: fromMinorUnits(topUp, world.currency), currency: world.currency },
          amountSource: 'approved',
        });
    }
    floats.push({ currency: world.currency, name: float.name, snapshots });
  }
  return { floats, approvals };
}

const report = (world: Generated, withTopUps = true): RollForwardReport =>
  rollForward({ period: PERIOD, ...inputsOf(world, withTopUps), boundToleranceDays: WIDE });

const sum = (values: bigint[]): bigint => values.reduce((a, b) => a + b, 0n);
const shuffled = <T>(list: readonly T[], seed: number): T[] =>
  list
    .map((item, index) => ({ item, key: (index * 7919 + seed) % 104_729 }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

describe('roll-forward properties', () => {
  it('is exact: spend = Σ spent − Σ credits, the difference is exactly 0, totals sum the floats', () => {
    fc.assert(
      fc.property(generated, (world) => {
        const { currency } = world;
        const result = report(world);
        const money = (value: bigint) => ({ amount: fromMinorUnits(value, currency), currency });
        let totalSpend = 0n;
        world.floats.forEach((float, index) => {
          const row = result.floats[index]!;
          const spend = sum(float.steps.map((entry) => entry.spent - entry.credit));
          const topUps = sum(float.steps.map((entry) => entry.topUp));
          const unexplained = sum(
            float.steps.map((entry) => (entry.credit > entry.spent ? entry.credit - entry.spent : 0n)),
          );
          totalSpend += spend;
          expect(row.spend?.amount).toEqual(money(spend));
          expect(row.topUpTotal).toEqual(money(topUps));
          expect(row.difference).toEqual(money(0n));
          expect(row.unexplainedCredit).toEqual(money(unexplained));
          expect(row.closing?.available).toEqual(money(float.opening + topUps - spend));
        });
        expect(result.currencies).toHaveLength(1);
        expect(result.currencies[0]!.totals).toMatchObject({
          spend: { amount: money(totalSpend) },
          difference: money(0n),
        });
        expect(result.flags.every((flag) => flag.kind === 'unexplained_credit')).toBe(true);
      }),
    );
  });

  it('never counts a top-up as spend: removing every top-up leaves spend and flags unchanged', () => {
    fc.assert(
      fc.property(generated, (world) => {
        const [withTopUps, without] = [report(world), report(world, false)];
        expect(withTopUps.floats.map((float) => float.spend)).toEqual(
          without.floats.map((float) => float.spend),
        );
        // The same intervals, the same unexplained amounts (only the rise and top-ups they quote differ).
        const gist = (result: RollForwardReport) =>
          result.flags.map((flag) =>
            flag.kind === 'unexplained_credit' ? [flag.float, flag.from, flag.to, flag.amount] : flag.kind,
          );
        expect(gist(withTopUps)).toEqual(gist(without));
      }),
    );
  });

  it('flags an unexplained credit in exactly the intervals where the balance rose beyond the top-ups', () => {
    fc.assert(
      fc.property(generated, (world) => {
        const result = report(world);
        const { floats } = inputsOf(world);
        const expected = world.floats.flatMap((float, index) =>
          float.steps.flatMap((entry, at) => {
            if (entry.credit <= entry.spent) return [];
            const snapshots = floats[index]!.snapshots;
            return [
              [
                float.name,
                snapshots[at]!.snapshotId,
                snapshots[at + 1]!.snapshotId,
                fromMinorUnits(entry.credit - entry.spent, world.currency),
              ],
            ];
          }),
        );
        const flagged = result.flags.flatMap((flag) =>
          flag.kind === 'unexplained_credit'
            ? [[flag.float, flag.from.snapshotId, flag.to.snapshotId, flag.amount.amount]]
            : [],
        );
        expect(flagged).toEqual(expected);
        // Derived spend is negative only when money came in unexplained.
        for (const float of result.floats)
          if (float.spend!.amount.amount.startsWith('-'))
            expect(float.unexplainedCredit.amount).not.toMatch(/^0(\.0+)?$/);
      }),
    );
  });

  it('flags a missing opening balance instead of reading 0 when no snapshot is within the tolerance', () => {
    fc.assert(
      fc.property(generated, fc.integer({ min: BOUND_TOLERANCE_DAYS, max: 30 }), (world, daysBefore) => {
        const day = new Date(OPENING_AT - daysBefore * 86_400_000).toISOString().slice(0, 10);
        const result = rollForward({ period: { from: day, to: '2026-12-31' }, ...inputsOf(world) });
        for (const float of result.floats)
          expect([float.opening, float.spend, float.difference]).toEqual([null, null, null]);
        expect(result.flags.filter((flag) => flag.kind === 'no_opening_snapshot')).toHaveLength(
          world.floats.length,
        );
        expect(result.currencies[0]!.totals).toBeNull();
      }),
    );
  });

  it('gives the same report whatever the order of its inputs', () => {
    fc.assert(
      fc.property(generated, fc.nat(), (world, seed) => {
        const { floats, approvals } = inputsOf(world);
        const mixed = {
          period: PERIOD,
          floats: shuffled(floats, seed).map((float) => ({
            ...float,
            snapshots: shuffled(float.snapshots, seed + 1),
          })),
          approvals: shuffled(approvals, seed + 2),
        };
        expect(rollForward({ ...mixed, boundToleranceDays: WIDE })).toEqual(
          rollForward({ period: PERIOD, floats, approvals, boundToleranceDays: WIDE }),
        );
      }),
    );
  });
});
