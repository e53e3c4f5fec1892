/**
 * The one rule for URLs FloatDesk lets out to the system browser (brand links a platform sends, and
 * anything the shells hand to the OS). Only an absolute `https:` URL with a proper host name (a dot,
 * not a bare IP address), no credentials, no spaces, control, invisible or direction characters and
 * no backslashes, and a host name written in plain ASCII (no look-alike letters, unicode dots or
 * %-escapes) is openable; anything else — javascript:, data:, file:, http:, relative text — is
 * text to show, never to open. Surrounding whitespace is trimmed first (a platform quirk, harmless);
 * the openable URL is the normalised form the WHATWG parser gives, so what is shown is what opens.
 * The core marks brand links with it and Electron's shell vets window.open with it: one rule.
 */

export type VettedUrl =
  { openable: true; url: string; host: string } | { openable: false; text: string; why: string };

const MAX_LENGTH = 2048;
const INVISIBLE = new Set([0x00ad, 0x034f, 0x061c, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x3164, 0xffa0]);

/** Controls, spaces, invisible and direction characters, backslashes: they make look-alike or split URLs. */
function hasForbiddenCharacter(text: string): boolean {
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (
      code <= 0x20 ||
      (code >= 0x7f && code <= 0xa0) ||
      code === 0x1680 ||
      (code >= 0x2000 && code <= 0x200f) ||
      (code >= 0x2028 && code <= 0x202f) ||
      (code >= 0x205f && code <= 0x206f) ||
      code === 0x3000 ||
      code === 0xfeff ||
      // Invisible or direction-changing characters outside the blocks above (soft hyphen, combining
      // grapheme joiner, Arabic letter mark, Hangul fillers, Khmer/Mongolian invisibles, variation
      // selectors, interlinear annotation, musical format controls, tag characters).
      INVISIBLE.has(code) ||
      (code >= 0x180b && code <= 0x180f) ||
      (code >= 0xfe00 && code <= 0xfe0f) ||
      (code >= 0xfff9 && code <= 0xfffb) ||
      (code >= 0x1d173 && code <= 0x1d17a) ||
      (code >= 0xe0000 && code <= 0xe0fff) ||
      character === '\\'
    )
      return true;
  }
  return false;
}

export function vetExternalUrl(raw: string): VettedUrl {
  const text = raw.trim();
  const refuse = (why: string): VettedUrl => ({ openable: false, text: raw, why });
  if (text === '') return refuse('empty');
  if (text.length > MAX_LENGTH) return refuse('longer than a link should be');
  if (hasForbiddenCharacter(text)) return refuse('contains spaces, control or invisible characters');
  if (!/^https:\/\//i.test(text)) return refuse('only https links are opened');
  // The host as written: the parser would turn look-alike letters into punycode, full-width letters
  // and ideographic dots (U+3002, U+FF0E) into ASCII and %2E into a dot, opening a host the text
  // does not show. Punycode written as such (xn--...) shows what it opens and stays openable.
  const written = text.slice('https://'.length).split(/[/?#]/, 1)[0] ?? '';
  if (!/^[\x21-\x7e]*$/.test(written) || written.includes('%'))
    return refuse('has look-alike or encoded characters in its host name');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('not a valid web address');
  }
  if (url.protocol !== 'https:') return refuse('only https links are opened');
  if (url.username !== '' || url.password !== '') return refuse('has a user name or password in it');
  const host = url.hostname;
  if (host === '' || !host.includes('.') || host.endsWith('.')) return refuse('has no proper host name');
  if (/^\[|^\d+(\.\d+){3}$/.test(host)) return refuse('points at a bare IP address');
  return { openable: true, url: url.href, host };
}
