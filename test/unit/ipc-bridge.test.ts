import { describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../src/shared/ipc/errors';

// The bridge runs inside Electron's main process; here `electron` is replaced by a recorder so the
// routing of the real file is exercised: which calls reach the core as they came, and which ask
// where to save first.
const saveDialogs: unknown[][] = [];
const windowOfApp = { id: 'the app window' };

vi.mock('electron', () => ({
  BrowserWindow: { fromWebContents: () => windowOfApp },
  dialog: {
    showSaveDialog: (...args: unknown[]) => {
      saveDialogs.push(args);
      return Promise.resolve({ canceled: false, filePath: '/home/ana/march' });
    },
  },
}));

type Handler = (event: unknown, input: unknown) => Promise<Envelope<unknown>>;

async function bridged() {
  const { registerIpcBridge } = await import('../../src/main/shell/ipc-bridge');
  const handlers = new Map<string, Handler>();
  const ipcMain = {
    handle: (channel: string, handler: Handler) => handlers.set(channel, handler),
    removeHandler: (channel: string) => handlers.delete(channel),
  };
  const calls: unknown[][] = [];
  const core = {
    invoke: (channel: string, input: unknown) => {
      calls.push([channel, input]);
      return Promise.resolve({ ok: true as const, value: { exportId: 'x1' } });
    },
    onEvent: () => () => undefined,
    close: () => Promise.resolve(),
  };
  const contents = { isDestroyed: () => false, send: () => undefined };
  const stop = registerIpcBridge(ipcMain as never, core, () => contents as never, 'http://localhost:5173');
  const mainFrame = { url: 'http://localhost:5173/' };
  const event = { sender: { mainFrame }, senderFrame: mainFrame };
  const ask = (channel: string, input: unknown) => handlers.get(channel)!(event, input);
  return { handlers, calls, ask, stop };
}

describe('the Electron bridge', () => {
  it('forwards a reading call to the core as it came, without a save dialog', async () => {
    saveDialogs.length = 0;
    const { calls, ask } = await bridged();
    await expect(ask('floats:insights', {})).resolves.toEqual({ ok: true, value: { exportId: 'x1' } });
    expect(calls).toEqual([['floats:insights', {}]]);
    expect(saveDialogs).toEqual([]);
  });

  it("asks where to save an export with the app window's dialog, then forwards the chosen path", async () => {
    saveDialogs.length = 0;
    const { calls, ask } = await bridged();
    const request = { table: 'balances' as const };
    await ask('export:start', { request, format: 'csv' });
    expect(saveDialogs).toHaveLength(1);
    expect(saveDialogs[0]![0]).toBe(windowOfApp);
    expect(calls).toEqual([['export:start', { request, format: 'csv', destination: '/home/ana/march.csv' }]]);
  });

  it('registers every channel once and removes them all when stopped', async () => {
    const { handlers, stop } = await bridged();
    const { CHANNELS } = await import('../../src/shared/ipc/channels');
    expect([...handlers.keys()].sort()).toEqual([...CHANNELS].sort());
    stop();
    expect(handlers.size).toBe(0);
  });
});
