/**
 * Change the hash route. `replace` rewrites the current history entry instead of adding one (for
 * values that change as someone types) and still tells the router, which listens to hashchange.
 */
export function navigate(href: string, options: { replace?: boolean } = {}): void {
  if (window.location.hash === href) return;
  if (!options.replace) {
    window.location.hash = href;
    return;
  }
  const oldURL = window.location.href;
  window.history.replaceState(window.history.state, '', href);
  window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: window.location.href }));
}
