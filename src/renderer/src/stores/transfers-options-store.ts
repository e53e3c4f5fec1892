import { create } from 'zustand';
import { TRANSFER_STATUSES } from '@shared/domain/platform';
import type { ChannelOutput } from '@shared/ipc/contract';
import type { TransfersClient } from './transfers-client';

export type TransferOptions = ChannelOutput<'transfers:options'>;

/**
 * What the Transfers filters offer (`transfers:options`): the floats with their currencies and the
 * statuses the ledger holds, plus the platform's known statuses so each can always be chosen. When
 * it cannot be loaded the filters still work with typed values and the known statuses.
 */
export interface TransferOptionsState {
  floats: TransferOptions['floats'];
  currencies: string[];
  statuses: string[];
  load(): Promise<void>;
}

function withKnownStatuses(statuses: readonly string[]): string[] {
  const extra = statuses.filter((status) => !(TRANSFER_STATUSES as readonly string[]).includes(status));
  return [...TRANSFER_STATUSES, ...extra.sort()];
}

export function createTransferOptionsStore(client: TransfersClient) {
  const useOptions = create<TransferOptionsState>()((set) => ({
    floats: [],
    currencies: [],
    statuses: withKnownStatuses([]),
    async load() {
      try {
        const options = await client.invoke('transfers:options', {});
        const currencies = [...new Set(options.floats.map((float) => float.currency))].sort();
        set({ floats: options.floats, currencies, statuses: withKnownStatuses(options.statuses) });
      } catch {
        // Keep what is known: the filters stay usable without the lists.
      }
    },
  }));
  return { useOptions };
}
