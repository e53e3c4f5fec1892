import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordBalances } from '../helpers/ledger-fixture';
import { CLI_PATH, REPO_ROOT, assertBuilt, runCli, startServing } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';
import { electronBinaryPath } from '../../scripts/electron-binary.mjs';
import { LATEST_SCHEMA_VERSION } from '../../src/main/core/ledger/migrations';

let temp: ReturnType<typeof makeTempDir>;

beforeAll(() => assertBuilt());
beforeEach(() => (temp = makeTempDir()));
afterEach(() => temp.cleanup());

describe('floatdesk CLI', () => {
  it('is built executable, so npx floatdesk works after npm install', () => {
    expect(statSync(CLI_PATH).mode & 0o111).not.toBe(0);
  });

  it('prints help and version', () => {
    expect(runCli(['--help']).stdout).toMatch(/Usage: floatdesk <command>/);
    expect(runCli(['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('status opens (and creates) the demo workspace under FLOATDESK_HOME', () => {
    const result = runCli(['status', '--json'], { FLOATDESK_HOME: temp.dir });
    expect(result.status).toBe(0);
    const status = JSON.parse(result.stdout);
    expect(status).toMatchObject({
      shell: 'cli',
      workspaceDir: join(temp.dir, 'workspaces', 'demo'),
      schemaVersion: LATEST_SCHEMA_VERSION,
    });
    expect(existsSync(join(temp.dir, 'workspaces', 'demo', 'ledger.sqlite'))).toBe(true);
  });

  it('floats lists the ledger exactly, as a table and as JSON, and filters by currency', () => {
    const workspace = join(temp.dir, 'books');
    expect(runCli(['floats', '--workspace', workspace]).stdout).toContain('No floats in this workspace yet');
    recordBalances(
      join(workspace, 'ledger.sqlite'),
      [
        { currency: 'GBP', name: 'Main', available: '1234567.891', pending: '10', platformRefreshedAt: null },
        { currency: 'USD', name: 'US', available: '5', pending: '0', platformRefreshedAt: null },
      ],
      '2026-11-22T09:00:00.000Z',
    );
    const table = runCli(['floats', '--workspace', workspace]).stdout;
    expect(table).toMatch(/GBP\s+Main\s+1234567\.891\s+10\.00/);
    const json = JSON.parse(
      runCli(['floats', '--workspace', workspace, '--currency', 'USD', '--json']).stdout,
    );
    expect(json.floats).toEqual([
      expect.objectContaining({ name: 'US', available: { amount: '5.00', currency: 'USD' } }),
    ]);
  });

  it('exits 2 on a usage error and 1 on invalid input, with a message naming the problem', () => {
    const unknown = runCli(['launch-rockets']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "launch-rockets"');
    const badPort = runCli(['serve', '--port', 'eighty']);
    expect(badPort.status).toBe(2);
    expect(badPort.stderr).toContain('--port');
    const badCurrency = runCli(['floats', '--workspace', temp.dir, '--currency', 'pounds']);
    expect(badCurrency.status).toBe(1);
    expect(badCurrency.stderr).toMatch(/currency.*\[invalid_input\]/);
  });

  it('refuses a ledger from a newer FloatDesk with exit 1 and says to update', async () => {
    runCli(['status', '--workspace', temp.dir]);
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(join(temp.dir, 'ledger.sqlite'));
    db.pragma('user_version = 99');
    db.close();
    const result = runCli(['status', '--workspace', temp.dir]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/newer FloatDesk.*\[ledger_too_new\]/);
  });
});

describe('npm start without an Electron binary', () => {
  it.skipIf(electronBinaryPath() !== null)(
    'says so in one line and starts the browser shell instead',
    async () => {
      const shell = await startServing(['--workspace', temp.dir, '--port', '0'], {
        command: [join(REPO_ROOT, 'scripts', 'start.mjs')],
      });
      try {
        const lines = shell.output().trim().split('\n');
        expect(lines[0]).toMatch(/^Electron is not installed.*browser shell instead\.$/);
        const response = await fetch(`${shell.origin}/rpc/app:status`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${shell.token}`, 'Content-Type': 'application/json' },
          body: '{}',
        });
        expect(await response.json()).toMatchObject({
          ok: true,
          value: { shell: 'browser', workspaceDir: temp.dir },
        });
      } finally {
        await shell.stop();
      }
    },
  );
});

describe('floatdesk simulator', () => {
  it('starts the large catalogue of the issue, prints its base URL and credentials, and serves signed requests', async () => {
    const simulator = await startServing(
      ['--seed', '7', '--transfers', '100000', '--brands', '10000', '--port', '0'],
      {
        command: [CLI_PATH, 'simulator'],
        urlPattern: /Base URL:\s+(http:\/\/127\.0\.0\.1:\d+\/api\/v2)\n/,
      },
    );
    try {
      // The URL line can arrive before the credential lines: wait for the whole banner.
      const deadline = Date.now() + 10_000;
      while (!/Clock:\s+.+\n/.test(simulator.output()) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const output = simulator.output();
      expect(output).toMatch(/seed 7: \d+ floats, 100000 transfer requests, 10000 brands/);
      // One clock, started at the real time and running with it (the Date header says it too).
      const clock = /Clock:\s+(\S+), runs at real time\n/.exec(output)?.[1] ?? '';
      expect(Math.abs(Date.parse(clock) - Date.now())).toBeLessThan(60_000);
      const key = /API key:\s+(\S+)/.exec(output)?.[1] ?? '';
      const secret = /API secret:\s+(\S+)/.exec(output)?.[1] ?? '';
      const timestamp = String(Date.now());
      const { createHmac } = await import('node:crypto');
      const signature = createHmac('sha256', secret)
        .update(`${key}-GET-check-floats-${timestamp}`)
        .digest('hex');
      const response = await fetch(`${simulator.url}/check-floats`, {
        headers: { 'API-Key': key, Signature: signature, Timestamp: timestamp, Accept: 'application/json' },
      });
      expect(response.status).toBe(200);
      expect(Math.abs(Date.parse(response.headers.get('date') ?? '') - Date.now())).toBeLessThan(5_000);
      expect(await response.json()).toMatchObject({
        code: '000',
        status: 'success',
        data: { floats: { GBP: {} } },
      });
      const unsigned = await fetch(`${simulator.url}/check-floats`);
      expect(unsigned.status).toBe(401);
    } finally {
      await simulator.stop();
    }
  });
});
