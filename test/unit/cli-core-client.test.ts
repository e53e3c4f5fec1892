import { describe, expect, it } from 'vitest';
import { call, coreClient } from '../../src/cli/in-process-core';
import type { Core, EventListener } from '../../src/main/core/services';
import { AppError } from '../../src/shared/ipc/errors';

/** A core of this process that answers every call with one envelope and lets the test emit events. */
function coreAnswering(envelope: unknown): Core & { emit: EventListener; asked: unknown[][] } {
  const listeners = new Set<EventListener>();
  const asked: unknown[][] = [];
  return {
    asked,
    emit: (name, payload) => listeners.forEach((listener) => listener(name, payload)),
    dispatch: (channel, input) => {
      asked.push([channel, input]);
      return Promise.resolve(envelope as never);
    },
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    registeredChannels: () => [],
    startBackground: () => undefined,
    close: () => Promise.resolve(),
  };
}

const status = {
  appVersion: '1.0.0',
  shell: 'cli',
  workspaceDir: '/tmp/ws',
  ledgerPath: '/tmp/ws/ledger.sqlite',
  schemaVersion: 27,
  latestSchemaVersion: 27,
};

describe('the command line calls its core through the typed client', () => {
  it('sends the channel and input unchanged and returns the answer checked against the contract', async () => {
    const core = coreAnswering({ ok: true, value: status });
    await expect(call(core, 'app:status', {})).resolves.toEqual(status);
    expect(core.asked).toEqual([['app:status', {}]]);
  });

  it('throws the failed answer as the error it carries, code and details included', async () => {
    const error = { code: 'not_found', message: 'No such float.', details: { name: 'Main' } };
    const thrown = await call(coreAnswering({ ok: false, error }), 'floats:list', {}).catch(
      (caught: unknown) => caught,
    );
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject(error);
  });

  it('refuses an answer that breaks the contract instead of handing it on', async () => {
    const thrown = await call(
      coreAnswering({ ok: true, value: { floats: 'none' } }),
      'floats:list',
      {},
    ).catch((caught: unknown) => caught);
    expect(thrown).toMatchObject({ code: 'malformed_response' });
  });

  it("hands a listener only its own event's payloads, checked against the contract", () => {
    const core = coreAnswering({ ok: true, value: {} });
    const seen: unknown[] = [];
    const stop = coreClient(core).onEvent('export:progress', (payload) => seen.push(payload));
    core.emit('export:progress', { exportId: 'e1', rows: 10, totalRows: 20 });
    core.emit('sync:progress', { dataset: 'floats', phase: 'read', done: 1, total: 1 });
    core.emit('export:progress', { exportId: 'e1', rows: 'ten' });
    stop();
    core.emit('export:progress', { exportId: 'e1', rows: 20, totalRows: 20 });
    expect(seen).toEqual([{ exportId: 'e1', rows: 10, totalRows: 20 }]);
  });
});
