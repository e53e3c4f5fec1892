import { describe, expect, it } from 'vitest';
import { previewTemplateHtml, sanitiseCss } from '../../src/main/core/catalogue/template-preview';
import { TEMPLATE_PREVIEW_CSP } from '../../src/shared/security/template-preview';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
const files = new Map<string, Buffer>([
  ['index.html', Buffer.from('')],
  ['assets/logo.png', PNG],
  [
    'assets/style.css',
    Buffer.from(
      'body { background: url(assets/logo.png); } .x { background: url("https://evil.example/t.png") }',
    ),
  ],
]);
const preview = (html: string): string => previewTemplateHtml(html, files);
const body = (html: string): string => preview(html).replace(/^.*<body>|<\/body>.*$/gs, '');

describe('template preview sanitiser', () => {
  it('removes scripts in every form', () => {
    const out = body(
      '<p>Hi</p><script>alert(1)</script><SCRIPT src="x.js"></SCRIPT><svg><script>alert(2)</script></svg><iframe src="https://e.example"></iframe><object data="x"></object>',
    );
    expect(out).toBe('<p>Hi</p>');
  });

  it('removes every on* handler and javascript: URL', () => {
    const out = body(
      '<img src="assets/logo.png" onerror="alert(1)" onload=alert(2)><a href="javascript:alert(3)" onclick="x()">go</a><p onmouseover="y()">t</p>',
    );
    expect(out).not.toMatch(/on\w+=|javascript:/i);
    expect(out).toContain('<a>go</a>');
  });

  it('drops remote src and href, inlines local images as data: URIs', () => {
    const out = body(
      '<img src="https://evil.example/track.png"><img src="//evil.example/x.png"><img src="assets/logo.png"><a href="https://evil.example">x</a><a href="#top">top</a>',
    );
    expect(out).not.toContain('evil.example');
    expect(out).toContain(`<img src="data:image/png;base64,${PNG.toString('base64')}" />`);
    expect(out).toContain('<a href="#top">top</a>');
  });

  it('inlines the local stylesheet with remote CSS url() removed, and drops @import and remote links', () => {
    const out = preview(
      '<link rel="stylesheet" href="assets/style.css"><link rel="stylesheet" href="https://evil.example/a.css"><p style="background:url(https://evil.example/x.png)">x</p>',
    );
    expect(out).not.toContain('evil.example');
    expect(out).toContain('<style>body { background: url("data:image/png;base64,');
    expect(out).toContain('background:none');
    expect(
      sanitiseCss(
        '@import url(https://e.example/a.css); a { b: expression(alert(1)) }</style><script>',
        files,
      ),
    ).not.toMatch(/@import|e\.example|expression\(|<\/style/i);
  });

  it('forbids every fetch but data: images in the document itself, and drops meta refresh, forms and base', () => {
    const out = preview(
      '<meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/"><form action="https://evil.example"><input></form><p>ok</p>',
    );
    expect(out).toContain(
      `content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"`,
    );
    // The same policy as the header the shells send, less `sandbox` (which only works as a header).
    expect(out).toContain(`content="${TEMPLATE_PREVIEW_CSP.replace(/; sandbox$/, '')}"`);
    expect(body(out)).toBe('<p>ok</p>');
  });

  it('keeps the placeholders and text of a real template', () => {
    expect(
      body('<main class="card"><h1>Acme</h1><p class="code">Card code: <strong>{{code}}</strong></p></main>'),
    ).toBe('<main class="card"><h1>Acme</h1><p class="code">Card code: <strong>{{code}}</strong></p></main>');
  });
});
