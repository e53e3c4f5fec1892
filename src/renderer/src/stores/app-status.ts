import { create } from 'zustand';
import type { AppStatus } from '@shared/ipc/contract';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { invoke } from '../ipc/client';

/** Facts about this installation and its workspace (`app:status`), for the header and Settings. */
export type AppStatusView =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; value: AppStatus }
  | { status: 'error'; error: ErrorShape };

interface AppStatusStore {
  view: AppStatusView;
  load(): Promise<void>;
}

let latestRequest = 0;

export const useAppStatus = create<AppStatusStore>()((set) => ({
  view: { status: 'idle' },
  async load() {
    const request = ++latestRequest;
    set({ view: { status: 'loading' } });
    try {
      const value = await invoke('app:status', {});
      if (request === latestRequest) set({ view: { status: 'ready', value } });
    } catch (thrown) {
      if (request === latestRequest) set({ view: { status: 'error', error: toErrorShape(thrown) } });
    }
  },
}));
