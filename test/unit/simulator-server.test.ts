/**
 * The request handler without a socket: requests from addresses a loopback-bound server cannot be
 * reached from (the admin API's guard), fed in as plain objects.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createSimContext } from '../../src/simulator/context';
import { resolveOptions, type SimulatorOptions } from '../../src/simulator/options';
import { createSimulatorHandler } from '../../src/simulator/server';
import { makeSimWorld } from '../helpers/sim-world';

interface Captured {
  status: number;
  headers: Record<string, string | number>;
  body: string;
}

function fakeRequest(method: string, url: string, remoteAddress: string): IncomingMessage {
  const req = Readable.from([]) as unknown as IncomingMessage;
  Object.assign(req, { method, url, headers: {}, socket: { remoteAddress } });
  return req;
}

function fakeResponse(): { res: ServerResponse; done: Promise<Captured> } {
  const captured: Captured = { status: 0, headers: {}, body: '' };
  const events = new EventEmitter();
  const res = {
    headersSent: false,
    writeHead(status: number, headers: Record<string, string | number>) {
      captured.status = status;
      captured.headers = headers;
      this.headersSent = true;
      return this;
    },
    write(chunk: Buffer) {
      captured.body += chunk.toString('utf8');
      return true;
    },
    end() {
      events.emit('end');
    },
  };
  const done = new Promise<Captured>((resolve) => events.once('end', () => resolve(captured)));
  return { res: res as unknown as ServerResponse, done };
}

async function request(options: Partial<SimulatorOptions>, method: string, url: string, remote: string) {
  const { sim } = createSimContext(resolveOptions({ world: makeSimWorld(), ...options }));
  const handler = createSimulatorHandler(sim);
  const { res, done } = fakeResponse();
  await handler(fakeRequest(method, url, remote), res);
  return done;
}

describe('simulator handler: the admin API guard', () => {
  it('answers 403 code 999 to an admin request from a non-loopback address', async () => {
    for (const remote of ['10.0.0.9', '192.168.1.20', '2001:db8::1']) {
      const answer = await request({ admin: true }, 'POST', '/__admin/clock/advance', remote);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({
        code: '999',
        status: 'error',
        message: 'The admin API answers loopback clients only',
      });
    }
  });

  it('serves loopback clients, and hides the admin API (404) when it is off', async () => {
    for (const remote of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const answer = await request({ admin: true }, 'GET', '/__admin/clock', remote);
      expect(answer.status, remote).toBe(200);
    }
    const off = await request({}, 'GET', '/__admin/clock', '10.0.0.9');
    expect(off.status).toBe(404);
    expect(JSON.parse(off.body)).toMatchObject({ code: '999' });
  });

  it('answers 401 code 210 to an API request from an address that is not allow-listed', async () => {
    const answer = await request({}, 'GET', '/api/v2/check-floats', '10.0.0.9');
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ code: '210' });
  });
});
