/** A platform address a workspace may talk to: https, or plain http only to this computer (a simulator). */
export type BaseUrlCheck = { ok: true; url: string } | { ok: false; problem: string };

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/** The normalised address (no trailing slash), or what is wrong with it in words. */
export function checkBaseUrl(text: string): BaseUrlCheck {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, problem: 'is not a web address such as https://platform.example/api/v2' };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    return { ok: false, problem: 'must use https (plain http only for a simulator on this computer)' };
  }
  if (url.username || url.password || url.search || url.hash) {
    return { ok: false, problem: 'must not carry credentials, a query or a fragment' };
  }
  return { ok: true, url: url.toString().replace(/\/+$/, '') };
}
