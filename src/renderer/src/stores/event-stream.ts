import { create } from 'zustand';
import type { StreamState } from '../ipc/event-stream';

/**
 * Whether live updates reach this window. Only the browser shell's event stream can drop; in
 * Electron this stays "live".
 */
interface EventStreamStore {
  stream: StreamState;
  /** Incremented each time the stream comes back after a drop: events may have been missed. */
  resumed: number;
  setStream(state: StreamState): void;
}

export const useEventStream = create<EventStreamStore>()((set, get) => ({
  stream: { status: 'live' },
  resumed: 0,
  setStream(state) {
    const wasDown = get().stream.status === 'reconnecting';
    set({ stream: state, resumed: wasDown && state.status === 'live' ? get().resumed + 1 : get().resumed });
  },
}));
