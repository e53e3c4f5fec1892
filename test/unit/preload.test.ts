import { beforeEach, describe, expect, it, vi } from 'vitest';

// The preload runs inside Electron; here `electron` is replaced by a recorder so the allowlist
// logic of the real file can be exercised.
const exposed: Record<string, unknown> = {};
const invoked: Array<[string, unknown]> = [];
const listeners = new Map<string, (event: unknown, payload: unknown) => void>();

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
  ipcRenderer: {
    invoke: (channel: string, input: unknown) => {
      invoked.push([channel, input]);
      return Promise.resolve({ ok: true, value: 'from main' });
    },
    on: (channel: string, listener: (event: unknown, payload: unknown) => void) =>
      listeners.set(channel, listener),
    removeListener: (channel: string) => listeners.delete(channel),
  },
}));

interface Bridge {
  invoke(channel: string, input: unknown): Promise<unknown>;
  onEvent(channel: string, listener: (payload: unknown) => void): () => void;
}

beforeEach(async () => {
  invoked.length = 0;
  listeners.clear();
  await import('../../src/preload/index');
});

describe('preload bridge', () => {
  it('exposes exactly invoke and onEvent on window.floatdesk', () => {
    expect(Object.keys(exposed)).toEqual(['floatdesk']);
    expect(Object.keys(exposed.floatdesk as object).sort()).toEqual(['invoke', 'onEvent']);
  });

  it('forwards allowlisted channels and refuses any other without reaching main', async () => {
    const bridge = exposed.floatdesk as Bridge;
    expect(await bridge.invoke('floats:list', { currency: 'GBP' })).toEqual({ ok: true, value: 'from main' });
    expect(await bridge.invoke('shell:exec', { cmd: 'rm -rf /' })).toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    });
    expect(invoked).toEqual([['floats:list', { currency: 'GBP' }]]);
  });

  it('subscribes only to allowlisted events, hides the IPC event object, and unsubscribes', () => {
    const bridge = exposed.floatdesk as Bridge;
    const received: unknown[] = [];
    const unsubscribe = bridge.onEvent('ledger:changed', (payload) => received.push(payload));
    listeners.get('ledger:changed')?.({ sender: 'internal' }, { source: 'another-process' });
    expect(received).toEqual([{ source: 'another-process' }]);
    unsubscribe();
    expect(listeners.has('ledger:changed')).toBe(false);
    expect(() => bridge.onEvent('floats:list', () => {})).toThrow(/no event/);
  });
});
