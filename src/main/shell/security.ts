import { isAbsolute, join, normalize, relative, sep } from 'node:path';
import type { WebPreferences } from 'electron';
import { vetExternalUrl } from '../../shared/security/external-url';

/**
 * The Electron security baseline as pure functions, so every decision is unit-tested without
 * launching Electron. window.ts and index.ts only wire these to Electron's events.
 */

export const APP_SCHEME = 'floatdesk';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  spellcheck: false,
  // Middle-click would open links in a new window; window.open is denied anyway.
  disableBlinkFeatures: 'Auxclick',
} as const satisfies WebPreferences;

function parse(url: string | undefined): URL | null {
  if (!url) return null;
  // Chromium hands over canonical URLs: raw spaces, controls, tabs/newlines (which the parser would
  // silently drop, even inside the scheme) or backslashes mean text someone crafted, never the app.
  for (const character of url)
    if (character <= ' ' || (character >= '\u007f' && character <= '\u009f') || character === '\\')
      return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** Is this URL a page of the app itself (or, in development, of the local dev server)? */
export function isAppUrl(url: string | undefined, devServerUrl?: string): boolean {
  const parsed = parse(url);
  if (!parsed || parsed.username !== '' || parsed.password !== '') return false;
  if (parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST) return true;
  const dev = parse(devServerUrl);
  return (
    dev !== null &&
    (dev.hostname === '127.0.0.1' || dev.hostname === 'localhost') &&
    parsed.origin === dev.origin
  );
}

/** Navigation away from the app is never allowed; in-app navigation uses the URL hash. */
export function isNavigationAllowed(url: string, devServerUrl?: string): boolean {
  return isAppUrl(url, devServerUrl);
}

/**
 * The only URLs FloatDesk hands to the system browser: the shared rule the core also uses to mark
 * brand links openable (plain https, a proper host name, no credentials, no hidden characters).
 */
export function isVettedExternalUrl(url: string): boolean {
  return vetExternalUrl(url).openable;
}

export interface WindowOpenDecision {
  action: 'deny';
  openExternally: boolean;
}

/** New windows are never created; a vetted https link goes to the system browser instead. */
export function decideWindowOpen(url: string): WindowOpenDecision {
  return { action: 'deny', openExternally: isVettedExternalUrl(url) };
}

/** FloatDesk needs no camera, microphone, notifications-by-prompt, geolocation... nothing. */
export function isPermissionGranted(_permission: string): boolean {
  return false;
}

/** <webview> is disabled in webPreferences; attaching one is refused as well. */
export function isWebviewAllowed(): boolean {
  return false;
}

export interface SenderFacts {
  frameUrl: string | undefined;
  isMainFrame: boolean;
}

/** Every IPC call must come from the app's own top-level frame. */
export function isTrustedSender(sender: SenderFacts, devServerUrl?: string): boolean {
  return sender.isMainFrame && isAppUrl(sender.frameUrl, devServerUrl);
}

/**
 * The file under `rendererDir` that floatdesk://app/<path> serves, or null: another host, a path
 * that climbs out (../, %2e%2e, encoded or back slashes), a NUL byte or a malformed %-escape.
 */
export function resolveAppFile(rendererDir: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (
    url.protocol !== `${APP_SCHEME}:` ||
    url.host !== APP_HOST ||
    url.username !== '' ||
    url.password !== ''
  )
    return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const wanted = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const root = normalize(rendererDir + sep);
  const file = normalize(join(root, wanted));
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside) || !file.startsWith(root)) return null;
  return file;
}
