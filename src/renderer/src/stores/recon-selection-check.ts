import type { ReconItem } from '@shared/ipc/contract-recon';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import type { ReconClient } from './recon-client';

/** What matching the ticked items would warn about, for the selection named by `key`. */
export type CheckView =
  | { status: 'idle' }
  | { status: 'checking'; key: string }
  | { status: 'ready'; key: string; warnings: string[] }
  | { status: 'error'; key: string; error: ErrorShape };

interface Slice {
  selected: Readonly<Record<string, ReconItem>>;
  check: CheckView;
  manual: { status: string };
}

/** The ticked lines and requests as recon:match.check / recon:match.manual name them; null unless both. */
function pairOf(selected: Slice['selected']): { lineIds: string[]; requestReferences: string[] } | null {
  const items = Object.values(selected);
  const lineIds = items.filter((item) => item.kind === 'line').map((item) => item.id);
  const requestReferences = items.filter((item) => item.kind === 'request').map((item) => item.id);
  return lineIds.length > 0 && requestReferences.length > 0 ? { lineIds, requestReferences } : null;
}

/**
 * Asks the core, as boxes are ticked, what a match by hand of the selection would warn about (the
 * same rule the match applies), so the warning shows before anything is matched. The latest
 * selection wins; `current()` waits for the answer about the selection as it is now.
 */
export function selectionChecker(
  client: ReconClient,
  get: () => Slice,
  set: (partial: { check?: CheckView; manual?: { status: 'idle' } }) => void,
) {
  let running: Promise<CheckView> | null = null;

  function run(): Promise<CheckView> {
    const pair = pairOf(get().selected);
    if (pair === null) {
      set({ check: { status: 'idle' } });
      return Promise.resolve(get().check);
    }
    const key = JSON.stringify(pair);
    const known = get().check;
    if (known.status !== 'idle' && known.key === key && running !== null) return running;
    set({ check: { status: 'checking', key } });
    const ask = client.invoke('recon:match.check', pair).then(
      (answer): CheckView => ({ status: 'ready', key, warnings: answer.warnings }),
      (thrown: unknown): CheckView => ({ status: 'error', key, error: toErrorShape(thrown) }),
    );
    running = ask.then((view) => {
      const now = get().check;
      if (now.status !== 'idle' && now.key === key) set({ check: view });
      return view;
    });
    return running;
  }

  return {
    /** The selection changed: a confirmation asked for another selection no longer stands. */
    selectionChanged(): void {
      if (get().manual.status === 'confirm') set({ manual: { status: 'idle' } });
      void run();
    },
    current: run,
  };
}
