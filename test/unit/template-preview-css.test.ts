import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { previewTemplateHtml, sanitiseCss } from '../../src/main/core/catalogue/template-preview';

// A template's CSS reaches the preview document two ways: a stylesheet from its ZIP, inlined into
// the one <style> element, and style attributes. Neither may ever put a `<` of the template into
// the document (it could close <style> and open any tag after sanitize-html has run).

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
const HOSTILE_TAIL =
  '<script>alert(1)</script><img src=x onerror=alert(2)><base href="https://evil.example/">';

const withSheet = (css: string): string =>
  previewTemplateHtml(
    '<link rel="stylesheet" href="assets/style.css"><p>x</p>',
    new Map([
      ['assets/style.css', Buffer.from(css, 'utf8')],
      ['assets/logo.png', PNG],
    ]),
  );

const attribute = (css: string): string => css.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
const withStyleAttribute = (css: string): string =>
  previewTemplateHtml(`<p style="${attribute(css)}">x</p>`, new Map([['assets/logo.png', PNG]]));

/**
 * What an HTML parser sees in a preview document: its <style> element is raw text that ends at the
 * first `</style` followed by a space, `/` or `>` (any case), and every other `<` followed by a
 * letter, `/` or `!` starts a tag. Conservative on purpose: a `<` anywhere else (even one a parser
 * would take as text) shows up as a tag the test does not expect.
 */
function parsePreview(html: string): { tags: string[]; styleText: string | null } {
  const open = html.indexOf('<style>');
  let styleText: string | null = null;
  let rest = html;
  if (open !== -1) {
    const from = open + '<style>'.length;
    const close = /<\/style[\t\n\f\r />]/i.exec(html.slice(from));
    const end = close === null ? html.length : from + close.index;
    styleText = html.slice(from, end);
    rest = `${html.slice(0, from)}${html.slice(end)}`;
  }
  const tags = [...rest.matchAll(/<(!|\/?)([A-Za-z]*)/g)].map(([, mark, name]) =>
    `${mark ?? ''}${name ?? ''}`.toLowerCase(),
  );
  return { tags, styleText };
}

const HEAD = ['!doctype', 'html', 'head', 'meta', 'meta'];
const SHEET_TAGS = [...HEAD, 'style', '/style', '/head', 'body', 'p', '/p', '/body', '/html'];
const ATTRIBUTE_TAGS = [...HEAD, '/head', 'body', 'p', '/p', '/body', '/html'];

function expectSafeSheet(css: string): void {
  const html = withSheet(css);
  const { tags, styleText } = parsePreview(html);
  expect(tags).toEqual(SHEET_TAGS);
  expect(styleText).not.toBeNull();
  expect(styleText).not.toContain('<');
  expect(html).not.toMatch(/@import|expression\s*\(|url\((?!"data:image\/png;base64,)/i);
}

function expectSafeAttribute(css: string): void {
  const html = withStyleAttribute(css);
  expect(parsePreview(html).tags).toEqual(ATTRIBUTE_TAGS);
  expect(html).not.toMatch(/@import|expression\s*\(|url\((?!&quot;data:image\/png;base64,)/i);
}

const BYPASSES = [
  '</style>',
  '<\\/style>',
  '</sty</stylele>',
  '<</style>/style>',
  '<</style>/sty</stylele>',
  '\\3c /style>',
  '\\3c/style>',
  '\\00003c /style>',
  '\\</style>',
  '</STYLE>',
  '</StYlE >',
  '</style/>',
  '</style\n>',
  '</style\t>',
  '</st/**/yle>',
  '</st\\yle>',
  '<!--</style>-->',
  '<<<</style>>>>',
  '</style',
  '/*</style>*/',
  '"</style>"',
  "content: '</style>'",
  'url(</style>)',
  'url("</style>")',
  '@import "</style>";',
];

describe('template CSS never reaches the document with a `<` of its own', () => {
  it.each(BYPASSES)('a stylesheet holding %j cannot close <style>', (bypass) => {
    expectSafeSheet(`p { color: red; } ${bypass}${HOSTILE_TAIL} b { color: blue; }`);
    expectSafeSheet(`${bypass}${HOSTILE_TAIL}`);
  });

  it.each(BYPASSES)('a style attribute holding %j cannot open a tag', (bypass) => {
    expectSafeAttribute(`color: red; ${bypass}${HOSTILE_TAIL}`);
  });

  it('escapes every `<` as the CSS escape \\3c as the very last step (nothing strips it again)', () => {
    expect(sanitiseCss('<\\/style>', new Map())).toBe('\\3c /style>');
    expect(sanitiseCss('</sty</stylele>', new Map())).toBe('\\3c /sty\\3c /stylele>');
    expect(sanitiseCss('a::after { content: "<b>" }', new Map())).toBe('a::after { content: "\\3c b>" }');
  });

  it('keeps what CSS needs and means nothing in HTML: `>` combinators and `&` nesting', () => {
    expect(sanitiseCss('ul > li { color: red } .a { & .b { color: blue } }', new Map())).toBe(
      'ul > li { color: red } .a { & .b { color: blue } }',
    );
  });

  it('drops <style> elements written in the template’s HTML, with their text, in every spelling', () => {
    const html = previewTemplateHtml(
      '<style>p{}</style><STYLE>a{}</STYLE><svg><style>b{}</style></svg><style/x>c{}</style><noscript><style>d{}</style></noscript><p>ok</p>',
      new Map(),
    );
    expect(html).not.toMatch(/<style|p\{\}|a\{\}|b\{\}|c\{\}|d\{\}/i);
    expect(html).toContain('<body><p>ok</p></body>');
  });
});

describe('template CSS filtering cannot be rebuilt by its own removals', () => {
  const files = new Map([['assets/logo.png', PNG]]);
  const css = (text: string): string => sanitiseCss(text, files);

  it.each([
    ['ur\\l(https://evil.example/a.png)', 'none'],
    ['u\\72 l(https://evil.example/a.png)', 'u72 l(https://evil.example/a.png)'],
    ['ur/**/l(https://evil.example/a.png)', 'ur l(https://evil.example/a.png)'],
    ['@imp\\ort "https://evil.example/a.css";', ''],
    ['@im/**/port "https://evil.example/a.css";', '@im port "https://evil.example/a.css";'],
    ['@\\69mport "https://evil.example/a.css";', '@69mport "https://evil.example/a.css";'],
    ['@im@importport "x.css";', '@im'],
    ['@importcolor: red', ''],
    ['x: expexpression(ression(1)', 'x: 1)'],
    ['x: expr\\ession(1)', 'x: 1)'],
    ['x: e/**/xpression(1)', 'x: e xpression(1)'],
    ['-moz-bin\\ding: x', ': x'],
    [
      'background: image-set("https://evil.example/a.png" 1x)',
      'background: "https://evil.example/a.png" 1x)',
    ],
    ['background: -webkit-image-set(url(https://evil.example/a.png) 1x)', 'background: none 1x)'],
    ['background: url(\nhttps://evil.example/a.png\n)', 'background: none'],
    ['background: url("https://evil.example/a).png")', 'background: none.png")'],
    ['background: url(https://evil.example/a.png', 'background: none'],
    ['a { color: red } /* never closed', 'a { color: red }  '],
  ])('%j → %j', (input, output) => {
    expect(css(input)).toBe(output);
  });

  it('inlines a local image however its url() is quoted or spaced', () => {
    const uri = `url("data:image/png;base64,${PNG.toString('base64')}")`;
    for (const written of [
      'url(assets/logo.png)',
      'url( "assets/logo.png" )',
      "url('./assets/logo.png')",
      'URL(assets/logo.png)',
    ])
      expect(css(`a { background: ${written} }`)).toBe(`a { background: ${uri} }`);
  });

  it('refuses a sheet built to keep rebuilding forbidden words, instead of looping without end', () => {
    const nested = (depth: number): string =>
      depth === 0 ? 'expression(' : `exp${nested(depth - 1)}ression(`;
    expect(css(`a { x: ${nested(3)} }`)).toBe('a { x:  }');
    expect(css(`a { x: ${nested(20)} }`)).toBe('');
  });

  it('leaves out a stylesheet over 256 KiB (a template sheet is a few kilobytes)', () => {
    const padded = (bytes: number): string => `p { color: red; }${' '.repeat(bytes - 17)}`;
    expect(withSheet(padded(256 * 1024 + 1))).not.toMatch(/<style|color: red/);
    expect(withSheet(padded(256 * 1024))).toContain('<style>p { color: red; }');
  });
});

const FRAGMENTS = [
  '<', '/', '>', 'style', 'STYLE', 'StYlE', 'sty', 'le', '\\', '\\3c ', '3c', '\\00003c', ' ', '\n', '\t',
  '/*', '*/', '"', "'", '(', ')', 'url(', 'URL(', 'assets/logo.png', 'https://evil.example/x.png',
  '@import', '@im', 'port', 'expression(', 'exp', 'ression', 'image-set(', '<!--', '-->', 'script',
  '<script>', '</style>', '<img src=x onerror=alert(1)>', '{', '}', ':', ';', '&', 'p', 'color: red',
]; // prettier-ignore
const hostileCss = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(''));

describe('generated hostile CSS', () => {
  it('never puts a `<` into a stylesheet or a tag into the document', () => {
    fc.assert(fc.property(hostileCss, (css) => expectSafeSheet(css)));
  });

  it('never opens a tag from a style attribute', () => {
    fc.assert(fc.property(hostileCss, (css) => expectSafeAttribute(css)));
  });

  it('leaves no backslash but its own `\\3c ` escapes, and no remote url()', () => {
    fc.assert(
      fc.property(hostileCss, (css) => {
        const out = sanitiseCss(css, new Map([['assets/logo.png', PNG]]));
        expect(out).not.toContain('<');
        expect(out.replaceAll('\\3c ', '')).not.toContain('\\');
        expect(out).not.toMatch(/@import|expression\s*\(|image-set\s*\(|url\((?!"data:image\/png;base64,)/i);
      }),
    );
  });
});
