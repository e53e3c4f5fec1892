import { BrowserWindow, type IpcMain, type WebContents } from 'electron';
import { CHANNELS } from '../../shared/ipc/channels';
import type { CoreWorker } from '../core/worker-client';
import { askExportPath } from './dialogs';
import { withExportDialog } from './export-dialog';
import { handleInvoke } from './invoke';

/** Forward every contract channel to the core, and push the core's events to the window. */
export function registerIpcBridge(
  ipcMain: IpcMain,
  core: CoreWorker,
  target: () => WebContents | undefined,
  devServerUrl?: string,
): () => void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, input: unknown) =>
      handleInvoke(
        // export:start without a path: main asks with the save dialog of the window that asked.
        withExportDialog(core, (question) =>
          askExportPath(BrowserWindow.fromWebContents(event.sender), question),
        ),
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
