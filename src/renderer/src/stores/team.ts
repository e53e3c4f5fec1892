import { create } from 'zustand';
import type { ChannelOutput } from '@shared/ipc/contract';
import type { TeamOverview } from '@shared/ipc/contract-team';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { invoke, onEvent } from '../ipc/client';

export type TeamExchange = ChannelOutput<'team:sync'>;

/**
 * The open workspace in its team (`team:*`): what Settings → Team shows. The password goes in with
 * joining and never comes back; the core says only whether it is kept and where.
 */
interface TeamStore {
  overview: TeamOverview | null;
  loadError: ErrorShape | null;
  exchanging: boolean;
  load(): Promise<void>;
  /** Answers null or the error (an invalid_input names `database`). */
  join(database: string, password: string): Promise<ErrorShape | null>;
  exchangeNow(): Promise<{ result: TeamExchange | null; error: ErrorShape | null }>;
  forgetPassword(): Promise<ErrorShape | null>;
  /** Reload on the core's team:changed (colleagues' changes, online/offline); returns the stop. */
  follow(): () => void;
}

export const useTeam = create<TeamStore>()((set, get) => ({
  overview: null,
  loadError: null,
  exchanging: false,
  async load() {
    try {
      set({ overview: await invoke('team:overview', {}), loadError: null });
    } catch (thrown) {
      set({ loadError: toErrorShape(thrown) });
    }
  },
  async join(database, password) {
    try {
      await invoke('team:join', { database, password });
      await get().load();
      return null;
    } catch (thrown) {
      return toErrorShape(thrown);
    }
  },
  async exchangeNow() {
    set({ exchanging: true });
    try {
      return { result: await invoke('team:sync', {}), error: null };
    } catch (thrown) {
      return { result: null, error: toErrorShape(thrown) };
    } finally {
      set({ exchanging: false });
      await get().load();
    }
  },
  async forgetPassword() {
    try {
      set({ overview: await invoke('team:password.forget', {}) });
      return null;
    } catch (thrown) {
      return toErrorShape(thrown);
    }
  },
  follow() {
    const reload = (): void => void get().load();
    const stops = [
      onEvent('team:changed', reload),
      onEvent('ledger:changed', reload),
      onEvent('app:workspace-changed', reload),
    ];
    return () => stops.forEach((stop) => stop());
  },
}));
