import { BrowserWindow, type WebContents } from 'electron';
import {
  APP_ORIGIN,
  SECURE_WEB_PREFERENCES,
  decideWindowOpen,
  isAppUrl,
  isNavigationAllowed,
  isWebviewAllowed,
} from './security';
import { openExternalLink } from './external-links';

export interface WindowOptions {
  preloadPath: string;
  devServerUrl: string | undefined;
}

/** Guards every web contents FloatDesk ever creates (wired from app 'web-contents-created'). */
export function guardWebContents(contents: WebContents, devServerUrl: string | undefined): void {
  contents.on('will-navigate', (event, url) => {
    if (!isNavigationAllowed(url, devServerUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isNavigationAllowed(url, devServerUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => {
    if (!isWebviewAllowed()) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    if (decision.openExternally) void openExternalLink(url);
    return { action: decision.action };
  });
}

export function createMainWindow(options: WindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'FloatDesk',
    // The key settings are repeated as literals so Electronegativity, which cannot follow the spread,
    // sees them; SECURE_WEB_PREFERENCES is the tested source of truth.
    webPreferences: {
      ...SECURE_WEB_PREFERENCES,
      contextIsolation: true,
      sandbox: true,
      disableBlinkFeatures: 'Auxclick',
      preload: options.preloadPath,
    },
  });
  window.once('ready-to-show', () => window.show());
  // The dev server (unpackaged runs only) is used only when it is loopback, as isAppUrl trusts it.
  const devServer =
    options.devServerUrl !== undefined && isAppUrl(options.devServerUrl, options.devServerUrl)
      ? options.devServerUrl
      : undefined;
  void window.loadURL(devServer ?? `${APP_ORIGIN}/index.html`);
  return window;
}
