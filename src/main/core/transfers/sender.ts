import { userInfo } from 'node:os';

/**
 * Who sends a top-up, as the ledger records it: this computer's account name. (Where Settings holds
 * the person's name, that name is the better answer and the caller passes it instead.)
 */
export function accountName(): string | null {
  try {
    const name = userInfo().username.trim();
    return name === '' ? null : name;
  } catch {
    return null; // no account entry (some containers): the panel then says it is not known
  }
}
