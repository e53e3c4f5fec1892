import { create } from 'zustand';
import type { PlatformBankDetails, SavedPlatformBankDetails } from '@shared/ipc/contract-bank-details';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { invoke } from '../ipc/client';

/** The platform's bank details of the open workspace (Settings → Paying the platform). */
interface BankDetailsStore {
  /** undefined: not loaded yet; null: never saved. */
  details: SavedPlatformBankDetails | undefined;
  loadError: ErrorShape | null;
  load(): Promise<void>;
  /** Answers null, or the error. */
  save(details: PlatformBankDetails): Promise<ErrorShape | null>;
}

export const usePlatformBankDetails = create<BankDetailsStore>()((set) => ({
  details: undefined,
  loadError: null,
  async load() {
    try {
      const { details } = await invoke('settings:bank-details.get', {});
      set({ details, loadError: null });
    } catch (thrown) {
      set({ loadError: toErrorShape(thrown) });
    }
  },
  async save(details) {
    try {
      const saved = await invoke('settings:bank-details.set', details);
      set({ details: saved.details, loadError: null });
      return null;
    } catch (thrown) {
      return toErrorShape(thrown);
    }
  },
}));

/** True when at least one field says where to pay. */
export function hasBankDetails(details: SavedPlatformBankDetails | undefined): boolean {
  if (!details) return false;
  return [details.payeeName, details.account, details.bankCode, details.bankName].some((v) => v !== '');
}
