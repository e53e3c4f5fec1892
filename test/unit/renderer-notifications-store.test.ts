/**
 * The notifications store: a dismissed notice stays dismissed when a load that began before the
 * dismissal answers after it (the core's answer from before would bring it back).
 */
import { beforeEach, expect, it, vi } from 'vitest';
import type { AppNotification } from '../../src/shared/ipc/contract-notifications';

const pending: Array<{ channel: string; resolve: (value: unknown) => void }> = [];
vi.mock('../../src/renderer/src/ipc/client', () => ({
  invoke: (channel: string) => new Promise((resolve) => pending.push({ channel, resolve })),
  onEvent: () => () => undefined,
}));
interface Store {
  unread: AppNotification[];
  load(): Promise<void>;
  dismiss(id: number): Promise<void>;
}
// Imported by a path held in a variable: the Node project's type check does not follow it into the
// renderer's DOM-typed client (the mock above stands in for it).
const STORE = '../../src/renderer/src/stores/notifications';
const { useNotifications } = (await import(/* @vite-ignore */ STORE)) as {
  useNotifications: { getState(): Store; setState(state: Partial<Store> & { error: null }): void };
};

const notice = {
  id: 7,
  readAt: null,
  kind: 'files_made_private',
  title: 'Workspace files made private',
} as unknown as AppNotification;
const answer = async (channel: string, value: unknown): Promise<void> => {
  const index = pending.findIndex((call) => call.channel === channel);
  expect(index, `a call to ${channel}`).toBeGreaterThanOrEqual(0);
  pending.splice(index, 1)[0]!.resolve(value);
  await new Promise((resolve) => setTimeout(resolve, 0));
};

beforeEach(() => {
  pending.length = 0;
  useNotifications.setState({ unread: [notice], error: null });
});

it('keeps a notice dismissed when a load from before the dismissal answers after it', async () => {
  const store = useNotifications.getState();
  const stale = store.load();
  const dismissed = store.dismiss(7);
  expect(useNotifications.getState().unread).toEqual([]);
  await answer('notifications:list', { notifications: [notice] });
  await stale;
  expect(useNotifications.getState().unread).toEqual([]);
  await answer('notifications:dismiss', {});
  // Then the list is loaded again, from after the dismissal.
  await answer('notifications:list', { notifications: [] });
  await dismissed;
  expect(useNotifications.getState().unread).toEqual([]);
});

it('puts the notice back when the core refuses the dismissal', async () => {
  const dismissed = useNotifications.getState().dismiss(7);
  const index = pending.findIndex((call) => call.channel === 'notifications:dismiss');
  pending.splice(index, 1)[0]!.resolve(Promise.reject(new Error('ledger busy')));
  await dismissed;
  expect(useNotifications.getState().unread).toEqual([notice]);
});
