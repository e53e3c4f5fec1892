import { create } from 'zustand';
import type { Settings } from '@shared/ipc/contract-settings';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { invoke } from '../ipc/client';
import { setFormatPreferences } from '../lib/format-preferences';
import { applyTheme } from '../lib/theme';

/** The open workspace's settings (`settings:get`); format and theme take effect as soon as they arrive. */
interface SettingsStore {
  settings: Settings | null;
  loadError: ErrorShape | null;
  load(): Promise<void>;
  /** Save a change; answers null, or the error (an invalid_input names its fields). */
  update(patch: Partial<Settings>): Promise<ErrorShape | null>;
}

function takeEffect(settings: Settings): void {
  setFormatPreferences({ locale: settings.locale, dateStyle: settings.dateStyle });
  applyTheme(settings.theme);
}

export const useSettings = create<SettingsStore>()((set) => ({
  settings: null,
  loadError: null,
  async load() {
    try {
      const settings = await invoke('settings:get', {});
      takeEffect(settings);
      set({ settings, loadError: null });
    } catch (thrown) {
      set({ loadError: toErrorShape(thrown) });
    }
  },
  async update(patch) {
    try {
      const settings = await invoke('settings:update', patch);
      takeEffect(settings);
      set({ settings, loadError: null });
      return null;
    } catch (thrown) {
      return toErrorShape(thrown);
    }
  },
}));
