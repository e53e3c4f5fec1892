import { create } from 'zustand';
import type { AccountMappingRowInput, SavedAccountMapping } from '@shared/ipc/contract-journal-mapping';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { invoke } from '../ipc/client';

/** Settings → Accounting (`journals:mapping.*`): the accounts each float's journals go to. */
interface AccountMappingStore {
  /** undefined: not loaded yet. */
  mapping: SavedAccountMapping | undefined;
  /** Counts saves and imports, so the form starts again from what was stored. */
  version: number;
  loadError: ErrorShape | null;
  load(): Promise<void>;
  /**
   * Replaces the whole mapping and the books' currency ('': none); answers null, or the error (an
   * invalid_input names its rows' fields).
   */
  save(rows: AccountMappingRowInput[], booksCurrency: string): Promise<ErrorShape | null>;
  /** Replaces the whole mapping with a mapping file's rows; answers null, or the error (line and column). */
  importFile(text: string): Promise<ErrorShape | null>;
  /** The mapping as a mapping file, or the error. */
  exportFile(): Promise<{ text: string; fileName: string } | ErrorShape>;
}

export const useAccountMapping = create<AccountMappingStore>()((set) => {
  const stored = (mapping: SavedAccountMapping): null => {
    set((state) => ({ mapping, version: state.version + 1, loadError: null }));
    return null;
  };
  return {
    mapping: undefined,
    version: 0,
    loadError: null,
    async load() {
      try {
        stored(await invoke('journals:mapping.get', {}));
      } catch (thrown) {
        set({ loadError: toErrorShape(thrown) });
      }
    },
    async save(rows, booksCurrency) {
      try {
        return stored(await invoke('journals:mapping.save', { rows, booksCurrency }));
      } catch (thrown) {
        return toErrorShape(thrown);
      }
    },
    async importFile(text) {
      try {
        return stored(await invoke('journals:mapping.import', { text }));
      } catch (thrown) {
        return toErrorShape(thrown);
      }
    },
    async exportFile() {
      try {
        return await invoke('journals:mapping.export', {});
      } catch (thrown) {
        return toErrorShape(thrown);
      }
    },
  };
});
