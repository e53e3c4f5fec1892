import { BrowserWindow, type IpcMain, type WebContents } from 'electron';
import { CHANNELS, type Channel } from '../../shared/ipc/channels';
import type { CoreWorker } from '../core/worker-client';
import { askExportPath } from './dialogs';
import { withExportDialog } from './export-dialog';
import { handleInvoke } from './invoke';

/** The channels that write a file where the person chooses: main asks with its save dialog first. */
const SAVE_DIALOG_CHANNELS: ReadonlySet<Channel> = new Set(['export:start', 'journals:export']);

/** Forward every contract channel to the core, and push the core's events to the window. */
export function registerIpcBridge(
  ipcMain: IpcMain,
  core: CoreWorker,
  target: () => WebContents | undefined,
  devServerUrl?: string,
): () => void {
  // Built once. Only the app's own window may call (invoke.ts checks the sender), so the dialog
  // belongs to that window.
  const withDialog = withExportDialog(core, (question) => {
    const contents = target();
    return askExportPath(contents ? BrowserWindow.fromWebContents(contents) : null, question);
  });
  for (const channel of CHANNELS) {
    const gateway = SAVE_DIALOG_CHANNELS.has(channel) ? withDialog : core;
    ipcMain.handle(channel, (event, input: unknown) =>
      handleInvoke(
        gateway,
        { frameUrl: event.senderFrame?.url, isMainFrame: event.senderFrame === event.sender.mainFrame },
        channel,
        input,
        devServerUrl,
      ),
    );
  }
  const unsubscribe = core.onEvent((name, payload) => {
    const contents = target();
    if (contents && !contents.isDestroyed()) contents.send(name, payload);
  });
  return () => {
    unsubscribe();
    for (const channel of CHANNELS) ipcMain.removeHandler(channel);
  };
}
