import type { ConnectionInfo } from '@shared/ipc/contract-settings';

export interface BannerText {
  tone: 'warning' | 'danger';
  title: string;
  message: string;
}

/** What the person using a platform workspace must know about the API key and secret, if anything. */
export function credentialsBannerText(info: ConnectionInfo | null): BannerText | null {
  if (info?.kind !== 'platform') return null;
  const notice = info.storageNotice;
  if (notice?.kind === 're-enter' && !info.hasCredentials)
    return { tone: 'danger', title: 'Enter the API key and secret again', message: notice.message };
  if (notice?.kind === 'memory-only' && info.hasCredentials && info.credentialsSource === 'session')
    return { tone: 'warning', title: 'API key kept until you close FloatDesk', message: notice.message };
  if (!info.hasCredentials)
    return {
      tone: 'warning',
      title: 'No API key and secret',
      message: info.plainTextStorage.offered
        ? 'Your system has no secure key store, so FloatDesk did not keep the API key and secret from last time. Enter them in Settings to sync this workspace.'
        : 'FloatDesk cannot sync this workspace until you enter the API key and secret in Settings.',
    };
  return null;
}
