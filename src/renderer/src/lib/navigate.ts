/**
 * Change the hash route, telling the router (which listens to hashchange) at once: a control that
 * follows the URL (a filter box) shows its new state in the same event, without a frame of the old
 * one. `replace` rewrites the current history entry instead of adding one (for values that change
 * as someone types). Back and forward fire hashchange themselves.
 */
export function navigate(href: string, options: { replace?: boolean } = {}): void {
  if (window.location.hash === href) return;
  const oldURL = window.location.href;
  if (options.replace) window.history.replaceState(window.history.state, '', href);
  else window.history.pushState(window.history.state, '', href);
  window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: window.location.href }));
}
