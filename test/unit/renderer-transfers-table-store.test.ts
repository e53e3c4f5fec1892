import { beforeEach, describe, expect, it } from 'vitest';
import type { TransferRow } from '@shared/ipc/contract-transfers';
import { AppError } from '@shared/ipc/errors';
import { DEFAULT_SORT } from '../../src/renderer/src/features/transfers/transfer-query';
import type { TransfersClient } from '../../src/renderer/src/stores/transfers-client';
import { createTransfersTableStore, PAGE_SIZE } from '../../src/renderer/src/stores/transfers-table-store';

interface ListInput {
  filters?: { statuses?: string[]; text?: string };
  sort?: unknown;
  offset: number;
  limit: number;
}

/** A fake core: every transfers:list call waits until the test answers it. */
function fakeCore() {
  const calls: Array<{
    input: ListInput;
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
  }> = [];
  const client = {
    invoke: (channel: string, input: ListInput) => {
      if (channel !== 'transfers:list') throw new Error(`unexpected ${channel}`);
      return new Promise((resolve, reject) => calls.push({ input, resolve, reject }));
    },
    onEvent: () => () => undefined,
  } as unknown as TransfersClient;
  return { client, calls };
}

function row(id: number, status = 'pending'): TransferRow {
  return {
    id,
    paymentReference: `RF${id}`,
    createdAt: '2026-11-02T09:00:00+00:00',
    float: 'Main',
    currency: 'GBP',
    requested: { amount: '10.00', currency: 'GBP' },
    approved: null,
    difference: null,
    status,
    origin: 'platform',
    lastChangedAt: '2026-11-02T09:00:00Z',
    overPrecise: false,
  };
}

/** Answer a call with rows offset..offset+limit of a list of `total` (ids 1000 + index, times `tag`). */
function answer(
  call: { input: ListInput; resolve: (value: unknown) => void },
  total: number,
  tag = 1000,
): Promise<void> {
  const { offset, limit } = call.input;
  const rows = [];
  for (let index = offset; index < Math.min(total, offset + limit); index++) rows.push(row(tag + index));
  call.resolve({ total, offset, rows });
  return new Promise((resolve) => setTimeout(resolve, 0));
}

let core: ReturnType<typeof fakeCore>;
let store: ReturnType<typeof createTransfersTableStore>;

beforeEach(() => {
  core = fakeCore();
  store = createTransfersTableStore(core.client);
});

const state = () => store.useTable.getState();
const pending = { filters: { statuses: ['pending'] }, sort: DEFAULT_SORT };

describe('transfers table store', () => {
  it('loads the first window of a view, then the windows scrolled to, two at a time', async () => {
    state().setView({ filters: {}, sort: DEFAULT_SORT });
    expect(state().phase).toBe('loading');
    expect(core.calls).toHaveLength(1);
    expect(core.calls[0]?.input).toMatchObject({
      offset: 0,
      limit: PAGE_SIZE,
      filters: {},
      sort: DEFAULT_SORT,
    });
    await answer(core.calls[0]!, 100_000);
    expect(state()).toMatchObject({ phase: 'ready', total: 100_000 });
    expect(store.rowAt(5)?.id).toBe(1005);
    expect(store.rowAt(150)).toBeUndefined();

    state().ensureRange({ start: 50_050, end: 50_380 });
    expect(core.calls.slice(1).map((call) => call.input.offset)).toEqual([50_000, 50_100]);
    await answer(core.calls[1]!, 100_000);
    // One finished: the next missing window starts.
    expect(core.calls.slice(1).map((call) => call.input.offset)).toEqual([50_000, 50_100, 50_200]);
    expect(store.rowAt(50_050)?.id).toBe(51_050);
  });

  it('asks again only for what it does not hold, and drops windows scrolled past', async () => {
    state().setView({ filters: {}, sort: DEFAULT_SORT });
    await answer(core.calls[0]!, 1000);
    state().ensureRange({ start: 0, end: 40 });
    expect(core.calls).toHaveLength(1);
    state().ensureRange({ start: 400, end: 440 });
    state().ensureRange({ start: 800, end: 840 });
    // The window at 400 is on its way; the one at 800 is wanted now.
    expect(core.calls.slice(1).map((call) => call.input.offset)).toEqual([400, 800]);
  });

  it('keeps the previous view on screen until the new one answers', async () => {
    state().setView({ filters: {}, sort: DEFAULT_SORT });
    await answer(core.calls[0]!, 500);
    state().setView(pending);
    expect(state()).toMatchObject({ phase: 'loading', total: 500 });
    expect(store.rowAt(0)?.id).toBe(1000);
    await answer(core.calls[1]!, 3, 7000);
    expect(state()).toMatchObject({ phase: 'ready', total: 3 });
    expect(store.rowAt(0)?.id).toBe(7000);
    // Back to a view it still holds: shown at once, nothing asked.
    state().setView({ filters: {}, sort: DEFAULT_SORT });
    expect(state()).toMatchObject({ phase: 'ready', total: 500 });
    expect(core.calls).toHaveLength(2);
  });

  it('ignores the answer of a view no longer asked for', async () => {
    state().setView(pending);
    state().setView({ filters: { text: 'acme' }, sort: DEFAULT_SORT });
    await answer(core.calls[0]!, 10, 1);
    expect(state().phase).toBe('loading');
    await answer(core.calls[1]!, 2, 500);
    expect(state()).toMatchObject({ phase: 'ready', total: 2 });
    expect(store.rowAt(0)?.id).toBe(500);
  });

  it('says what failed, and Retry asks again', async () => {
    state().setView(pending);
    core.calls[0]!.reject(new AppError('ledger_busy', 'Another FloatDesk holds the ledger.'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state()).toMatchObject({ phase: 'error', error: { code: 'ledger_busy' } });
    state().ensureRange({ start: 0, end: 30 });
    expect(core.calls).toHaveLength(1); // no retry loop
    state().retry();
    expect(core.calls).toHaveLength(2);
    await answer(core.calls[1]!, 4);
    expect(state()).toMatchObject({ phase: 'ready', total: 4, error: null });
  });

  it('on a ledger change refreshes the rows on screen, showing the old ones meanwhile', async () => {
    state().setView({ filters: {}, sort: DEFAULT_SORT });
    await answer(core.calls[0]!, 10);
    state().refresh();
    expect(core.calls).toHaveLength(2);
    expect(store.rowAt(0)?.id).toBe(1000);
    await answer(core.calls[1]!, 11, 2000);
    expect(state().total).toBe(11);
    expect(store.rowAt(0)?.id).toBe(2000);
  });

  it('selects a request by id once it is loaded, and keeps it selected as rows move', async () => {
    state().setView({ filters: {}, sort: DEFAULT_SORT });
    state().selectId(1003);
    await answer(core.calls[0]!, 10);
    expect(state()).toMatchObject({ selectedIndex: 3, selectedId: 1003, reveal: { index: 3 } });
    state().refresh();
    // A new request arrived on top: every row moved down by one.
    const call = core.calls[1]!;
    call.resolve({
      total: 11,
      offset: 0,
      rows: [row(9999), ...Array.from({ length: 10 }, (_, i) => row(1000 + i))],
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state()).toMatchObject({ selectedIndex: 4, selectedId: 1003 });
  });

  it('tells when a request to select is not in the first window', async () => {
    let missing = false;
    state().setView({ filters: {}, sort: DEFAULT_SORT });
    state().selectId(42, () => (missing = true));
    await answer(core.calls[0]!, 10);
    expect(missing).toBe(true);
    expect(state().selectedIndex).toBeNull();
  });
});
