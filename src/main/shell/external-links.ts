import { shell } from 'electron';
import { vetExternalUrl } from '../../shared/security/external-url';

/**
 * The one place that opens a URL outside FloatDesk (lint forbids openExternal elsewhere): only what
 * the shared rule vets (isVettedExternalUrl), and then its normalised form — what was shown opens.
 */
export async function openExternalLink(url: string): Promise<boolean> {
  const vetted = vetExternalUrl(url);
  if (!vetted.openable) return false;
  await shell.openExternal(vetted.url);
  return true;
}
