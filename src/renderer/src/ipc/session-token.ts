/**
 * The browser shell opens the page at `http://127.0.0.1:<port>/?token=<token>`. The token is taken
 * from the address once, kept in sessionStorage so a reload works, and removed from the visible
 * address (history, screenshots, shoulder-surfing) while keeping the route in the hash.
 */

export const TOKEN_STORAGE_KEY = 'floatdesk.token';
const TOKEN_PARAM = 'token';

function readStoredToken(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeToken(token: string): void {
  try {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage disabled: the token still works for this page; a reload will ask for the link again.
  }
}

function removeTokenFromAddress(url: URL): void {
  url.searchParams.delete(TOKEN_PARAM);
  const query = url.searchParams.toString();
  const clean = `${url.pathname}${query === '' ? '' : `?${query}`}${url.hash}`;
  window.history.replaceState(window.history.state, '', clean);
}

/** The session's token: from the address when present (then hidden), else from sessionStorage. */
export function takeSessionToken(): string | null {
  const url = new URL(window.location.href);
  const fromAddress = url.searchParams.get(TOKEN_PARAM);
  if (fromAddress !== null) {
    removeTokenFromAddress(url);
    const token = fromAddress.trim();
    if (token !== '') {
      storeToken(token);
      return token;
    }
  }
  return readStoredToken();
}
