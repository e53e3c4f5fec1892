import { create } from 'zustand';
import type { ChannelInput, ChannelOutput } from '@shared/ipc/contract';
import type { ConnectionInfo } from '@shared/ipc/contract-settings';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { invoke } from '../ipc/client';
import { useSync } from './sync';

export type ConnectionTestResult = ChannelOutput<'connection:test'>;

/** The open workspace's platform connection (`connection:*`). Key and secret go in, never come out. */
interface PlatformConnectionStore {
  info: ConnectionInfo | null;
  loadError: ErrorShape | null;
  testing: boolean;
  testResult: ConnectionTestResult | null;
  load(): Promise<void>;
  /** Answers null or the error (an invalid_input names baseUrl, apiKey or apiSecret). */
  save(change: ChannelInput<'connection:set'>): Promise<ErrorShape | null>;
  test(): Promise<void>;
}

export const usePlatformConnection = create<PlatformConnectionStore>()((set) => ({
  info: null,
  loadError: null,
  testing: false,
  testResult: null,
  async load() {
    try {
      set({ info: await invoke('connection:get', {}), loadError: null });
    } catch (thrown) {
      set({ loadError: toErrorShape(thrown) });
    }
  },
  async save(change) {
    try {
      set({ info: await invoke('connection:set', change), testResult: null });
      // The core reconnects with what was saved: the header's connection line must say so.
      void useSync.getState().load();
      return null;
    } catch (thrown) {
      return toErrorShape(thrown);
    }
  },
  async test() {
    set({ testing: true, testResult: null });
    try {
      set({ testResult: await invoke('connection:test', {}) });
    } catch (thrown) {
      const error = toErrorShape(thrown);
      set({ testResult: { ok: false, latencyMs: null, message: error.message, code: error.code } });
    } finally {
      set({ testing: false });
    }
  },
}));
