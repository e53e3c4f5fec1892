/**
 * Browser shell downloads: leftovers of an earlier run in the workspace's exports folder are removed
 * when `floatdesk serve` starts, and a served file is removed also when the download is cut short.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExportDownloads } from '../../src/cli/export-downloads';
import { assertBuilt, startServing } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => (temp = makeTempDir()));
afterEach(() => temp.cleanup());

const waitFor = async (check: () => boolean, ms = 5_000): Promise<void> => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('floatdesk serve and the exports folder', () => {
  it('removes leftovers of an earlier run (never fetched, partial) at startup', async () => {
    assertBuilt();
    const exportsDir = join(temp.dir, 'exports');
    mkdirSync(exportsDir, { recursive: true });
    const left = [
      '0b7e9a52-6f7e-4c59-9d56-1a2b3c4d5e6f-floatdesk-transfers-2026-03-01.csv',
      '0b7e9a52-6f7e-4c59-9d56-1a2b3c4d5e70-floatdesk-brands-2026-03-01.xlsx.4f2a9c1b3d5e.partial',
    ];
    for (const name of left) writeFileSync(join(exportsDir, name), 'old');
    const shell = await startServing(['--workspace', temp.dir, '--port', '0']);
    try {
      expect(readdirSync(exportsDir)).toEqual([]);
      expect(existsSync(join(temp.dir, 'ledger.sqlite'))).toBe(true);
    } finally {
      await shell.stop();
    }
  });
});

describe('a download cut short', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('removes the file and does not offer it again', async () => {
    const downloads = new ExportDownloads();
    const path = join(temp.dir, 'big.csv');
    writeFileSync(path, Buffer.alloc(64 * 1024 * 1024, 'a'));
    downloads.onEvent('export:finished', {
      exportId: 'e1',
      outcome: 'done',
      rows: 1,
      bytes: 0,
      path,
      fileName: 'big.csv',
      error: null,
    });
    server = createServer((req, res) => downloads.serve('e1', req, res, {}));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/export/e1' }, (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.once('error', (error) => (req.destroyed ? undefined : reject(error)));
      req.end();
    });
    await waitFor(() => !existsSync(path));
    const again = await fetch(`http://127.0.0.1:${port}/export/e1`);
    expect(again.status).toBe(404);
  });
});
