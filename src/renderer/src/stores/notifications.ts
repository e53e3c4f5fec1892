import { create } from 'zustand';
import type { AppNotification } from '@shared/ipc/contract-notifications';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { invoke, onEvent } from '../ipc/client';

/** Unread notifications: loaded with notifications:list, added to by 'notifications:new' events, dismissed here. */
interface NotificationsStore {
  unread: AppNotification[];
  /** The last load or dismissal that failed, to say so next to the list. */
  error: ErrorShape | null;
  load(): Promise<void>;
  add(notification: AppNotification): void;
  dismiss(id: number): Promise<void>;
  dismissAll(): Promise<void>;
}

let latestLoad = 0;

const newestFirst = (list: AppNotification[]): AppNotification[] => [...list].sort((a, b) => b.id - a.id);

export const useNotifications = create<NotificationsStore>()((set, get) => ({
  unread: [],
  error: null,
  async load() {
    const request = ++latestLoad;
    try {
      const { notifications } = await invoke('notifications:list', { unreadOnly: true });
      if (request === latestLoad) set({ unread: newestFirst(notifications), error: null });
    } catch (thrown) {
      if (request === latestLoad) set({ error: toErrorShape(thrown) });
    }
  },
  add(notification) {
    if (notification.readAt !== null) return;
    const others = get().unread.filter((entry) => entry.id !== notification.id);
    set({ unread: newestFirst([notification, ...others]) });
  },
  async dismiss(id) {
    const before = get().unread;
    set({ unread: before.filter((entry) => entry.id !== id) });
    try {
      await invoke('notifications:dismiss', { ids: [id] });
      set({ error: null });
    } catch (thrown) {
      set({ unread: before, error: toErrorShape(thrown) });
    }
  },
  async dismissAll() {
    const before = get().unread;
    set({ unread: [] });
    try {
      await invoke('notifications:dismiss', { all: true });
      set({ error: null });
    } catch (thrown) {
      set({ unread: before, error: toErrorShape(thrown) });
    }
  },
}));

/** Load now, add what 'notifications:new' brings, reload after ledger changes and syncs; returns the stop. */
export function followNotifications(): () => void {
  const store = useNotifications.getState();
  void store.load();
  const reload = (): void => void useNotifications.getState().load();
  const stops = [
    onEvent('notifications:new', (notification) => useNotifications.getState().add(notification)),
    onEvent('ledger:changed', reload),
    onEvent('sync:finished', reload),
  ];
  return () => stops.forEach((stop) => stop());
}
