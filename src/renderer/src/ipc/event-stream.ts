import { backoffDelay, type BackoffOptions } from './backoff';
import { createSseParser } from './sse-parser';

/**
 * One long-lived `GET /events` connection to the browser shell's server, read with fetch (so it can
 * carry the Authorization header) and restarted with backoff when it drops or goes silent.
 */

export type StreamState =
  | { status: 'connecting' }
  | { status: 'live' }
  | { status: 'reconnecting'; attempt: number; retryInMs: number }
  /** The server refused the token (it was restarted with a new one): retrying cannot help. */
  | { status: 'unauthorized' };

export interface EventStreamOptions {
  url: string;
  authorization: string;
  doFetch: typeof fetch;
  backoff: BackoffOptions;
  idleTimeoutMs: number;
  onState: (state: StreamState) => void;
  onMessage: (event: string, data: string) => void;
}

/** Start/stop a stream that reconnects with backoff until stopped. */
export function createEventStream(options: EventStreamOptions): { start(): void; stop(): void } {
  let running = false;
  let attempt = 0;
  let lastEventId = '';
  let serverRetryMs: number | undefined;
  let controller: AbortController | undefined;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  /** Drop the current connection: abort the request and cancel the body being read. */
  function dropConnection(): void {
    controller?.abort();
    reader?.cancel().catch(() => {});
  }

  function armIdleTimer(): void {
    if (idleTimer !== undefined) clearTimeout(idleTimer);
    idleTimer = setTimeout(dropConnection, options.idleTimeoutMs);
  }

  function clearTimers(): void {
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    if (idleTimer !== undefined) clearTimeout(idleTimer);
    retryTimer = undefined;
    idleTimer = undefined;
  }

  function scheduleReconnect(): void {
    if (!running) return;
    const delay = Math.max(serverRetryMs ?? 0, backoffDelay(attempt, options.backoff));
    attempt += 1;
    options.onState({ status: 'reconnecting', attempt, retryInMs: delay });
    retryTimer = setTimeout(() => void connect(), delay);
  }

  async function connect(): Promise<void> {
    if (!running) return;
    controller = new AbortController();
    if (attempt === 0) options.onState({ status: 'connecting' });
    const headers: Record<string, string> = {
      Authorization: options.authorization,
      Accept: 'text/event-stream',
    };
    if (lastEventId !== '') headers['Last-Event-ID'] = lastEventId;
    try {
      armIdleTimer();
      const response = await options.doFetch(options.url, {
        headers,
        credentials: 'omit',
        signal: controller.signal,
      });
      if (response.status === 401 || response.status === 403) {
        running = false;
        clearTimers();
        options.onState({ status: 'unauthorized' });
        return;
      }
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !response.body || !type.includes('text/event-stream')) {
        throw new Error(`GET /events answered HTTP ${response.status} (${type || 'no content type'})`);
      }
      attempt = 0;
      options.onState({ status: 'live' });
      await readStream(response.body);
    } catch {
      // Dropped, refused or aborted by the idle timer: fall through to reconnect.
    }
    if (idleTimer !== undefined) clearTimeout(idleTimer);
    scheduleReconnect();
  }

  async function readStream(body: ReadableStream<Uint8Array>): Promise<void> {
    reader = body.getReader();
    const decoder = new TextDecoder('utf-8');
    const parser = createSseParser();
    for (;;) {
      const { done, value } = await reader.read();
      if (done || !running) return;
      armIdleTimer();
      for (const message of parser.push(decoder.decode(value, { stream: true }))) {
        lastEventId = message.lastEventId;
        options.onMessage(message.event, message.data);
      }
      serverRetryMs = parser.retryMs;
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      attempt = 0;
      void connect();
    },
    stop() {
      running = false;
      clearTimers();
      dropConnection();
    },
  };
}
