/**
 * Before any file is written: which floats and currencies of the period have no mapping, in words.
 * A bank line belongs to no float, so its entries use the bank and variance accounts its currency's
 * rows share; rows that disagree on them leave the line with no account to go to.
 */
import { AppError } from '../../../shared/ipc/errors';
import { findMapping, mappingKey, type AccountMapping, type AccountMappingRow } from './account-mapping';
import { postsEntry } from './posting-reasons';
import type { PeriodFacts } from './types';

/** A float in a currency, or (float null) a bank line of a currency. */
export interface MappingNeed {
  float: string | null;
  currency: string;
}

/** What the period's journals will need a mapping for. */
export function mappingNeeds(facts: PeriodFacts): MappingNeed[] {
  const needs: MappingNeed[] = [];
  for (const topUp of facts.topUps) {
    for (const request of topUp.requests) needs.push({ float: request.float, currency: topUp.currency });
  }
  for (const spend of facts.spend) needs.push({ float: spend.float, currency: spend.currency });
  for (const item of facts.resolutions) {
    if (postsEntry(item)) needs.push({ float: item.float, currency: item.currency });
  }
  return needs;
}

/** The bank and variance accounts of a currency's bank lines, when its rows agree on them. */
export function currencyAccounts(
  mapping: AccountMapping,
  currency: string,
):
  | Pick<
      AccountMappingRow,
      'bankAccount' | 'varianceAccount' | 'taxCode' | 'taxCodes' | 'tracking' | 'roundingAccount'
    >
  | undefined {
  const rows = mapping.rows.filter((row) => row.currency === currency);
  const first = rows[0];
  if (first === undefined) return undefined;
  const agree = rows.every(
    (row) => row.bankAccount === first.bankAccount && row.varianceAccount === first.varianceAccount,
  );
  if (!agree) return undefined;
  // A tax code only when every row of the currency names the same one; tracking is per float.
  const taxCode = rows.every((row) => row.taxCode === first.taxCode) ? first.taxCode : null;
  // Likewise a rounding account (a conversion refuses bank lines whose rows name none or several).
  const roundingAccount = rows.every((row) => row.roundingAccount === first.roundingAccount)
    ? first.roundingAccount
    : null;
  // And a tax code by line for the kinds a bank line's entry has, where the rows agree.
  const taxCodes = Object.fromEntries(
    (['bank', 'variance', 'rounding'] as const).flatMap((kind) =>
      rows.every((row) => row.taxCodes[kind] === first.taxCodes[kind]) && first.taxCodes[kind] !== undefined
        ? [[kind, first.taxCodes[kind]]]
        : [],
    ),
  );
  return {
    bankAccount: first.bankAccount,
    varianceAccount: first.varianceAccount,
    taxCode,
    taxCodes,
    tracking: [],
    roundingAccount,
  };
}

/** One sentence per missing mapping, sorted, each named once; empty when everything is mapped. */
export function missingMappings(needs: readonly MappingNeed[], mapping: AccountMapping): string[] {
  const missing = new Map<string, string>();
  for (const need of needs) {
    if (need.float !== null) {
      if (findMapping(mapping, need.float, need.currency) === undefined) {
        missing.set(
          mappingKey(need.float, need.currency),
          `Float "${need.float}" in ${need.currency} has no accounts: add a row "${need.float},${need.currency},…" to the mapping.`,
        );
      }
    } else if (currencyAccounts(mapping, need.currency) === undefined) {
      const none = !mapping.rows.some((row) => row.currency === need.currency);
      missing.set(
        mappingKey('', need.currency),
        none
          ? `Bank lines in ${need.currency} have no accounts: no float in ${need.currency} is mapped; add one.`
          : `Bank lines in ${need.currency} have no single bank account: the ${need.currency} rows name different bank or variance accounts; make them agree.`,
      );
    }
  }
  return [...missing.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, words]) => words);
}

/** Missing mappings said in the message itself (all of them are in its details). */
const LISTED = 5;

/** Refuse, naming every missing mapping, before any journal is made. */
export function requireMappings(facts: PeriodFacts, mapping: AccountMapping): void {
  const missing = missingMappings(mappingNeeds(facts), mapping);
  if (missing.length === 0) return;
  throw new AppError(
    'invalid_input',
    `${missing.length} mapping(s) missing, so no journal was made: ${missing.slice(0, LISTED).join(' ')}${missing.length > LISTED ? ` And ${missing.length - LISTED} more.` : ''}`,
    { reason: 'missing_account_mapping', missing },
  );
}
