import { describe, expect, it, vi } from 'vitest';
import type { EventListener } from '../../src/main/core/services';
import {
  desktopNoticeOf,
  showDesktopNotifications,
  type NotificationClass,
} from '../../src/main/shell/notifications';

const payload = {
  id: 3,
  kind: 'low_balance',
  title: 'Low balance: GBP Main',
  message: 'The available balance is 950.00 GBP, under the threshold of 1,000.00 GBP. Consider a top-up.',
  at: '2026-11-22T09:30:00.000Z',
  readAt: null,
};

describe('desktop notice of a core event', () => {
  it('takes the title and message of a notify payload, word for word', () => {
    expect(desktopNoticeOf('notifications:new', payload)).toEqual({
      title: payload.title,
      body: payload.message,
    });
  });

  it('ignores other events and payloads that are not notifications', () => {
    expect(desktopNoticeOf('ledger:changed', payload)).toBeUndefined();
    expect(desktopNoticeOf('notifications:new', { ...payload, kind: 'gossip' })).toBeUndefined();
    expect(desktopNoticeOf('notifications:new', { title: 'x' })).toBeUndefined();
    expect(desktopNoticeOf('notifications:new', null)).toBeUndefined();
  });
});

describe('showing desktop notifications', () => {
  function setup(supported = true) {
    let listener: EventListener = () => {};
    const shown: Array<{ title?: string; body?: string }> = [];
    const clicks: Array<() => void> = [];
    class FakeNotification {
      static isSupported = () => supported;
      constructor(private readonly options: { title?: string; body?: string }) {}
      on(_event: 'click', handler: () => void) {
        clicks.push(handler);
      }
      show() {
        shown.push(this.options);
      }
    }
    const window = { isDestroyed: () => false, isMinimized: () => true, restore: vi.fn(), focus: vi.fn() };
    const stop = showDesktopNotifications(
      { onEvent: (l) => ((listener = l), () => {}) },
      FakeNotification as unknown as NotificationClass,
      () => window as never,
    );
    return {
      emit: (name: Parameters<EventListener>[0], p: unknown) => listener(name, p),
      shown,
      clicks,
      window,
      stop,
    };
  }

  it('shows one per notify event, and a click restores and focuses the window', () => {
    const { emit, shown, clicks, window } = setup();
    emit('sync:finished', {});
    emit('notifications:new', payload);
    expect(shown).toEqual([{ title: payload.title, body: payload.message }]);
    clicks[0]!();
    expect(window.restore).toHaveBeenCalledOnce();
    expect(window.focus).toHaveBeenCalledOnce();
  });

  it('stays silent where the system has no notifications', () => {
    const { emit, shown } = setup(false);
    emit('notifications:new', payload);
    expect(shown).toEqual([]);
  });
});
