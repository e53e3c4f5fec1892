import { create } from 'zustand';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';

/**
 * One question per view (a page of a list with its filters): the last answer stays on screen while
 * the next is on its way, and an answer to an older view is dropped.
 */
export interface ViewQueryState<View, Result> {
  /** The view asked for last. */
  key: string | null;
  /** The view the result answers. */
  shownKey: string | null;
  result: Result | null;
  error: ErrorShape | null;
  loading: boolean;
  setView(view: View): void;
  /** Ask again for the current view (ledger changed, Retry). */
  refresh(): void;
}

export function createViewQueryStore<View, Result>(
  keyOf: (view: View) => string,
  ask: (view: View) => Promise<Result>,
) {
  let current: View | null = null;
  let request = 0;
  return create<ViewQueryState<View, Result>>()((set, get) => {
    const run = (view: View, key: string): void => {
      const mine = ++request;
      set({ loading: true });
      ask(view).then(
        (result) => {
          if (mine === request) set({ result, shownKey: key, error: null, loading: false });
        },
        (thrown: unknown) => {
          if (mine === request) set({ error: toErrorShape(thrown), shownKey: key, loading: false });
        },
      );
    };
    return {
      key: null,
      shownKey: null,
      result: null,
      error: null,
      loading: false,
      setView(view) {
        const key = keyOf(view);
        current = view;
        if (key === get().key) return;
        set({ key });
        run(view, key);
      },
      refresh() {
        const key = get().key;
        if (current && key) run(current, key);
      },
    };
  });
}
