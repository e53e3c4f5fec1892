import { describe, expect, it, vi } from 'vitest';
import { ClientError, createTypedClient } from '../../src/shared/ipc/typed-client';

type Bridge = Parameters<typeof createTypedClient>[0];

function bridgeAnswering(answer: unknown): Bridge & { listeners: Map<string, (payload: unknown) => void> } {
  const listeners = new Map<string, (payload: unknown) => void>();
  return {
    listeners,
    invoke: () => Promise.resolve(answer as never),
    onEvent: (channel, listener) => {
      listeners.set(channel, listener);
      return () => listeners.delete(channel);
    },
  };
}

const float = {
  currency: 'GBP',
  name: 'Main',
  available: { amount: '12345678901234567.89', currency: 'GBP' },
  pending: null,
  platformRefreshedAt: '2025-03-12T14:00:00+00:00',
  recordedAt: '2025-03-12T14:01:00Z',
  overPrecise: false,
};

describe('createTypedClient', () => {
  it('returns the validated value of an ok envelope', async () => {
    const client = createTypedClient(bridgeAnswering({ ok: true, value: { floats: [float] } }));
    await expect(client.invoke('floats:list', {})).resolves.toEqual({ floats: [float] });
  });

  it('throws a ClientError carrying the error shape of a failed envelope', async () => {
    const error = { code: 'ledger_busy', message: 'Another process holds the ledger.', details: { pid: 1 } };
    const client = createTypedClient(bridgeAnswering({ ok: false, error }));
    const thrown = await client.invoke('app:status', {}).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ClientError);
    expect(thrown).toMatchObject({ ...error, channel: 'app:status', name: 'ClientError' });
  });

  it('rejects an output that does not match the contract', async () => {
    const bad = { floats: [{ ...float, available: { amount: 12.5, currency: 'GBP' } }] };
    const client = createTypedClient(bridgeAnswering({ ok: true, value: bad }));
    await expect(client.invoke('floats:list', {})).rejects.toMatchObject({ code: 'malformed_response' });
  });

  it('rejects something that is not an envelope, and maps unknown codes to internal', async () => {
    await expect(createTypedClient(bridgeAnswering('<html>')).invoke('app:status', {})).rejects.toMatchObject(
      {
        code: 'malformed_response',
      },
    );
    const unknown = bridgeAnswering({ ok: false, error: { code: 'brand_new', message: 'Newer core.' } });
    await expect(createTypedClient(unknown).invoke('app:status', {})).rejects.toMatchObject({
      code: 'internal',
      message: 'Newer core.',
      details: { unknownCode: 'brand_new' },
    });
  });

  it('turns a rejected bridge call into a ClientError', async () => {
    const bridge: Bridge = {
      invoke: () => Promise.reject(new Error('port closed')),
      onEvent: () => () => {},
    };
    await expect(createTypedClient(bridge).invoke('app:status', {})).rejects.toBeInstanceOf(ClientError);
  });

  it('delivers valid event payloads and drops invalid ones', () => {
    const bridge = bridgeAnswering(null);
    const listener = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unsubscribe = createTypedClient(bridge).onEvent('ledger:changed', listener);
    const deliver = bridge.listeners.get('ledger:changed');
    deliver?.({ source: 'another-process' });
    deliver?.({ source: 'martians' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ source: 'another-process' });
    expect(warn).toHaveBeenCalledTimes(1);
    unsubscribe();
    expect(bridge.listeners.size).toBe(0);
    warn.mockRestore();
  });
});
