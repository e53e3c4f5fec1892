/**
 * The account mapping a journal call uses: the mapping CSV it was given (`--accounts`), else the
 * workspace's own (Settings → Accounting). Null when there is neither.
 */
import type { Ledger } from '../ledger/db';
import { parseAccountMapping, type AccountMapping } from './account-mapping';
import { storedMapping } from './mapping-store';

export function mappingFor(
  db: Ledger,
  workspaceId: number,
  accounts: string | undefined,
): AccountMapping | null {
  if (accounts !== undefined) return parseAccountMapping(accounts);
  const stored = storedMapping(db, workspaceId);
  return stored.rows.length === 0 ? null : stored;
}
