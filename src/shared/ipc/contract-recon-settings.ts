import { z } from 'zod';
import { CurrencyCode, IsoDate, IsoTimestamp } from './schemas';

/**
 * Settings → Reconciliation, per workspace: which matching rules may match without a person, the
 * amount tolerance per currency, and the date the reconciliation starts from. Amount-and-date
 * matches are never automatic (not a setting), and neither is any match whose bank amount differs
 * from the approved (else requested) amount by more than its currency's tolerance.
 */

/** A non-negative amount in major units, plain decimal text ("0.00", "5", "2.50"). */
const ToleranceAmount = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,6})?$/, 'expected an amount such as 0.00 or 5.00 (digits and one decimal point)');

export const ReconToleranceSchema = z.object({ currency: CurrencyCode, amount: ToleranceAmount });

const Automatic = z
  .object({
    /** The payment reference found exactly on the bank line (and the amount within tolerance). */
    exactReference: z.boolean(),
    /** A reference one or two characters off (and the amount within tolerance). */
    fuzzyReference: z.boolean(),
    /** Several payments or requests adding up exactly, with no reference. */
    splitSum: z.boolean(),
  })
  .strict();

const SettingsInput = z
  .object({
    automatic: Automatic,
    /** Per currency; a currency not listed has a tolerance of 0 (the amount must agree exactly). */
    tolerances: z
      .array(ReconToleranceSchema.strict())
      .max(200)
      .refine(
        (list) => new Set(list.map((entry) => entry.currency)).size === list.length,
        'lists a currency twice',
      ),
    /** Items dated before this day (requests created, lines booked) are out of scope; null: none. */
    startDate: IsoDate.nullable(),
  })
  .strict();

export const ReconSettingsSchema = SettingsInput.safeExtend({
  /** When the settings were last changed; null while they are the defaults. */
  updatedAt: IsoTimestamp.nullable(),
});

/** A match the run would store, as a person reads it (recon:run with preview). */
export const PlannedMatchViewSchema = z.object({
  rule: z.string(),
  /** The rule in words, e.g. "Exact payment reference". */
  ruleText: z.string(),
  requestReferences: z.array(z.string()).min(1),
  lines: z
    .array(
      z.object({
        id: z.string(),
        bookingDate: IsoDate,
        amount: z.object({ amount: z.string(), currency: CurrencyCode }),
        text: z.string(),
      }),
    )
    .min(1),
  explanation: z.string(),
});

export const reconSettingsContract = {
  'recon:settings.get': { input: z.object({}).strict(), output: ReconSettingsSchema },
  /** Replace the settings; audited (before and after). */
  'recon:settings.update': { input: SettingsInput, output: ReconSettingsSchema },
} as const;

export type ReconSettings = z.output<typeof ReconSettingsSchema>;
export type ReconSettingsInput = z.output<typeof SettingsInput>;
export type PlannedMatchView = z.output<typeof PlannedMatchViewSchema>;
