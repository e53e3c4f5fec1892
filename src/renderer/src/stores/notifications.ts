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

type GetState = () => NotificationsStore;
type SetState = (partial: Partial<NotificationsStore>) => void;

/**
 * Takes the dismissed off the list at once, then tells the core and loads the list again. A load
 * already under way when the person dismissed answers from before the dismissal: its answer is not
 * taken (it would bring the notice back, and nothing might load again for a while).
 */
async function dismissWith(
  get: GetState,
  set: SetState,
  keep: (entry: AppNotification) => boolean,
  which: { ids: number[] } | { all: true },
): Promise<void> {
  latestLoad += 1;
  const before = get().unread;
  set({ unread: before.filter(keep) });
  try {
    await invoke('notifications:dismiss', which);
    set({ error: null });
  } catch (thrown) {
    set({ unread: before, error: toErrorShape(thrown) });
    return;
  }
  await get().load();
}

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
    await dismissWith(get, set, (entry) => entry.id !== id, { ids: [id] });
  },
  async dismissAll() {
    await dismissWith(get, set, () => false, { all: true });
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
