import { afterEach, describe, expect, it } from 'vitest';
import { createHttpBridge, type HttpBridge, type StreamState } from '../../src/renderer/src/ipc/http-bridge';

const BASE = 'http://127.0.0.1:4310';
const FAST = { baseMs: 5, maxMs: 20, jitter: 0 };

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function headerOf(init: RequestInit | undefined, name: string): string | null {
  return new Headers(init?.headers).get(name);
}

/** An SSE response whose body the test writes to, chunk by chunk, and can end. */
function sseResponse(): { response: Response; send(text: string): void; end(): void } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const until = async (check: () => boolean, ms = 2000): Promise<void> => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
};

let bridge: HttpBridge | undefined;
afterEach(() => bridge?.close());

describe('createHttpBridge invoke', () => {
  it('POSTs the input to /rpc/<channel> with the bearer token and returns the envelope', async () => {
    const calls: Call[] = [];
    bridge = createHttpBridge({
      baseUrl: BASE,
      token: 't0k',
      fetch: async (url, init) => {
        calls.push({ url: String(url), init });
        return new Response(JSON.stringify({ ok: true, value: { floats: [] } }), { status: 200 });
      },
    });
    await expect(bridge.invoke('floats:list', { currency: 'GBP' })).resolves.toEqual({
      ok: true,
      value: { floats: [] },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`${BASE}/rpc/floats:list`);
    expect(calls[0]?.init?.method).toBe('POST');
    expect(headerOf(calls[0]?.init, 'authorization')).toBe('Bearer t0k');
    expect(headerOf(calls[0]?.init, 'content-type')).toBe('application/json');
    expect(calls[0]?.init?.body).toBe('{"currency":"GBP"}');
  });

  it('passes on the error envelope of a 401', async () => {
    const error = { code: 'forbidden', message: 'The access token is not valid.' };
    bridge = createHttpBridge({
      baseUrl: BASE,
      token: 'old',
      fetch: async () => new Response(JSON.stringify({ ok: false, error }), { status: 401 }),
    });
    await expect(bridge.invoke('app:status', {})).resolves.toEqual({ ok: false, error });
  });

  it('turns a network failure into an offline envelope', async () => {
    bridge = createHttpBridge({
      baseUrl: BASE,
      token: 't',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const answer = await bridge.invoke('app:status', {});
    expect(answer).toMatchObject({ ok: false, error: { code: 'offline' } });
  });

  it('turns a body that is not JSON into malformed_response', async () => {
    bridge = createHttpBridge({
      baseUrl: BASE,
      token: 't',
      fetch: async () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    const answer = await bridge.invoke('app:status', {});
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'malformed_response', details: { status: 502 } },
    });
  });
});

describe('createHttpBridge events', () => {
  it('reads GET /events with the token, dispatches by event name and reconnects after a drop', async () => {
    const calls: Call[] = [];
    const streams: Array<ReturnType<typeof sseResponse>> = [];
    const states: StreamState['status'][] = [];
    bridge = createHttpBridge({
      baseUrl: BASE,
      token: 't0k',
      backoff: FAST,
      onStreamState: (state) => states.push(state.status),
      fetch: async (url, init) => {
        calls.push({ url: String(url), init });
        const stream = sseResponse();
        streams.push(stream);
        return stream.response;
      },
    });
    const received: unknown[] = [];
    const unsubscribe = bridge.onEvent('ledger:changed', (payload) => received.push(payload));
    bridge.onEvent('ledger:changed', () => {}); // a second subscriber shares the one connection
    await until(() => streams.length === 1);
    expect(calls[0]?.url).toBe(`${BASE}/events`);
    expect(headerOf(calls[0]?.init, 'authorization')).toBe('Bearer t0k');

    streams[0]?.send(': hello\n\nid: 1\nevent: ledger:changed\ndata: {"source":');
    streams[0]?.send('"this-core"}\n\nevent: other\ndata: {}\n\n');
    await until(() => received.length === 1);
    expect(received).toEqual([{ source: 'this-core' }]);

    streams[0]?.end();
    await until(() => streams.length === 2);
    expect(headerOf(calls[1]?.init, 'last-event-id')).toBe('1');
    streams[1]?.send('event: ledger:changed\r\ndata: {"source":"another-process"}\r\n\r\n');
    await until(() => received.length === 2);
    expect(received[1]).toEqual({ source: 'another-process' });
    await until(() => states.filter((s) => s === 'live').length === 2);
    expect(states).toEqual(['connecting', 'live', 'reconnecting', 'live']);

    unsubscribe();
    streams[1]?.send('event: ledger:changed\ndata: {"source":"this-core"}\n\n');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toHaveLength(2);
  });

  it('retries with backoff while the server refuses, and stops on 401', async () => {
    let attempts = 0;
    const states: StreamState[] = [];
    bridge = createHttpBridge({
      baseUrl: BASE,
      token: 't',
      backoff: FAST,
      onStreamState: (state) => states.push(state),
      fetch: async () => {
        attempts += 1;
        if (attempts <= 2) throw new TypeError('connection refused');
        return new Response(JSON.stringify({ ok: false, error: { code: 'forbidden', message: 'no' } }), {
          status: 401,
        });
      },
    });
    bridge.onEvent('ledger:changed', () => {});
    await until(() => states.at(-1)?.status === 'unauthorized');
    expect(states).toEqual([
      { status: 'connecting' },
      { status: 'reconnecting', attempt: 1, retryInMs: 5 },
      { status: 'reconnecting', attempt: 2, retryInMs: 10 },
      { status: 'unauthorized' },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(attempts).toBe(3);
  });

  it('reconnects when the stream goes silent past the idle timeout', async () => {
    let attempts = 0;
    bridge = createHttpBridge({
      baseUrl: BASE,
      token: 't',
      backoff: FAST,
      idleTimeoutMs: 30,
      fetch: async () => {
        attempts += 1;
        return sseResponse().response; // never sends a byte
      },
    });
    bridge.onEvent('ledger:changed', () => {});
    await until(() => attempts >= 2);
  });
});
