import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { app, ipcMain, Notification, safeStorage, session, type BrowserWindow } from 'electron';
import { toErrorShape } from '../shared/ipc/errors';
import { chooseWorkspace, resolveDataHome } from './core/paths';
import { startCoreWorker, type CoreWorker } from './core/worker-client';
import { registerAppScheme, serveRenderer } from './shell/app-protocol';
import { workspaceArgument } from './shell/arguments';
import { showCoreStopped, showStartupFailure } from './shell/dialogs';
import { registerIpcBridge } from './shell/ipc-bridge';
import { showDesktopNotifications } from './shell/notifications';
import { createSafeStorageVault } from './shell/secrets';
import { isPermissionGranted } from './shell/security';
import { createMainWindow, guardWebContents } from './shell/window';

// Electron lifecycle only. Paths are computed here, in the entry file, so they point at real files.
const WORKER_URL = new URL('./worker.js', import.meta.url);
const PRELOAD_PATH = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const RENDERER_DIR = fileURLToPath(new URL('../renderer/', import.meta.url));
const DEV_SERVER_URL = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
// In development, scripts/start.mjs builds better-sqlite3 for Electron here (packaged builds rebuild in place).
const DEV_NATIVE_BINDING = fileURLToPath(
  new URL('../electron-native/better-sqlite3/build/Release/better_sqlite3.node', import.meta.url),
);

let mainWindow: BrowserWindow | undefined;
let core: CoreWorker | undefined;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.setPath('userData', resolveDataHome());
  registerAppScheme();

  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, DEV_SERVER_URL));
  app.on('window-all-closed', () => app.quit());
  // Let the core close the ledger cleanly (WAL checkpoint) before the process goes.
  app.on('will-quit', (event) => {
    const closing = core;
    if (!closing) return;
    core = undefined;
    event.preventDefault();
    void closing.close().finally(() => app.exit(0));
  });

  void app.whenReady().then(start);
}

async function start(): Promise<void> {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(isPermissionGranted(permission)),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission) =>
    isPermissionGranted(permission),
  );
  serveRenderer(RENDERER_DIR, () => core);
  try {
    core = await startCoreWorker(
      WORKER_URL,
      {
        ...chooseWorkspace(workspaceArgument(process.argv)),
        shell: 'electron',
        appVersion: app.getVersion(),
        autoSyncMs: 5 * 60_000,
        ...(!app.isPackaged && existsSync(DEV_NATIVE_BINDING) ? { nativeBinding: DEV_NATIVE_BINDING } : {}),
      },
      (error) => {
        showCoreStopped(`The FloatDesk core stopped unexpectedly: ${error.message}. Restart FloatDesk.`);
        app.exit(1);
      },
      // Credentials entered in Settings are saved encrypted by the OS secret store (after 'ready').
      createSafeStorageVault(safeStorage),
    );
  } catch (error) {
    showStartupFailure(toErrorShape(error).message);
    app.quit();
    return;
  }
  registerIpcBridge(ipcMain, core, () => mainWindow?.webContents, DEV_SERVER_URL);
  showDesktopNotifications(core, Notification, () => mainWindow);
  mainWindow = createMainWindow({ preloadPath: PRELOAD_PATH, devServerUrl: DEV_SERVER_URL });
  mainWindow.on('closed', () => (mainWindow = undefined));
}
