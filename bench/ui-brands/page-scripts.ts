// Measurements that run inside the page (handed to page.evaluate or addInitScript, so each function
// is self-contained). "Painted" means, as in bench/ui-transfers: the DOM change was committed, the
// next animation frame ran, and a task after that frame started — the frame showing the change has
// been produced.
//
// The bench compiles without the DOM library (it is Node code): each function reaches the page's
// globals through `globalThis` typed with the little it uses (PageGlobals, erased at build).

interface PageElement {
  dataset: Record<string, string | undefined>;
  value: string;
  querySelector(selector: string): PageElement | null;
  addEventListener(type: string, listener: () => void): void;
  dispatchEvent(event: unknown): boolean;
}

interface PageGlobals {
  document: {
    body: unknown;
    querySelector(selector: string): PageElement | null;
  };
  location: { hash: string };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: object): void;
    disconnect(): void;
  };
  Event: new (type: string, init?: object) => unknown;
  HTMLInputElement: { prototype: object };
  requestAnimationFrame(callback: (time: number) => void): number;
  /** Set by firstRowsProbe: ms from the navigation's start to the frame showing the first brand rows. */
  __brandsFirstRows?: Promise<number>;
}

/** Open #/brands from another page (no reload); ms until the frame that shows its first rows. */
export function openBrands(): Promise<number> {
  const page = globalThis as unknown as PageGlobals;
  const started = performance.now();
  const painted = new Promise<number>((resolve) => {
    const observer = new page.MutationObserver(() => {
      const results = page.document.querySelector('[data-testid="brands-results"]');
      if (results?.dataset.ready !== 'true' || results.querySelector('[data-testid="brand-row"]') === null)
        return;
      observer.disconnect();
      page.requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
    });
    observer.observe(page.document.body, { subtree: true, childList: true, attributes: true });
  });
  page.location.hash = '#/brands';
  return painted;
}

/**
 * An init script (runs before the page's own scripts on every load): `__brandsFirstRows` resolves with
 * the ms from the navigation's start (performance's time origin) to the frame that shows the first
 * brand rows — a fresh load of `#/brands`, bundle, shell and all.
 */
export function firstRowsProbe(): void {
  const page = globalThis as unknown as PageGlobals;
  page.__brandsFirstRows = new Promise<number>((resolve) => {
    const observer = new page.MutationObserver(() => {
      const results = page.document.querySelector('[data-testid="brands-results"]');
      if (results?.dataset.ready !== 'true' || results.querySelector('[data-testid="brand-row"]') === null)
        return;
      observer.disconnect();
      page.requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
    });
    observer.observe(page.document, { subtree: true, childList: true, attributes: true });
  });
}

/** The value firstRowsProbe measured on this load. */
export function firstRowsOfLoad(): Promise<number> | undefined {
  return (globalThis as unknown as PageGlobals).__brandsFirstRows;
}

/** Put `term` in the search field as one input (a paste, or one key after a pause); ms to its results painted. */
export function searchFor(term: string): Promise<number> {
  const page = globalThis as unknown as PageGlobals;
  const input = page.document.querySelector('[data-testid="brand-search"]');
  if (!input) return Promise.reject(new Error('the Brands page is not open'));
  const started = performance.now();
  const painted = new Promise<number>((resolve) => {
    // The view in the URL carries the text, the list went busy for it (a new search was asked) and
    // is ready again with the answer.
    let asked = false;
    const observer = new page.MutationObserver(() => {
      const results = page.document.querySelector('[data-testid="brands-results"]');
      const query = new URLSearchParams(page.location.hash.split('?')[1] ?? '');
      if (query.get('q') !== term || !results) return;
      if (results.dataset.ready !== 'true') {
        asked = true;
        return;
      }
      if (!asked) return;
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

/** Resolves with the ms from the last key pressed in the search field to the results of `term` painted. */
export function afterTyping(term: string): Promise<number> {
  const page = globalThis as unknown as PageGlobals;
  const input = page.document.querySelector('[data-testid="brand-search"]') as PageElement;
  let lastKey = performance.now();
  input.addEventListener('keydown', () => (lastKey = performance.now()));
  const painted = new Promise<number>((resolve) => {
    // The view in the URL carries the text, the list went busy for it (a new search was asked) and
    // is ready again with the answer.
    let asked = false;
    const observer = new page.MutationObserver(() => {
      const results = page.document.querySelector('[data-testid="brands-results"]');
      const query = new URLSearchParams(page.location.hash.split('?')[1] ?? '');
      if (query.get('q') !== term || !results) return;
      if (results.dataset.ready !== 'true') {
        asked = true;
        return;
      }
      if (!asked) return;
      observer.disconnect();
      page.requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - lastKey), 0));
    });
    observer.observe(page.document.body, { subtree: true, childList: true, attributes: true });
  });
  return painted;
}

/** Go to a hash route (no reload). */
export function goTo(hash: string): void {
  (globalThis as unknown as PageGlobals).location.hash = hash;
}
