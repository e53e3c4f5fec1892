import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FloatInsight } from '@shared/ipc/contract-floats';
import { createBalancesStore } from '../../src/renderer/src/stores/balances-store';
import type { SyncClient } from '../../src/renderer/src/stores/sync-store';

// The Balances store talks to the core only through the client it is given: a scripted fake here.
const fake = {
  invoke: vi.fn<(channel: string, input: unknown) => Promise<unknown>>(),
  listeners: new Map<string, Set<(payload: unknown) => void>>(),
};
const client = {
  invoke: (channel: string, input: unknown) => fake.invoke(channel, input),
  onEvent: (name: string, listener: (payload: unknown) => void) => {
    const set = fake.listeners.get(name) ?? new Set();
    set.add(listener);
    fake.listeners.set(name, set);
    return () => set.delete(listener);
  },
} as unknown as SyncClient;

function emit(name: string, payload: unknown): void {
  for (const listener of fake.listeners.get(name) ?? []) listener(payload);
}

function row(name: string, fields: Partial<FloatInsight> = {}): FloatInsight {
  return {
    currency: 'GBP',
    name,
    available: { amount: '100.00', currency: 'GBP' },
    pending: { amount: '0.00', currency: 'GBP' },
    platformRefreshedAt: null,
    recordedAt: '2026-11-22T09:00:00.000Z',
    overPrecise: false,
    threshold: null,
    belowThreshold: false,
    runway: { days: null, dailySpend: null, basis: 'the 30 days up to the latest balance (1 snapshot)' },
    ...fields,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const calls = (channel: string) => fake.invoke.mock.calls.filter(([name]) => name === channel).length;

let store: ReturnType<typeof createBalancesStore>;
let resume: () => void;
let stop: () => void;

beforeEach(() => {
  fake.invoke.mockReset();
  fake.listeners.clear();
  fake.invoke.mockImplementation(async (channel) => {
    if (channel === 'floats:insights') return { floats: [row('Main'), row('Ops')] };
    if (channel === 'floats:threshold.set')
      return row('Ops', { threshold: { amount: '500.00', currency: 'GBP' }, belowThreshold: true });
    throw new Error(`unexpected ${channel}`);
  });
  store = createBalancesStore(client);
  stop = store.keepCurrent((reload) => {
    resume = reload;
    return () => {};
  });
});

describe('the Balances store', () => {
  it('loads the screen with one call, floats:insights, and nothing else', async () => {
    store.useBalances.getState().ensureLoaded();
    await settle();
    expect(fake.invoke.mock.calls.map(([channel]) => channel)).toEqual(['floats:insights']);
    const view = store.useBalances.getState().view;
    expect(view.status === 'ready' && view.floats.map((float) => float.name)).toEqual(['Main', 'Ops']);
  });

  it('reloads by one rule once loaded: ledger changes, moving past the floats, a sync ending, the stream coming back', async () => {
    emit('ledger:changed', { source: 'this-core' });
    emit('sync:finished', {});
    resume();
    await settle();
    expect(calls('floats:insights')).toBe(0); // nothing before the screen first asked

    await store.useBalances.getState().load();
    const after = async (event: () => void): Promise<number> => {
      const before = calls('floats:insights');
      event();
      await settle();
      return calls('floats:insights') - before;
    };
    expect(await after(() => emit('ledger:changed', { source: 'another-process' }))).toBe(1);
    expect(await after(() => emit('sync:progress', { dataset: 'floats' }))).toBe(0);
    expect(await after(() => emit('sync:progress', { dataset: 'transfers' }))).toBe(1);
    expect(await after(() => emit('sync:progress', { dataset: 'transfers' }))).toBe(0);
    expect(await after(() => emit('sync:finished', {}))).toBe(1);
    expect(await after(resume)).toBe(1);
    stop();
    expect(await after(() => emit('ledger:changed', { source: 'this-core' }))).toBe(0);
  });

  it('a saved threshold replaces its float row in place', async () => {
    await store.useBalances.getState().load();
    const saved = await store.useBalances.getState().setThreshold('GBP', 'Ops', '500');
    expect(saved.belowThreshold).toBe(true);
    const view = store.useBalances.getState().view;
    expect(view.status === 'ready' && view.floats.map((float) => [float.name, float.belowThreshold])).toEqual(
      [
        ['Main', false],
        ['Ops', true],
      ],
    );
  });
});
