import { z } from 'zod';
import { CurrencyCode, IsoDate, IsoTimestamp, NoInput } from './schemas';

/**
 * The float roll-forward (recon:rollforward) and the opening balances a person enters for it. Amounts
 * and dates travel as values (Money, ISO dates): the screen words and formats them.
 */

const SignedMoney = z.object({
  amount: z.string().regex(/^-?\d+(\.\d+)?$/, 'expected a decimal number such as -2500.00'),
  currency: CurrencyCode,
});

/** Where a balance at a bound comes from. */
export const BoundBasisSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('entered'),
    entryId: z.number().int().positive(),
    asOf: IsoDate,
    note: z.string(),
    enteredAt: IsoTimestamp,
  }),
  /** offsetMs: the snapshot's time − the bound (negative: before it). */
  z.object({ kind: z.literal('snapshot'), recordedAt: IsoTimestamp, offsetMs: z.number().int() }),
]);

const BalanceAtBound = z.object({ amount: SignedMoney, basis: BoundBasisSchema });

const FlagBase = {
  message: z.string(),
  float: z.string().nullable(),
  currency: z.string(),
  at: IsoTimestamp.nullable(),
};

/** Each flag with its values, so the screen says it in words with formatted amounts and dates. */
export const RollforwardFlagSchema = z.discriminatedUnion('kind', [
  z.object({
    ...FlagBase,
    kind: z.literal('no_opening_snapshot'),
    bound: IsoTimestamp,
    toleranceDays: z.number(),
  }),
  z.object({
    ...FlagBase,
    kind: z.literal('no_closing_snapshot'),
    bound: IsoTimestamp,
    toleranceDays: z.number(),
  }),
  z.object({ ...FlagBase, kind: z.literal('no_snapshot_in_period'), recordedAt: IsoTimestamp }),
  z.object({
    ...FlagBase,
    kind: z.literal('unexplained_credit'),
    from: IsoTimestamp,
    to: IsoTimestamp,
    amount: SignedMoney,
    rise: SignedMoney,
    topUps: SignedMoney,
  }),
  z.object({
    ...FlagBase,
    kind: z.literal('approval_without_bank_payment'),
    paymentReference: z.string(),
    amount: SignedMoney,
    approvedSeenAt: IsoTimestamp,
  }),
  z.object({
    ...FlagBase,
    kind: z.literal('over_precise_amount'),
    recordedAt: IsoTimestamp.nullable(),
    paymentReference: z.string().nullable(),
    amount: SignedMoney,
    allowedDecimals: z.number().int(),
  }),
  z.object({
    ...FlagBase,
    kind: z.literal('approval_not_counted'),
    seenAt: IsoTimestamp,
    paymentReferences: z.array(z.string()),
    total: SignedMoney,
  }),
  z.object({
    ...FlagBase,
    kind: z.literal('approval_in_other_currency'),
    paymentReference: z.string(),
    amount: z.object({ amount: z.string(), currency: z.string() }),
  }),
  z.object({ ...FlagBase, kind: z.literal('unknown_currency') }),
]);

export const OpeningBalanceSchema = z.object({
  id: z.number().int().positive(),
  currency: CurrencyCode,
  float: z.string(),
  asOf: IsoDate,
  amount: SignedMoney,
  note: z.string(),
  enteredAt: IsoTimestamp,
  /** Earlier entries for the same float and date that this one replaced (kept in the ledger). */
  replaces: z.number().int().nonnegative(),
});

export const rollforwardContract = {
  'recon:rollforward': {
    input: z.object({ from: IsoDate, to: IsoDate }).strict(),
    output: z.object({
      /** How far from a bound a snapshot may lie to stand for the balance there. */
      toleranceDays: z.number(),
      currencies: z.array(
        z.object({
          currency: CurrencyCode,
          opening: SignedMoney.nullable(),
          topUps: SignedMoney,
          spend: SignedMoney.nullable(),
          closing: SignedMoney.nullable(),
          difference: SignedMoney.nullable(),
        }),
      ),
      /** Each float's balances at the bounds and where they come from. */
      floats: z.array(
        z.object({
          currency: CurrencyCode,
          float: z.string(),
          opening: BalanceAtBound.nullable(),
          closing: BalanceAtBound.nullable(),
          topUps: SignedMoney,
          spend: SignedMoney.nullable(),
        }),
      ),
      flags: z.array(RollforwardFlagSchema),
    }),
  },
  /** Enter a float's balance at the start of a day, from the platform's statement (audited; the latest counts). */
  'recon:opening.set': {
    input: z
      .object({
        currency: CurrencyCode,
        float: z.string().min(1).max(200),
        asOf: IsoDate,
        /** Plain decimal text ("25000.00", "-12.5"). */
        amount: z.string().min(1).max(40),
        note: z.string().max(1000),
      })
      .strict(),
    output: z.object({ entry: OpeningBalanceSchema, auditSeq: z.number().int().positive() }),
  },
  /** The floats one can enter a balance for, and the entries in force (newest date first). */
  'recon:opening.list': {
    input: NoInput,
    output: z.object({
      floats: z.array(z.object({ currency: CurrencyCode, name: z.string() })),
      entries: z.array(OpeningBalanceSchema),
    }),
  },
  /** The demo workspace only: generate its bank statement from the simulator's requests and import it. */
  'recon:demo-statement.load': {
    input: NoInput,
    output: z.object({
      fileName: z.string(),
      stored: z.boolean(),
      linesAdded: z.number().int().nonnegative(),
      linesAlreadyKnown: z.number().int().nonnegative(),
      /** Why nothing was stored, in words; null when stored. */
      refusal: z.string().nullable(),
    }),
  },
} as const;

export type RollforwardFlagValue = z.output<typeof RollforwardFlagSchema>;
export type BoundBasisValue = z.output<typeof BoundBasisSchema>;
export type OpeningBalanceValue = z.output<typeof OpeningBalanceSchema>;
