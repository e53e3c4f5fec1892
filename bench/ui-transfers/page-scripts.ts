// Measurements that run inside the page (handed to page.evaluate, so each function is self-contained).
// "Painted" means: the DOM change was committed, the next animation frame ran, and a task after that
// frame started — the frame showing the change has been produced.
//
// The bench compiles without the DOM library (it is Node code): each function reaches the page's
// globals through `globalThis` typed with the little it uses (PageGlobals, erased at build).

interface PageElement {
  dataset: Record<string, string | undefined>;
  value: string;
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  querySelector(selector: string): PageElement | null;
  addEventListener(type: string, listener: () => void): void;
  dispatchEvent(event: unknown): boolean;
}

interface PageGlobals {
  document: {
    body: unknown;
    querySelector(selector: string): PageElement | null;
    getElementById(id: string): PageElement | null;
  };
  location: { hash: string };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: object): void;
    disconnect(): void;
  };
  Event: new (type: string, init?: object) => unknown;
  HTMLInputElement: { prototype: object };
  requestAnimationFrame(callback: (time: number) => void): number;
}

/** Resolves with performance.now() - started once `shown()` holds and the frame showing it is painted. */
type Until = (shown: () => boolean, started: number) => Promise<number>;

/** Open #/transfers from another page; ms until the frame that shows its first rows. */
export function openTransfers(): Promise<number> {
  const page = globalThis as unknown as PageGlobals;
  const until: Until = (shown, started) =>
    new Promise((resolve) => {
      const observer = new page.MutationObserver(() => {
        if (!shown()) return;
        observer.disconnect();
        page.requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
      });
      observer.observe(page.document.body, { subtree: true, childList: true, attributes: true });
    });
  const started = performance.now();
  const painted = until(() => {
    const grid = page.document.querySelector('[data-testid="transfers-grid"]');
    return grid?.dataset.ready === 'true' && grid.querySelector('[data-testid="transfer-row"]') !== null;
  }, started);
  page.location.hash = '#/transfers';
  return painted;
}

/** Put `term` in the free-text filter as one input (a paste, or a pick); ms until its rows are painted. */
export function filterBy(term: string): Promise<number> {
  const page = globalThis as unknown as PageGlobals;
  const grid = page.document.querySelector('[data-testid="transfers-grid"]');
  const input = page.document.getElementById('transfers-text');
  if (!grid || !input) return Promise.reject(new Error('the Transfers page is not open'));
  const before = grid.dataset.view;
  const started = performance.now();
  const painted = new Promise<number>((resolve) => {
    const observer = new page.MutationObserver(() => {
      const now = page.document.querySelector('[data-testid="transfers-grid"]');
      if (now?.dataset.view === before || now?.dataset.ready !== 'true') return;
      if (now.querySelector('[data-testid="transfer-row"]') === null) return;
      observer.disconnect();
      page.requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
    });
    observer.observe(page.document.body, { subtree: true, childList: true, attributes: true });
  });
  const setValue = Object.getOwnPropertyDescriptor(page.HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(input, term);
  input.dispatchEvent(new page.Event('input', { bubbles: true }));
  return painted;
}

/** Resolves with the ms from the last key pressed in the search field to the rows of `term` painted. */
export function afterTyping(term: string): Promise<number> {
  const page = globalThis as unknown as PageGlobals;
  const input = page.document.getElementById('transfers-text') as PageElement;
  let lastKey = performance.now();
  input.addEventListener('keydown', () => (lastKey = performance.now()));
  return new Promise((resolve) => {
    const observer = new page.MutationObserver(() => {
      const grid = page.document.querySelector('[data-testid="transfers-grid"]');
      if (grid?.dataset.ready !== 'true' || !grid.dataset.view?.includes(JSON.stringify(term))) return;
      observer.disconnect();
      page.requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - lastKey), 0));
    });
    observer.observe(page.document.body, { subtree: true, childList: true, attributes: true });
  });
}

/** Deltas between `frames` consecutive animation frames of the page at rest (the display's interval). */
export function idleFrames(frames: number): Promise<number[]> {
  const page = globalThis as unknown as PageGlobals;
  return new Promise((resolve) => {
    const deltas: number[] = [];
    let last: number | null = null;
    const tick = (time: number): void => {
      if (last !== null) deltas.push(time - last);
      last = time;
      if (deltas.length >= frames) resolve(deltas);
      else page.requestAnimationFrame(tick);
    };
    page.requestAnimationFrame(tick);
  });
}

/**
 * Scroll the table from top to bottom in `frames` equal steps, one per animation frame; the time
 * between consecutive frames, and in how many frames every row in view was already loaded.
 */
export function scrollThrough(
  frames: number,
): Promise<{ deltas: number[]; loadedFrames: number; rows: number }> {
  const page = globalThis as unknown as PageGlobals;
  const grid = page.document.querySelector('[data-testid="transfers-grid"]') as PageElement;
  grid.scrollTop = 0;
  const max = grid.scrollHeight - grid.clientHeight;
  return new Promise((resolve) => {
    const deltas: number[] = [];
    let last: number | null = null;
    let frame = 0;
    let loadedFrames = 0;
    const tick = (time: number): void => {
      if (last !== null) deltas.push(time - last);
      last = time;
      if (grid.querySelector('.grid-row-loading') === null) loadedFrames++;
      if (frame++ >= frames) {
        resolve({ deltas, loadedFrames, rows: Number(grid.dataset.total) });
        return;
      }
      grid.scrollTop = Math.round((max * frame) / frames);
      page.requestAnimationFrame(tick);
    };
    page.requestAnimationFrame(tick);
  });
}

/** Go to a hash route (no reload). */
export function goTo(hash: string): void {
  (globalThis as unknown as PageGlobals).location.hash = hash;
}
