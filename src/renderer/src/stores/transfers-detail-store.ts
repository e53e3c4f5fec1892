import { create } from 'zustand';
import type { ChannelOutput } from '@shared/ipc/contract';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import type { TransfersClient } from './transfers-client';

export type TransferDetail = ChannelOutput<'transfers:detail'>;

/** The detail panel of one transfer request (`transfers:detail`): every field and its history. */
export type DetailView =
  | { status: 'closed' }
  /** previous: the same request's last answer, shown while it reloads. */
  | { status: 'loading'; id: number; previous: TransferDetail | null }
  | { status: 'ready'; id: number; detail: TransferDetail }
  | { status: 'error'; id: number; error: ErrorShape };

export interface TransferDetailState {
  view: DetailView;
  open(id: number): Promise<void>;
  close(): void;
  /** Load the open request again (the ledger changed). */
  reload(): Promise<void>;
}

export function createTransferDetailStore(client: TransfersClient) {
  let latest = 0;
  const useDetail = create<TransferDetailState>()((set, get) => {
    async function load(id: number, previous: TransferDetail | null): Promise<void> {
      const request = ++latest;
      set({ view: { status: 'loading', id, previous } });
      try {
        const detail = await client.invoke('transfers:detail', { id });
        if (request === latest) set({ view: { status: 'ready', id, detail } });
      } catch (thrown) {
        if (request === latest) set({ view: { status: 'error', id, error: toErrorShape(thrown) } });
      }
    }
    return {
      view: { status: 'closed' },
      open(id) {
        const { view } = get();
        if (view.status === 'ready' && view.id === id) return Promise.resolve();
        if (view.status === 'loading' && view.id === id) return Promise.resolve();
        return load(id, null);
      },
      close() {
        latest++;
        set({ view: { status: 'closed' } });
      },
      reload() {
        const { view } = get();
        if (view.status === 'closed') return Promise.resolve();
        return load(view.id, view.status === 'ready' ? view.detail : null);
      },
    };
  });
  return { useDetail };
}
