import { create } from 'zustand';
import type { ReconSettings, ReconSettingsInput } from '@shared/ipc/contract-recon-settings';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { invoke } from '../ipc/client';
import { refreshRecon } from './recon';

/** Settings → Reconciliation (`recon:settings.get` / `.update`) of the open workspace. */
interface ReconSettingsStore {
  settings: ReconSettings | null;
  loadError: ErrorShape | null;
  load(): Promise<void>;
  /** Saves; answers null, or the error (an invalid_input names its fields). */
  save(input: ReconSettingsInput): Promise<ErrorShape | null>;
}

export const useReconSettings = create<ReconSettingsStore>()((set) => ({
  settings: null,
  loadError: null,
  async load() {
    try {
      set({ settings: await invoke('recon:settings.get', {}), loadError: null });
    } catch (thrown) {
      set({ loadError: toErrorShape(thrown) });
    }
  },
  async save(input) {
    try {
      set({ settings: await invoke('recon:settings.update', input), loadError: null });
      // What the Reconciliation screen showed was worked out under the old settings.
      void refreshRecon();
      return null;
    } catch (thrown) {
      return toErrorShape(thrown);
    }
  },
}));
