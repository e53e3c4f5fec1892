import type { Settings } from '../../../shared/ipc/contract-settings';

/** The interactive shells' background sync runs every 5 minutes unless a workspace says otherwise. */
export const DEFAULT_SYNC_INTERVAL_MINUTES = 5;

/** What a workspace uses until someone changes a setting. */
export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  syncIntervalMinutes: DEFAULT_SYNC_INTERVAL_MINUTES,
  locale: 'system',
  dateStyle: 'iso',
  theme: 'system',
  company: {},
  financeEmail: null,
  signerName: null,
});
