import type { FloatdeskBridge } from './bridge';
import type { Channel, EventChannel } from '@shared/ipc/channels';
import type { ChannelInput, ChannelOutput } from '@shared/ipc/contract';
import type { EventPayload } from '@shared/ipc/events';
import { createHttpBridge, type StreamState } from './http-bridge';
import { takeSessionToken } from './session-token';
import { ClientError, createTypedClient, type TypedClient } from './typed-client';

export { ClientError };
export type { StreamState };

/**
 * The renderer's one way to the core. In Electron the preload provides `window.floatdesk`; in the
 * browser shell the page talks HTTP to the local server, authorised by the token from its link.
 */
export type Connection =
  | { shell: 'electron' }
  | { shell: 'browser' }
  /** Browser shell opened without its link: there is no token to authorise any call. */
  | { shell: 'browser-without-token' };

let client: TypedClient | undefined;

export interface ConnectOptions {
  /** Browser shell only: the state of the live event stream (Electron's IPC does not drop). */
  onStreamState?: (state: StreamState) => void;
}

/** Choose the bridge once, at start-up, before anything calls invoke or onEvent. */
export function connectBridge(options: ConnectOptions = {}): Connection {
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
