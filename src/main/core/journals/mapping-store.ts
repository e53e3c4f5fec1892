/**
 * Settings → Accounting as kept in the ledger (journals:mapping.*): the whole mapping is read, and
 * replaced in one transaction with an audit entry saying which floats' accounts changed, shared with
 * the team as a `settings.accounts` change (a colleague's is applied here through the same code).
 */
import type {
  AccountMappingRowInput,
  SavedAccountMapping,
} from '../../../shared/ipc/contract-journal-mapping';
import { isKnownCurrency } from '../../../shared/domain/currency';
import { AppError } from '../../../shared/ipc/errors';
import type { Ledger } from '../ledger/db';
import {
  AccountMappingsRepository,
  type StoredAccountMapping,
} from '../ledger/repositories/account-mappings';
import { appendInTransaction } from '../recon/audit/audit-log';
import { auditActor, type ReconContext } from '../recon/context';
import { shareChange } from '../team/share-change';
import { mappingKey, parseAccountMapping, type AccountMapping } from './account-mapping';
import { checkMappingRows, mappingCsv, storedRows } from './mapping-rows';

export const ACCOUNTS_CHANGE_KIND = 'settings.accounts';

/** Where the saved rows came from, for the audit entry. */
export type MappingSource = 'settings' | 'import';

type MappingContext = Pick<ReconContext, 'db' | 'workspaceId' | 'now' | 'actor' | 'actorName' | 'fromTeam'>;

function toContract(row: StoredAccountMapping): AccountMappingRowInput {
  return { ...row, taxCode: row.taxCode ?? '', roundingAccount: row.roundingAccount ?? '' };
}

export function readMapping(db: Ledger, workspaceId: number): SavedAccountMapping {
  const repo = new AccountMappingsRepository(db);
  const rows = repo.list(workspaceId);
  const mapped = new Set(rows.map((row) => mappingKey(row.float, row.currency)));
  const unmapped = repo
    .knownFloats(workspaceId)
    .filter((float) => !mapped.has(mappingKey(float.name, float.currency)))
    .map((float) => ({ float: float.name, currency: float.currency }));
  return {
    rows: rows.map(toContract),
    unmapped,
    updatedAt: repo.updatedAt(workspaceId),
    booksCurrency: repo.booksCurrency(workspaceId),
  };
}

/** The stored mapping as the journal rules read it (what `--accounts` would give from its file). */
export function storedMapping(db: Ledger, workspaceId: number): AccountMapping {
  const rows = new AccountMappingsRepository(db).list(workspaceId);
  return rows.length === 0 ? { rows: [] } : parseAccountMapping(mappingCsv(rows));
}

/** "GBP Main float" for each row added, removed or changed, sorted. */
function changedFloats(before: StoredAccountMapping[], after: StoredAccountMapping[]): string[] {
  const text = (rows: StoredAccountMapping[]) =>
    new Map(rows.map((row) => [mappingKey(row.float, row.currency), JSON.stringify(row)]));
  const was = text(before);
  const now = text(after);
  const keys = new Set([...was.keys(), ...now.keys()]);
  return [...keys]
    .filter((key) => was.get(key) !== now.get(key))
    .map((key) => key.replace('\u0000', ' '))
    .sort();
}

/**
 * Replace the rows, and the books' currency when one is given ('': none; undefined: as it was).
 * The audit entry says which floats changed and, when it changed, the books' currency.
 */
function replaceMapping(
  context: MappingContext,
  rows: StoredAccountMapping[],
  source: MappingSource,
  booksCurrency?: string,
): SavedAccountMapping {
  const { db, workspaceId } = context;
  const at = context.now();
  return db
    .transaction(() => {
      const repo = new AccountMappingsRepository(db);
      const before = repo.list(workspaceId);
      const booksBefore = repo.booksCurrency(workspaceId);
      const books = booksCurrency === undefined ? booksBefore : booksCurrency === '' ? null : booksCurrency;
      repo.replace(workspaceId, rows, at);
      if (books !== booksBefore) repo.setBooksCurrency(workspaceId, books, at);
      appendInTransaction(db, {
        workspaceId,
        at,
        actor: auditActor(context),
        action: 'settings.accounts_changed',
        subject: 'settings:accounts',
        details: {
          source,
          rows: rows.length,
          changed: changedFloats(before, rows),
          ...(books === booksBefore ? {} : { booksCurrency: { from: booksBefore, to: books } }),
        },
      });
      shareChange(context, {
        kind: ACCOUNTS_CHANGE_KIND,
        subject: 'settings:accounts',
        payload: { rows: rows.map(toContract), booksCurrency: books ?? '' },
      });
      return readMapping(db, workspaceId);
    })
    .immediate();
}

/** journals:mapping.save: the rows checked, then the whole mapping replaced (or nothing changed). */
export function saveMapping(
  context: MappingContext,
  rows: readonly AccountMappingRowInput[],
  booksCurrency?: string,
  source: MappingSource = 'settings',
): SavedAccountMapping {
  const books = booksCurrency?.trim().toUpperCase();
  if (books !== undefined && books !== '' && !isKnownCurrency(books))
    throw new AppError(
      'invalid_input',
      `The account mapping was not saved: "${booksCurrency}" is not a currency; write the code of the books' currency, e.g. GBP, or leave it empty.`,
      {
        issues: [
          {
            field: 'booksCurrency',
            problem: `"${booksCurrency}" is not an ISO 4217 currency code (write e.g. GBP)`,
          },
        ],
      },
    );
  return replaceMapping(context, checkMappingRows(rows), source, books);
}

/** The books' currency of the workspace (Settings → Accounting); null: none set. */
export function storedBooksCurrency(db: Ledger, workspaceId: number): string | null {
  return new AccountMappingsRepository(db).booksCurrency(workspaceId);
}

/** journals:mapping.import: a mapping file replaces the mapping; its errors name line and column. */
export function importMapping(context: MappingContext, text: string): SavedAccountMapping {
  const rows = storedRows(parseAccountMapping(text));
  // The file's rules are the mapping's, except what a saved row may not hold (checked the same way).
  return replaceMapping(context, checkMappingRows(rows.map(toContract)), 'import');
}

/** journals:mapping.export: the mapping file `--accounts` reads. */
export function exportMapping(
  db: Ledger,
  workspaceId: number,
  today: string,
): { text: string; fileName: string; rows: number } {
  const rows = new AccountMappingsRepository(db).list(workspaceId);
  return { text: mappingCsv(rows), fileName: `account-mapping-${today}.csv`, rows: rows.length };
}
