import fc from 'fast-check';
import { runs } from '../helpers/property-runs';
import { describe, expect, it } from 'vitest';
import { vetLink } from '../../src/main/core/catalogue/links';
import { decideWindowOpen, isVettedExternalUrl } from '../../src/main/shell/security';

// The core marks a brand link openable; the renderer makes it an <a target="_blank">; Electron's
// window.open handler then hands it to the system browser only if isVettedExternalUrl agrees. The
// two must never disagree: a link shown as openable that the shell refuses is a dead link, and one
// the shell would open but the core shows as text means two rules.
const HOSTILE = [
  'javascript:alert(document.domain)',
  'JavaScript:void(0)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'file:///etc/passwd',
  'file://C:/Windows/system32/calc.exe',
  'smb://share/x',
  'ms-settings:',
  'vbscript:msgbox(1)',
  'http://www.brand.example/',
  '//brand.example/x',
  'brand.example',
  '/relative/path',
  'https://user:pass@brand.example/',
  'https://user@brand.example/',
  'https://brand.example@evil.example/',
  'https://localhost/',
  'https://intranet/',
  'https://127.0.0.1/',
  'https://0x7f.0.0.1/',
  'https://2130706433/',
  'https://[::1]/',
  'https://brand.example./',
  'https://brand.example/\u202Egpj.exe',
  'https://bra nd.example/',
  'https://brand.example\t/x',
  'https://brand.example\n/x',
  'https:\\\\brand.example',
  'https:/\\brand.example',
  'https://xn--brnd-loa.example/\u200b',
  'https:brand.example',
  `https://brand.example/${'a'.repeat(2100)}`,
  '',
  '   ',
];
const GOOD = [
  'https://www.brand.example/',
  '  https://www.brand.example/redeem  ',
  'HTTPS://Brand.Example/terms?x=1#top',
  'https://brand.example:8443/a/../b',
  'https://xn--brnd-loa.example/terms',
  // Surrounding whitespace (incl. no-break space and BOM) is trimmed; extra slashes normalise away.
  'https://brand.example/\u00a0',
  '\ufeffhttps://brand.example/',
  'https:///brand.example',
];

describe('the core’s openable rule and the shell’s vetted-URL rule', () => {
  it.each(HOSTILE)('both refuse %j', (url) => {
    expect(vetLink(url).openable).toBe(false);
    expect(isVettedExternalUrl(url)).toBe(false);
    expect(decideWindowOpen(url)).toEqual({ action: 'deny', openExternally: false });
  });

  it.each(GOOD)('both accept %j, and the shell accepts the normalised URL the page links to', (url) => {
    const link = vetLink(url);
    expect(link.openable).toBe(true);
    expect(isVettedExternalUrl(url)).toBe(true);
    if (link.openable) {
      expect(isVettedExternalUrl(link.url)).toBe(true);
      expect(decideWindowOpen(link.url)).toEqual({ action: 'deny', openExternally: true });
    }
  });

  it('agree on any URL-ish string (property)', () => {
    const urlish = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.webUrl().map((url) => url.replace(/^https?:/, 'https:')),
      fc
        .tuple(fc.constantFrom('https://', 'http://', 'javascript:', ' https://', 'HTTPS://'), fc.string())
        .map(([scheme, rest]) => scheme + rest),
      fc.string({ unit: 'binary' }),
    );
    fc.assert(
      fc.property(urlish, (url) => {
        const link = vetLink(url);
        expect(isVettedExternalUrl(url)).toBe(link.openable);
        if (link.openable) expect(isVettedExternalUrl(link.url)).toBe(true);
      }),
      runs(2000),
    );
  });
});
