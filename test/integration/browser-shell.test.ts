import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordBalances } from '../helpers/ledger-fixture';
import { assertBuilt, startServing, type RunningShell } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';
import { LATEST_SCHEMA_VERSION } from '../../src/main/core/ledger/migrations';

// The real browser shell (`floatdesk serve`) with its core worker, against a real ledger file.
let temp: ReturnType<typeof makeTempDir>;
let shell: RunningShell;

beforeAll(async () => {
  assertBuilt();
  temp = makeTempDir();
  shell = await startServing(['--workspace', temp.dir, '--port', '0']);
});
afterAll(async () => {
  await shell?.stop();
  temp?.cleanup();
});

function rpc(channel: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${shell.origin}/rpc/${channel}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${shell.token}`, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('floatdesk serve', () => {
  it('prints a loopback URL with a long random token', () => {
    expect(shell.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{40,}$/);
  });

  it('answers app:status and floats:list from the workspace ledger', async () => {
    const status = await (await rpc('app:status', {})).json();
    expect(status).toMatchObject({
      ok: true,
      value: {
        shell: 'browser',
        workspaceDir: temp.dir,
        ledgerPath: join(temp.dir, 'ledger.sqlite'),
        schemaVersion: LATEST_SCHEMA_VERSION,
      },
    });
    recordBalances(
      join(temp.dir, 'ledger.sqlite'),
      [{ currency: 'GBP', name: 'Main', available: '1250.5', pending: '0', platformRefreshedAt: null }],
      '2026-11-22T09:00:00.000Z',
    );
    const floats = await (await rpc('floats:list', {})).json();
    expect(floats).toMatchObject({
      ok: true,
      value: { floats: [{ name: 'Main', available: { amount: '1250.50', currency: 'GBP' } }] },
    });
  });

  it('refuses a request without the token, or with a wrong one, and does nothing', async () => {
    const missing = await fetch(`${shell.origin}/rpc/app:status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const wrong = await rpc('app:status', {}, { Authorization: 'Bearer not-the-token' });
    expect(wrong.status).toBe(401);
    const events = await fetch(`${shell.origin}/events`);
    expect(events.status).toBe(401);
  });

  it('refuses a foreign Origin even with the token (a web page trying to reach the core)', async () => {
    const response = await rpc('app:status', {}, { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
  });

  it('refuses a foreign Host header (DNS rebinding), for static files too', async () => {
    const { request } = await import('node:http');
    const port = Number(new URL(shell.origin).port);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/', headers: { Host: `attacker.example:${port}` } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });

  it('names the field of bad input and refuses unknown channels', async () => {
    const bad = await rpc('floats:list', { currency: 'pounds' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: { issues: [{ field: 'currency' }] } },
    });
    const unknown = await rpc('floats:delete', {});
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    const notJson = await fetch(`${shell.origin}/rpc/app:status`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${shell.token}`, 'Content-Type': 'application/json' },
      body: '{not json',
    });
    expect(notJson.status).toBe(400);
  });

  it('survives malformed requests: a bad path, a bad escape, an oversized body', async () => {
    const { connect } = await import('node:net');
    const port = Number(new URL(shell.origin).port);
    const rawAnswer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(`GET //[ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
        socket.end();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(rawAnswer).toMatch(/^HTTP\/1\.1 (400|403|404)/);
    const escaped = await rpc('%ZZ', {});
    expect(escaped.status).toBe(404);
    expect(await escaped.json()).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    const huge = await fetch(`${shell.origin}/rpc/app:status`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${shell.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'The request is too large (at most 1 MiB).' },
    });
    // Still serving.
    expect((await rpc('app:status', {})).status).toBe(200);
  });

  it('takes a statement file of several MiB on recon:import, and no more than the contract allows', async () => {
    // A 3 MiB file that is no statement: the body is read and the core answers about its content.
    const contentBase64 = Buffer.alloc(3 * 1024 * 1024, 'x').toString('base64');
    const big = await rpc('recon:import', { fileName: 'big.csv', contentBase64 });
    expect(big.status).not.toBe(413);
    const envelope = (await big.json()) as { ok: boolean };
    expect(envelope).toHaveProperty('ok');
    // Announced beyond the limit: refused before the body is read.
    const { request } = await import('node:http');
    const tooBig = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const call = request(`${shell.origin}/rpc/recon:import`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${shell.token}`,
          'Content-Type': 'application/json',
          'Content-Length': String(42 * 1024 * 1024),
        },
      });
      call.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      call.on('error', reject);
      call.write('{"fileName":"x.csv","contentBase64":"');
    });
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.body)).toMatchObject({
      error: { code: 'invalid_input', message: 'The request is too large (at most 41 MiB).' },
    });
    expect((await rpc('app:status', {})).status).toBe(200);
  });

  it('serves the built renderer with its CSP and refuses paths outside it', async () => {
    const page = await fetch(`${shell.origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('<div id="root">');
    const traversal = await fetch(`${shell.origin}/..%2f..%2fpackage.json`);
    expect(traversal.status).toBe(404);
  });

  it('pushes ledger:changed over server-sent events when another process writes the ledger', async () => {
    const controller = new AbortController();
    const response = await fetch(`${shell.origin}/events`, {
      headers: { Authorization: `Bearer ${shell.token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    await reader.read(); // ": connected"
    recordBalances(
      join(temp.dir, 'ledger.sqlite'),
      [{ currency: 'EUR', name: 'Europe', available: '10', pending: '0', platformRefreshedAt: null }],
      '2026-11-22T09:05:00.000Z',
    );
    const deadline = Date.now() + 10_000;
    while (!received.includes('event: ledger:changed') && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
    }
    controller.abort();
    expect(received).toContain('event: ledger:changed\ndata: {"source":"another-process"}');
  });
});
