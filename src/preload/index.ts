import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { isChannel, isEventChannel } from '../shared/ipc/channels';

// A sandboxed preload: it may require nothing but electron, so it imports only the channel names.
const refused = (message: string) =>
  Promise.resolve({ ok: false as const, error: { code: 'unknown_channel' as const, message } });

contextBridge.exposeInMainWorld('floatdesk', {
  invoke(channel: string, input: unknown) {
    if (!isChannel(channel)) return refused(`FloatDesk has no operation called "${channel}".`);
    return ipcRenderer.invoke(channel, input);
  },
  onEvent(channel: string, listener: (payload: unknown) => void) {
    if (!isEventChannel(channel)) throw new Error(`FloatDesk has no event called "${channel}".`);
    const forward = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(channel, forward);
    return () => void ipcRenderer.removeListener(channel, forward);
  },
});
