import { userInfo } from 'node:os';

/**
 * This computer's account name: who sent a top-up when Settings holds no person's name (the
 * transfers handler prefers that name).
 */
export function accountName(): string | null {
  try {
    const name = userInfo().username.trim();
    return name === '' ? null : name;
  } catch {
    return null; // no account entry (some containers): the panel then says it is not known
  }
}
