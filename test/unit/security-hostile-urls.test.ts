// Property tests over hostile URLs for the three guards that decide what a URL may do: the external
// link validator (core brand links + Electron's window.open), the navigation / app-origin check
// (navigation, IPC sender frames), and the permission guard. Every generated input must be refused.
import { join, sep } from 'node:path';
import fc from 'fast-check';
import { runs } from '../helpers/property-runs';
import { describe, expect, it } from 'vitest';
import { vetExternalUrl } from '../../src/shared/security/external-url';
import { checkAssetUrl } from '../../src/main/core/platform/asset-fetch';
import {
  APP_ORIGIN,
  decideWindowOpen,
  isAppUrl,
  isNavigationAllowed,
  isPermissionGranted,
  isTrustedSender,
  isVettedExternalUrl,
  resolveAppFile,
} from '../../src/main/shell/security';

const RUNS = runs(1500);
const DEV = 'http://localhost:5173';

/** Mixed case: each letter upper or lower, as a browser would still accept the scheme. */
const mixedCase = (word: string) =>
  fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((flags) => [...word].map((c, i) => (flags[i] ? c.toUpperCase() : c)).join(''));

/** Characters the WHATWG parser strips or that hide what a URL is. */
const STRIPPED = ['\t', '\n', '\r'];
const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u001b', '\u001f', '\u007f', '\u0085'];
const WHITESPACE = [' ', '\u00a0', '\u2000', '\u3000', '\ufeff', '\u2028'];
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\u180e', '\u00ad', '\u034f', '\ufeff'];
const DIRECTION = [
  '\u202e',
  '\u202d',
  '\u202a',
  '\u202b',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];
const UNICODE_DOTS = ['\u3002', '\uff0e', '\uff61', '\u2024', '\ufe52'];
const sneaky = fc.constantFrom(...STRIPPED, ...CONTROLS, ...INVISIBLE, ...DIRECTION, '\\');

/** Insert `piece` at a position strictly inside `text`. */
const insertedInside = (text: string, piece: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.integer({ min: 1, max: text.length - 1 }), piece)
    .map(([at, inserted]) => text.slice(0, at) + inserted + text.slice(at));

// A DNS label of letters, digits and inner hyphens, but never the IDNA prefix `xn--`: a label that
// starts with it is Punycode, and `xn--0` is not valid Punycode, so a URL parser refuses it. Those
// are not the plain hosts these properties are about (look-alike IDN hosts have tests of their own).
const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/).filter((text) => !/^xn--/i.test(text));
const host = fc.tuple(label, fc.constantFrom('example', 'com', 'net', 'app')).map(([a, b]) => `${a}.${b}`);
const path = fc.constantFrom('', '/', '/terms', '/a/b?x=1#top', '/redeem?card=1');
const anyRest = fc.string({ maxLength: 40 });

const DANGEROUS_SCHEMES = [
  'javascript',
  'vbscript',
  'data',
  'file',
  'blob',
  'http',
  'ftp',
  'ws',
  'wss',
  'about',
  'chrome',
  'view-source',
  'intent',
  'ms-settings',
  'smb',
  'mailto',
  'floatdesk',
];

function refusedEverywhere(url: string): void {
  expect(vetExternalUrl(url).openable, JSON.stringify(url)).toBe(false);
  expect(isVettedExternalUrl(url), JSON.stringify(url)).toBe(false);
  expect(decideWindowOpen(url), JSON.stringify(url)).toEqual({ action: 'deny', openExternally: false });
}

describe('external link validator (vetExternalUrl, window.open)', () => {
  it('refuses every scheme but https, in any case, with tabs/newlines inside and junk around it', () => {
    const scheme = fc
      .constantFrom(...DANGEROUS_SCHEMES)
      .chain((word) => mixedCase(word))
      .chain((word) =>
        fc.oneof(
          fc.constant(word),
          word.length > 1 ? insertedInside(word, fc.constantFrom(...STRIPPED)) : fc.constant(word),
        ),
      );
    const prefix = fc
      .array(fc.constantFrom(...STRIPPED, ...CONTROLS, ...WHITESPACE), { maxLength: 3 })
      .map((a) => a.join(''));
    const separator = fc.constantFrom(':', '://', ':/', ':\\\\', '://https://');
    fc.assert(
      fc.property(prefix, scheme, separator, fc.oneof(host, anyRest), path, (before, s, sep, rest, p) =>
        refusedEverywhere(`${before}${s}${sep}${rest}${p}`),
      ),
      RUNS,
    );
  });

  it('refuses a control, invisible or direction character, or a backslash, anywhere inside', () => {
    fc.assert(
      fc.property(host, path, (h, p) => {
        const good = `https://www.${h}${p || '/'}`;
        expect(vetExternalUrl(good).openable).toBe(true);
        fc.assert(fc.property(insertedInside(good, sneaky), refusedEverywhere), runs(20));
      }),
      runs(100),
    );
  });

  it('refuses control characters at either end (only plain whitespace is trimmed)', () => {
    fc.assert(
      fc.property(
        host,
        fc.constantFrom(...CONTROLS, ...INVISIBLE.filter((c) => c !== '\ufeff'), ...DIRECTION),
        fc.boolean(),
        (h, c, atEnd) => refusedEverywhere(atEnd ? `https://${h}/${c}` : `${c}https://${h}/`),
      ),
      RUNS,
    );
  });

  it('refuses credentials in the URL, including a trusted-looking name before the @', () => {
    const user = fc.oneof(host, label, fc.constant('www.brand.example:443'), fc.constant('floatdesk.app'));
    const pass = fc.option(fc.oneof(label, fc.constant('443')), { nil: undefined });
    fc.assert(
      fc.property(user, pass, host, path, (u, pw, h, p) =>
        refusedEverywhere(`https://${u}${pw === undefined ? '' : `:${pw}`}@${h}${p}`),
      ),
      RUNS,
    );
  });

  it('refuses host names with look-alike letters, unicode dots, full-width letters or %-escapes', () => {
    const homoglyph = fc.constantFrom(
      '\u0430',
      '\u0435',
      '\u043e',
      '\u0440',
      '\u0441',
      '\u03bf',
      '\u0131',
      '\u1e9b',
      '\uff41',
    );
    const lookAlike = fc.oneof(
      fc.tuple(label, homoglyph, fc.constantFrom('.example', '.com')).map(([a, g, t]) => `${a}${g}${t}`),
      fc.tuple(label, fc.constantFrom(...UNICODE_DOTS), label).map(([a, dot, b]) => `${a}${dot}${b}`),
      fc
        .tuple(label, fc.constantFrom('%2e', '%2E', '%40', '%2f', '%5c', '%00', '%e3%80%82'))
        .map(([a, e]) => `${a}${e}example.com`),
      label.map((a) => `${[...a].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('')}.com`),
    );
    fc.assert(
      fc.property(lookAlike, path, (h, p) => refusedEverywhere(`https://${h}${p}`)),
      RUNS,
    );
  });

  it('refuses IP literals in every notation, with or without a port', () => {
    const byte = fc.integer({ min: 0, max: 255 });
    const ipv4 = fc.tuple(byte, byte, byte, byte);
    const literal = fc.oneof(
      ipv4.map((b) => b.join('.')),
      ipv4.map((b) => b.map((x) => `0x${x.toString(16)}`).join('.')),
      ipv4.map((b) => b.map((x) => `0${x.toString(8)}`).join('.')),
      ipv4.map(([a, b, c, d]) => String(((a << 24) >>> 0) + (b << 16) + (c << 8) + d)),
      ipv4.map(([a, , , d]) => `${a}.${d}`),
      fc.ipV6().map((ip) => `[${ip}]`),
      fc.constantFrom('[::1]', '[::ffff:127.0.0.1]', '[fe80::1%25eth0]'),
    );
    const port = fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined });
    fc.assert(
      fc.property(literal, port, path, (ip, pt, p) =>
        refusedEverywhere(`https://${ip}${pt === undefined ? '' : `:${pt}`}${p}`),
      ),
      RUNS,
    );
  });

  it('refuses scheme-relative, single-slash, slashless and single-label forms', () => {
    fc.assert(
      fc.property(host, label, path, (h, single, p) => {
        for (const url of [
          `//${h}${p}`,
          `https:${h}${p}`,
          `https:/${h}${p}`,
          `https:\\\\${h}${p}`,
          `https:/\\${h}${p}`,
          `https://${single}${p}`,
          `https://${h}.${p}`,
          `${h}${p}`,
        ])
          refusedEverywhere(url);
      }),
      runs(300),
    );
  });

  it('still opens plain https links (the properties above are not vacuous)', () => {
    fc.assert(
      fc.property(
        host,
        path,
        fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
        (h, p, port) => {
          const result = vetExternalUrl(`https://${h}${port === undefined ? '' : `:${port}`}${p}`);
          expect(result.openable).toBe(true);
          if (result.openable) expect(result.host).toBe(h);
        },
      ),
      RUNS,
    );
  });
});

describe('navigation guard and app-origin check', () => {
  const APP_PAGES = [`${APP_ORIGIN}/index.html`, `${APP_ORIGIN}/index.html#/balances`, `${APP_ORIGIN}/`];

  function neverApp(url: string): void {
    for (const dev of [undefined, DEV]) {
      expect(isAppUrl(url, dev), `${JSON.stringify(url)} dev=${dev}`).toBe(false);
      expect(isNavigationAllowed(url, dev), JSON.stringify(url)).toBe(false);
      expect(isTrustedSender({ frameUrl: url, isMainFrame: true }, dev), JSON.stringify(url)).toBe(false);
    }
  }

  it('treats the app pages as the app (control)', () => {
    for (const page of APP_PAGES) {
      expect(isNavigationAllowed(page)).toBe(true);
      expect(isTrustedSender({ frameUrl: page, isMainFrame: true })).toBe(true);
      expect(isTrustedSender({ frameUrl: page, isMainFrame: false })).toBe(false);
    }
    expect(isNavigationAllowed(`${DEV}/`, DEV)).toBe(true);
  });

  it('never treats another scheme as the app, whatever its case, junk or host', () => {
    const scheme = fc.constantFrom(...DANGEROUS_SCHEMES.filter((s) => s !== 'floatdesk')).chain(mixedCase);
    const rest = fc.oneof(fc.constant('app/index.html'), fc.constant('//app/index.html'), host, anyRest);
    fc.assert(
      fc.property(scheme, rest, (s, r) => neverApp(`${s}:${r}`)),
      RUNS,
    );
  });

  it('never treats a look-alike of floatdesk://app as the app', () => {
    const lookAlikeHost = fc.oneof(
      fc.constantFrom(
        'app.evil',
        'app.evil.example',
        'evil.app',
        'floatdesk.app.evil',
        'app.',
        'APP',
        'App',
        'ap%70',
        'a%70p',
        '\u0430pp',
        'app\u3002evil',
        'app\uff0eevil',
        'app:80',
        'app:443',
        'evil@app',
        'app@evil',
        'app:x@evil',
        '',
      ),
      label.filter((l) => l !== 'app'),
      host,
    );
    const form = fc.constantFrom(
      'floatdesk://%h/index.html',
      'floatdesk://%h',
      'floatdesk:%h/index.html',
      'floatdesk:/%h/',
      'floatdesk:///%h/',
    );
    fc.assert(
      fc.property(lookAlikeHost, form, (h, f) => neverApp(f.replace('%h', h))),
      RUNS,
    );
  });

  it('never treats the app URL with whitespace, controls, tabs in the scheme or backslashes as the app', () => {
    const page = fc.constantFrom(...APP_PAGES);
    fc.assert(
      fc.property(
        page.chain((p) => insertedInside(p, fc.constantFrom(...STRIPPED, ...CONTROLS, ' ', '\\'))),
        neverApp,
      ),
      RUNS,
    );
    fc.assert(
      fc.property(page, fc.constantFrom(...STRIPPED, ...CONTROLS, ' '), fc.boolean(), (p, c, atEnd) =>
        neverApp(atEnd ? `${p}${c}` : `${c}${p}`),
      ),
      RUNS,
    );
  });

  it('accepts the dev server only at its exact loopback origin', () => {
    const near = fc.constantFrom(
      'http://localhost:5174/',
      'http://localhost/',
      'https://localhost:5173/',
      'http://localhost.evil:5173/',
      'http://localhost:5173.evil.example/',
      'http://evil.example:5173/',
      'http://127.0.0.1:5173@evil.example/',
      'http://user@localhost:5173/',
      'http://localhost%2eevil:5173/',
      'ws://localhost:5173/',
      'http://[::1]:5173/',
      'http://0x7f.0.0.1:5173/',
    );
    fc.assert(fc.property(near, neverApp), runs(200));
    // A dev server that is not loopback is never trusted, even at its own origin.
    expect(isAppUrl('http://devbox.example:5173/', 'http://devbox.example:5173')).toBe(false);
  });
});

describe('permission guard', () => {
  // The one permission FloatDesk may grant: writing sanitised text to the clipboard ("copy diagnostics").
  const GRANTABLE = new Set(['clipboard-sanitized-write']);
  const KNOWN = [
    'clipboard-read',
    'clipboard-sanitized-write',
    'media',
    'display-capture',
    'mediaKeySystem',
    'geolocation',
    'notifications',
    'midi',
    'midiSysex',
    'pointerLock',
    'fullscreen',
    'openExternal',
    'window-management',
    'unknown',
    'fileSystem',
    'hid',
    'serial',
    'usb',
    'speaker-selection',
    'storage-access',
    'top-level-storage-access',
    'idle-detection',
    'keyboardLock',
  ];

  it('grants nothing else, whatever the name looks like', () => {
    const variant = fc.constantFrom(...KNOWN).chain((name) =>
      fc.oneof(
        fc.constant(name),
        mixedCase(name),
        fc.constantFrom(' ', '\t', '\n', '\u0000', '\u200b').map((c) => `${c}${name}`),
        fc.constantFrom(' ', '\t', '\n', '\u0000', '\u200b').map((c) => `${name}${c}`),
        fc.constant(`${name}-all`),
      ),
    );
    fc.assert(
      fc.property(fc.oneof(variant, fc.string(), fc.string({ unit: 'binary' })), (permission) => {
        if (GRANTABLE.has(permission)) return;
        expect(isPermissionGranted(permission), JSON.stringify(permission)).toBe(false);
      }),
      RUNS,
    );
  });
});

describe('asset URL check (core downloads)', () => {
  it('refuses every scheme but https and credentials in the URL', () => {
    const scheme = fc.constantFrom(...DANGEROUS_SCHEMES).chain(mixedCase);
    fc.assert(
      fc.property(scheme, host, path, (s, h, p) => {
        expect(() => checkAssetUrl(`${s}://${h}${p}`, false)).toThrow();
        expect(() => checkAssetUrl(`https://user:pw@${h}${p}`, false)).toThrow();
        expect(() => checkAssetUrl(`https://${h}@evil.example${p}`, false)).toThrow();
      }),
      RUNS,
    );
  });

  it('allows plain http only to loopback and only with the test switch on', () => {
    expect(() => checkAssetUrl('http://127.0.0.1:9/x.png', false)).toThrow();
    expect(checkAssetUrl('http://127.0.0.1:9/x.png', true).hostname).toBe('127.0.0.1');
    fc.assert(
      fc.property(host, (h) => {
        expect(() => checkAssetUrl(`http://${h}/x.png`, true)).toThrow();
      }),
      RUNS,
    );
  });
});

describe('renderer files behind floatdesk://app', () => {
  const ROOT = join(sep, 'opt', 'FloatDesk', 'resources', 'out', 'renderer');

  it('serves files under the renderer folder', () => {
    expect(resolveAppFile(ROOT, `${APP_ORIGIN}/`)).toBe(join(ROOT, 'index.html'));
    expect(resolveAppFile(ROOT, `${APP_ORIGIN}/index.html`)).toBe(join(ROOT, 'index.html'));
    expect(resolveAppFile(ROOT, `${APP_ORIGIN}/assets/index-abc.js?v=1#x`)).toBe(
      join(ROOT, 'assets', 'index-abc.js'),
    );
    expect(resolveAppFile(ROOT, `${APP_ORIGIN}/assets/a%20b.png`)).toBe(join(ROOT, 'assets', 'a b.png'));
  });

  it('never resolves outside it: traversal in any spelling, other hosts, NUL, bad escapes', () => {
    const climb = fc.constantFrom(
      '..',
      '%2e%2e',
      '%2E%2E',
      '.%2e',
      '%2e.',
      '..%2f..',
      '..%5c..',
      '%2e%2e%2f',
      '..\\..',
    );
    const segment = fc.constantFrom('etc', 'passwd', 'assets', 'index.html', '%00', '%2f', '%5c', '');
    const hostile = fc.oneof(
      fc
        .tuple(fc.array(fc.oneof(climb, segment), { minLength: 1, maxLength: 6 }), fc.boolean())
        .map(([parts, lead]) => `${APP_ORIGIN}/${lead ? '../' : ''}${parts.join('/')}`),
      fc.constantFrom(
        `${APP_ORIGIN}/%`,
        `${APP_ORIGIN}/%e0%a4%a`,
        `${APP_ORIGIN}/index.html%00.png`,
        'floatdesk://evil/index.html',
        'floatdesk://app.evil/index.html',
        'floatdesk://x@app/index.html',
        'file:///etc/passwd',
        `${APP_ORIGIN}/..%2f..%2f..%2fetc%2fpasswd`,
        `${APP_ORIGIN}/%2e%2e/%2e%2e/etc/passwd`,
      ),
    );
    fc.assert(
      fc.property(hostile, (url) => {
        const file = resolveAppFile(ROOT, url);
        if (file !== null) expect(file.startsWith(ROOT + sep), `${url} -> ${file}`).toBe(true);
      }),
      RUNS,
    );
    for (const url of [
      `${APP_ORIGIN}/..%2f..%2f..%2fetc%2fpasswd`,
      `${APP_ORIGIN}/%`,
      `${APP_ORIGIN}/index.html%00.png`,
      `${APP_ORIGIN}/a%5c..%5c..%5c..%5cetc`,
      'floatdesk://evil/index.html',
      'floatdesk://x@app/index.html',
    ])
      expect(resolveAppFile(ROOT, url), url).toBeNull();
  });
});
