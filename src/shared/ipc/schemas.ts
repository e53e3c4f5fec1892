import { z } from 'zod';
import { isKnownCurrency } from '../domain/currency';
import { isDecimalString } from '../domain/money';

/** Building blocks shared by contract.ts and events.ts. */

export const CurrencyCode = z.string().superRefine((code, context) => {
  if (!/^[A-Z]{3}$/.test(code)) {
    context.addIssue({ code: 'custom', message: 'expected a three-letter ISO 4217 code such as GBP' });
  } else if (!isKnownCurrency(code)) {
    context.addIssue({ code: 'custom', message: `${code} is not an ISO 4217 currency code` });
  }
});

export const DecimalString = z.string().refine(isDecimalString, 'expected a decimal number such as 1250.50');

export const MoneySchema = z.object({ amount: DecimalString, currency: CurrencyCode });

export const IsoTimestamp = z.iso.datetime({ offset: true });

export const NoInput = z.object({}).strict();
