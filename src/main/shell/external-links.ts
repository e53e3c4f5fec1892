import { shell } from 'electron';
import { isVettedExternalUrl } from './security';

/** The one place that opens a URL outside FloatDesk (lint forbids openExternal elsewhere). */
export async function openExternalLink(url: string): Promise<boolean> {
  if (!isVettedExternalUrl(url)) return false;
  await shell.openExternal(url);
  return true;
}
