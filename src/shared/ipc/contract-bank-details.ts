import { z } from 'zod';
import { IsoTimestamp, NoInput } from './schemas';

/**
 * Where the platform is paid (Settings → Paying the platform, per workspace): shown with the payment
 * reference after a top-up is sent. Every field is free text as the platform gives it; empty is allowed.
 */
export const PlatformBankDetailsSchema = z
  .object({
    payeeName: z.string().max(200),
    /** IBAN or account number. */
    account: z.string().max(64),
    /** Sort code, BIC or routing number. */
    bankCode: z.string().max(64),
    bankName: z.string().max(200),
    /** Anything else the platform asks for (e.g. "quote the reference only"). */
    note: z.string().max(1000),
  })
  .strict();

const SavedBankDetails = z.object({
  /** Null until they are first saved. */
  details: PlatformBankDetailsSchema.extend({ updatedAt: IsoTimestamp }).nullable(),
});

export const bankDetailsContract = {
  'settings:bank-details.get': { input: NoInput, output: SavedBankDetails },
  'settings:bank-details.set': { input: PlatformBankDetailsSchema, output: SavedBankDetails },
} as const;

export type PlatformBankDetails = z.output<typeof PlatformBankDetailsSchema>;
export type SavedPlatformBankDetails = z.output<typeof SavedBankDetails>['details'];
