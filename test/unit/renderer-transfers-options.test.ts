import { describe, expect, it } from 'vitest';
import { AppError } from '@shared/ipc/errors';
import type { TransfersClient } from '../../src/renderer/src/stores/transfers-client';
import { createTransferOptionsStore } from '../../src/renderer/src/stores/transfers-options-store';

function clientAnswering(answer: () => Promise<unknown>): TransfersClient {
  return { invoke: answer, onEvent: () => () => undefined } as unknown as TransfersClient;
}

describe('transfer filter options', () => {
  it('offers the ledger’s floats and currencies, the known statuses first, then any others', async () => {
    const { useOptions } = createTransferOptionsStore(
      clientAnswering(async () => ({
        floats: [
          { name: 'Main', currency: 'GBP' },
          { name: 'Main', currency: 'EUR' },
          { name: 'Events', currency: 'GBP' },
        ],
        statuses: ['pending', 'on_hold', 'approved'],
      })),
    );
    await useOptions.getState().load();
    expect(useOptions.getState().currencies).toEqual(['EUR', 'GBP']);
    expect(useOptions.getState().statuses).toEqual([
      'pending',
      'approved',
      'approved_edited',
      'removed',
      'cancelled',
      'on_hold',
    ]);
  });

  it('keeps the known statuses when the options cannot be read', async () => {
    const { useOptions } = createTransferOptionsStore(
      clientAnswering(() => Promise.reject(new AppError('ledger_busy', 'busy'))),
    );
    await useOptions.getState().load();
    expect(useOptions.getState().statuses).toContain('approved_edited');
    expect(useOptions.getState().floats).toEqual([]);
  });
});
