import type { FloatdeskBridge } from '@shared/ipc/bridge';
import type { Channel, EventChannel } from '@shared/ipc/channels';
import type { ChannelInput, ChannelOutput } from '@shared/ipc/contract';
import type { EventPayload } from '@shared/ipc/events';
import { createHttpBridge, type StreamState } from './http-bridge';
import {
  derivePreviewToken,
  PREVIEW_TOKEN_PARAM,
  templatePreviewPath,
  type TemplateRef,
} from '@shared/security/template-preview';
import { takeSessionToken } from './session-token';
import { ClientError, createTypedClient, type TypedClient } from '@shared/ipc/typed-client';

export { ClientError };
export type { StreamState };

/**
 * The shell this window runs in, which decides the renderer's one way to the core: in Electron the
 * preload provides `window.floatdesk`; in the browser shell the page talks HTTP to the local server,
 * authorised by the token from its link.
 */
export type ConnectedShell =
  | { shell: 'electron' }
  | { shell: 'browser' }
  /** Browser shell opened without its link: there is no token to authorise any call. */
  | { shell: 'browser-without-token' };

let client: TypedClient | undefined;
/** Browser shell only: GET /export/<id> with the session's token (the core wrote the file for download). */
let exportFile: ((exportId: string) => Promise<Response>) | null = null;
/**
 * Browser shell only: the preview-only token a preview frame carries in its address (a frame sends
 * no headers). Derived from the session token, which itself never goes into an address.
 */
let previewToken: Promise<string> | null = null;

export interface ConnectOptions {
  /** Browser shell only: the state of the live event stream (Electron's IPC does not drop). */
  onStreamState?: (state: StreamState) => void;
}

/** Choose the bridge once, at start-up, before anything calls invoke or onEvent. */
export function connectBridge(options: ConnectOptions = {}): ConnectedShell {
  const preload: FloatdeskBridge | undefined = window.floatdesk;
  if (preload) {
    client = createTypedClient(preload);
    return { shell: 'electron' };
  }
  const token = takeSessionToken();
  if (token === null) return { shell: 'browser-without-token' };
  const bridge = createHttpBridge({
    baseUrl: window.location.origin,
    token,
    ...(options.onStreamState ? { onStreamState: options.onStreamState } : {}),
  });
  client = createTypedClient(bridge);
  previewToken = derivePreviewToken(token);
  // Asked for when a preview opens; a failure is said there, not as an unhandled rejection now.
  previewToken.catch(() => undefined);
  exportFile = (exportId) =>
    fetch(new URL(`/export/${encodeURIComponent(exportId)}`, window.location.origin).toString(), {
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'omit',
      cache: 'no-store',
    });
  return { shell: 'browser' };
}

function connected(): TypedClient {
  if (!client) {
    throw new ClientError('(none)', {
      code: 'internal',
      message: 'FloatDesk is not connected to its core yet. Reload the window.',
    });
  }
  return client;
}

export function invoke<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  try {
    return connected().invoke(channel, input);
  } catch (thrown) {
    return Promise.reject(thrown);
  }
}

export function onEvent<E extends EventChannel>(
  name: E,
  listener: (payload: EventPayload<E>) => void,
): () => void {
  return connected().onEvent(name, listener);
}

/** The browser shell's way to fetch a finished export; null in Electron, where the core saved it already. */
export function exportFileFetcher(): ((exportId: string) => Promise<Response>) | null {
  return exportFile;
}

/**
 * The address of a template's preview document, served by the shell from the app's own origin with
 * its own sandboxing CSP (Electron's app protocol, or the browser shell with the preview-only token).
 */
export async function templatePreviewUrl(ref: TemplateRef): Promise<string> {
  const url = new URL(templatePreviewPath(ref), window.location.origin);
  if (previewToken !== null) url.searchParams.set(PREVIEW_TOKEN_PARAM, await previewToken);
  return url.toString();
}
