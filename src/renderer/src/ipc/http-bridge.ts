import type { FloatdeskBridge } from '@shared/ipc/bridge';
import type { Envelope } from '@shared/ipc/errors';
import { DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import { failure, parseEnvelope } from '@shared/ipc/envelope';
import { createEventStream, type StreamState } from './event-stream';

export type { StreamState };

/**
 * The browser shell's bridge: the same FloatdeskBridge the Electron preload exposes, carried over
 * HTTP to the local server (`npx floatdesk serve`). Calls are `POST /rpc/<channel>`; pushed events
 * come from `GET /events` as server-sent events, read with fetch (EventSource cannot send the
 * Authorization header) and reconnected with backoff when the stream drops.
 */

export interface HttpBridgeOptions {
  /** Origin of the local server, e.g. "http://127.0.0.1:4310". */
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
  onStreamState?: (state: StreamState) => void;
  backoff?: BackoffOptions;
  /** Reconnect when nothing (not even a keep-alive comment) arrived for this long. */
  idleTimeoutMs?: number;
}

export interface HttpBridge extends FloatdeskBridge {
  /** Stop the event stream and every pending reconnect. */
  close(): void;
}

const OFFLINE_MESSAGE =
  "FloatDesk's local server is not answering. Check that `npx floatdesk serve` is still running, then try again.";

export function createHttpBridge(options: HttpBridgeOptions): HttpBridge {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const authorization = `Bearer ${options.token}`;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const stream = createEventStream({
    url: new URL('/events', options.baseUrl).toString(),
    authorization,
    doFetch,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    idleTimeoutMs: options.idleTimeoutMs ?? 60_000,
    onState: (state) => options.onStreamState?.(state),
    onMessage: (event, data) => {
      const targets = listeners.get(event);
      if (!targets || targets.size === 0) return;
      let payload: unknown;
      try {
        payload = JSON.parse(data);
      } catch {
        console.warn(`FloatDesk: ignored a "${event}" event whose data is not JSON.`);
        return;
      }
      for (const listener of [...targets]) listener(payload);
    },
  });

  async function invoke(channel: string, input: unknown): Promise<Envelope<unknown>> {
    let response: Response;
    try {
      response = await doFetch(new URL(`/rpc/${channel}`, options.baseUrl).toString(), {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify(input ?? {}),
        credentials: 'omit',
      });
    } catch (thrown) {
      return failure({
        code: 'offline',
        message: OFFLINE_MESSAGE,
        details: { channel, cause: String(thrown) },
      });
    }
    let body: unknown;
    try {
      body = JSON.parse(await response.text());
    } catch (thrown) {
      return failure({
        code: 'malformed_response',
        message: `FloatDesk's local server sent an answer that is not JSON (${channel}, HTTP ${response.status}). Restart \`npx floatdesk serve\` and try again.`,
        details: { channel, status: response.status, cause: String(thrown) },
      });
    }
    return parseEnvelope(body, `${channel}, HTTP ${response.status}`);
  }

  function onEvent(channel: string, listener: (payload: unknown) => void): () => void {
    const set = listeners.get(channel) ?? new Set();
    set.add(listener);
    listeners.set(channel, set);
    stream.start();
    return () => {
      set.delete(listener);
    };
  }

  return { invoke, onEvent, close: () => stream.stop() };
}
