import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEventStream } from '../../src/renderer/src/stores/event-stream';
import { keepPageCurrent, type LedgerEvents } from '../../src/renderer/src/stores/keep-current';

/** A client whose ledger:changed the test fires by hand. */
function scriptedEvents(): {
  events: LedgerEvents;
  fire: () => void;
  listening: () => boolean;
} {
  let listener: (() => void) | undefined;
  const events = {
    onEvent: (_name: string, fn: () => void) => {
      listener = fn;
      return () => (listener = undefined);
    },
  } as unknown as LedgerEvents;
  return { events, fire: () => listener?.(), listening: () => listener !== undefined };
}

/** The browser shell's event stream drops, then comes back. */
function dropAndResume(): void {
  useEventStream.getState().setStream({ status: 'reconnecting', attempt: 1, retryInMs: 1_000 });
  useEventStream.getState().setStream({ status: 'live' });
}

describe('keepPageCurrent: one rule for every open page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reloads when the event stream comes back after a drop (events may have been missed)', () => {
    const { events } = scriptedEvents();
    const refresh = vi.fn();
    const stop = keepPageCurrent(events, refresh, 500);
    dropAndResume();
    vi.advanceTimersByTime(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    // The stream changing state without coming back from a drop is no reason to reload.
    useEventStream.getState().setStream({ status: 'live' });
    vi.advanceTimersByTime(1_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
    dropAndResume();
    vi.advanceTimersByTime(1_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('folds a ledger change and a resume that come together into one reload, at most every 300 ms by default', () => {
    const { events, fire, listening } = scriptedEvents();
    const refresh = vi.fn();
    const stop = keepPageCurrent(events, refresh);
    fire();
    dropAndResume();
    vi.advanceTimersByTime(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    fire();
    vi.advanceTimersByTime(299);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
    expect(listening()).toBe(false);
  });
});
