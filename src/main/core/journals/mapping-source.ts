/**
 * The account mapping a journal call uses: the mapping CSV it was given (`--accounts`), else the
 * workspace's own (Settings → Accounting). Null when there is neither.
 */
import { parseAccountMapping, type AccountMapping } from './account-mapping';

export function mappingFor(accounts: string | undefined): AccountMapping | null {
  return accounts === undefined ? null : parseAccountMapping(accounts);
}
