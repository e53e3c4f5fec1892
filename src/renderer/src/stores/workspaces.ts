import { create } from 'zustand';
import type { WorkspaceEntry } from '@shared/ipc/contract-settings';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { invoke, onEvent } from '../ipc/client';

/** The workspaces this installation knows (`workspaces:list`), creating one, and opening another. */
interface WorkspacesStore {
  workspaces: WorkspaceEntry[] | null;
  loadError: ErrorShape | null;
  /** The folder being opened, while a switch runs. */
  switching: string | null;
  switchError: ErrorShape | null;
  load(): Promise<void>;
  /** Answers the new workspace, or the error (an invalid_input names name or baseUrl). */
  create(request: { name: string; baseUrl: string }): Promise<WorkspaceEntry | ErrorShape>;
  switchTo(dir: string): Promise<void>;
}

export const useWorkspaces = create<WorkspacesStore>()((set, get) => ({
  workspaces: null,
  loadError: null,
  switching: null,
  switchError: null,
  async load() {
    try {
      const { workspaces } = await invoke('workspaces:list', {});
      set({ workspaces, loadError: null });
    } catch (thrown) {
      set({ loadError: toErrorShape(thrown) });
    }
  },
  async create(request) {
    try {
      const created = await invoke('workspaces:create', request);
      await get().load();
      return created;
    } catch (thrown) {
      return toErrorShape(thrown);
    }
  },
  async switchTo(dir) {
    set({ switching: dir, switchError: null });
    try {
      await invoke('workspaces:switch', { dir });
      // Everything on screen belongs to the other workspace: start afresh (the event does too).
      window.location.reload();
    } catch (thrown) {
      set({ switching: null, switchError: toErrorShape(thrown) });
    }
  },
}));

/**
 * Another workspace is open now (from this window or another): reload, so every store reads the new
 * ledger. The browser shell's token survives in sessionStorage (ipc/session-token.ts).
 */
export function reloadOnWorkspaceChange(): void {
  onEvent('app:workspace-changed', () => window.location.reload());
}
