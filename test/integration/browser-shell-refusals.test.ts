// The browser shell refuses a mutating call without its token, with a wrong one, from a foreign
// Origin or to a foreign Host (DNS rebinding) — and nothing is done: the ledger rows the call would
// write are compared before and after. The same call with the token is the control that it writes.
import { request } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, startServing, type RunningShell } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let shell: RunningShell;
let port: number;

beforeAll(async () => {
  assertBuilt();
  temp = makeTempDir();
  shell = await startServing(['--workspace', temp.dir, '--port', '0']);
  port = Number(new URL(shell.origin).port);
});
afterAll(async () => {
  await shell?.stop();
  temp?.cleanup();
});

/** The rows mutating calls below would add or change, read from the ledger file itself. */
function written(): { drafts: unknown[]; thresholds: unknown[] } {
  const db = new Database(join(temp.dir, 'ledger.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return {
      drafts: db.prepare('SELECT * FROM transfer_drafts ORDER BY id').all(),
      thresholds: db.prepare('SELECT * FROM float_thresholds ORDER BY 1').all(),
    };
  } finally {
    db.close();
  }
}

interface Reply {
  status: number;
  body: string;
}

/** A raw HTTP request, so Host and Origin can be anything a hostile page or rebinding DNS sends. */
function send(path: string, headers: Record<string, string>, body: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const DRAFT = JSON.stringify({ form: { amount: '5' }, reason: 'refusal test' });
const THRESHOLD = JSON.stringify({ currency: 'GBP', name: 'Main', threshold: '100' });

describe('browser shell refusals leave the ledger as it was', () => {
  const own = () => ({ Host: `127.0.0.1:${port}`, Authorization: `Bearer ${shell.token}` });

  it.each([
    ['no token', () => ({ Host: `127.0.0.1:${port}` }), 401],
    ['a wrong token', () => ({ ...own(), Authorization: `Bearer ${'x'.repeat(shell.token.length)}` }), 401],
    ['the token with another scheme', () => ({ ...own(), Authorization: `Basic ${shell.token}` }), 401],
    ['a foreign Origin with the token', () => ({ ...own(), Origin: 'https://evil.example' }), 403],
    [
      'a look-alike Origin with the token',
      () => ({ ...own(), Origin: `http://127.0.0.1:${port}.evil.example` }),
      403,
    ],
    ['Origin "null" (a sandboxed frame) with the token', () => ({ ...own(), Origin: 'null' }), 403],
    ['another loopback port as Origin', () => ({ ...own(), Origin: `http://127.0.0.1:${port + 1}` }), 403],
    [
      'a foreign Host (DNS rebinding) with the token',
      () => ({ ...own(), Host: `attacker.example:${port}` }),
      403,
    ],
    [
      'a look-alike Host with the token',
      () => ({ ...own(), Host: `localhost.attacker.example:${port}` }),
      403,
    ],
    ['Host without the port', () => ({ ...own(), Host: '127.0.0.1' }), 403],
  ])('%s: refused (HTTP %i), nothing written', async (_label, headers, status) => {
    const before = written();
    for (const [channel, body] of [
      ['transfers:drafts.save', DRAFT],
      ['floats:threshold.set', THRESHOLD],
    ] as const) {
      const reply = await send(`/rpc/${channel}`, headers(), body);
      expect(reply.status, `${channel}: ${reply.body}`).toBe(status);
      expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    // The token in the query string is not accepted for RPC either.
    const inQuery = await send(
      `/rpc/transfers:drafts.save?token=${shell.token}`,
      { Host: `127.0.0.1:${port}` },
      DRAFT,
    );
    expect(inQuery.status).toBe(401);
    expect(written()).toEqual(before);
  });

  it('control: the same call with the token and the right Host writes the draft', async () => {
    const before = written();
    const reply = await send('/rpc/transfers:drafts.save', own(), DRAFT);
    expect(reply.status, reply.body).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: true });
    expect(written().drafts).toHaveLength(before.drafts.length + 1);
  });
});
