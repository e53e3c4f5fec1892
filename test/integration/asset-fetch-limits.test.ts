// The asset fetcher enforces its limits while the body streams: a server that sends more than the
// cap and then never ends is cut off at the cap, not after it finishes (it never would) or after a
// timeout. Redirect targets are checked by the same rule as the first URL.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAssetFetcher, type AssetFetcher } from '../../src/main/core/platform/asset-fetch';
import { makeTempDir } from '../helpers/temp-dir';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CAP = 64 * 1024;

let temp: ReturnType<typeof makeTempDir>;
let server: Server;
let origin: string;
let fetcher: AssetFetcher;
let sentBeforeCut = 0;
let closedByClient: Promise<void>;
const sockets = new Set<Socket>();

beforeEach(async () => {
  temp = makeTempDir();
  sentBeforeCut = 0;
  let markClosed: () => void = () => undefined;
  closedByClient = new Promise((resolve) => (markClosed = resolve));
  server = createServer((req, res) => {
    if (req.url === '/stall.png') {
      // Declares no length, sends 4 × the cap, then keeps the connection open forever.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG_HEAD);
      for (let i = 0; i < 4; i++) {
        res.write(Buffer.alloc(CAP, 1));
        sentBeforeCut += CAP;
      }
      req.socket.once('close', markClosed);
      return;
    }
    if (req.url === '/to-credentials') {
      res.writeHead(302, {
        location: `http://user:pw@127.0.0.1:${(server.address() as AddressInfo).port}/ok.png`,
      });
      return res.end();
    }
    if (req.url === '/to-file') {
      res.writeHead(302, { location: 'file:///etc/passwd' });
      return res.end();
    }
    if (req.url === '/gif-as-png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(Buffer.from('GIF89a\u0001\u0000\u0001\u0000', 'latin1'));
    }
    res.writeHead(404).end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fetcher = createAssetFetcher({
    allowLoopbackHttp: true,
    maxBytes: CAP,
    bodyTimeoutMs: 20_000,
    totalTimeoutMs: 25_000,
  });
});

afterEach(async () => {
  await fetcher.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
  temp.cleanup();
});

describe('asset download limits', () => {
  it('cuts a body off at the size cap while it streams, closes the connection and leaves no file', async () => {
    const started = Date.now();
    const result = await fetcher.fetch(`${origin}/stall.png`, join(temp.dir, 'logo'));
    expect(result).toEqual({ ok: false, error: 'Not downloaded: larger than the 0.1 MB limit.' });
    expect(Date.now() - started).toBeLessThan(5_000);
    await closedByClient;
    expect(readdirSync(temp.dir)).toEqual([]);
    expect(sentBeforeCut).toBe(4 * CAP);
  });

  it('checks every redirect target by the same rule (credentials, file:)', async () => {
    const credentials = await fetcher.fetch(`${origin}/to-credentials`, join(temp.dir, 'a'));
    expect(credentials).toEqual({
      ok: false,
      error: 'Not downloaded: redirected to a refused address: the address carries a user name or password.',
    });
    const file = await fetcher.fetch(`${origin}/to-file`, join(temp.dir, 'b'));
    expect(file.ok).toBe(false);
    if (!file.ok)
      expect(file.error).toMatch(
        /redirected to a refused address: only https: addresses are fetched \(this one is file:\)/,
      );
    expect(existsSync(join(temp.dir, 'b.png'))).toBe(false);
  });

  it('refuses content whose bytes are another type than the one declared', async () => {
    const result = await fetcher.fetch(`${origin}/gif-as-png`, join(temp.dir, 'c'));
    expect(result).toEqual({
      ok: false,
      error: 'Not downloaded: the content does not match its declared type image/png.',
    });
    expect(readdirSync(temp.dir)).toEqual([]);
  });
});
