import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RENDERER_CSP } from '../../src/shared/security/csp';
import {
  answerTemplatePreview,
  derivePreviewToken,
  parseTemplatePreviewPath,
  TEMPLATE_PREVIEW_CSP,
  TEMPLATE_PREVIEW_DOCUMENT_CSP,
  templatePreviewPath,
  templatePreviewReply,
  type PreviewCore,
} from '../../src/shared/security/template-preview';

const core = (answer: Awaited<ReturnType<PreviewCore['invoke']>>) => {
  const calls: Array<[string, unknown]> = [];
  return {
    calls,
    invoke(channel: string, input: unknown) {
      calls.push([channel, input]);
      return Promise.resolve(answer);
    },
  };
};

describe('template preview paths', () => {
  it.each([
    [{ brand: 'amber-tailors', name: 'standard' }],
    [{ brand: 'a/b', name: '../../etc/passwd' }],
    [{ brand: 'café', name: 'x y?#z' }],
  ])('round-trip %j through one encoded path segment each', (ref) => {
    const path = templatePreviewPath(ref);
    expect(path.split('/')).toHaveLength(5);
    expect(parseTemplatePreviewPath(new URL(path, 'http://127.0.0.1').pathname)).toEqual(ref);
  });

  it.each([
    '/preview/template/',
    '/preview/template/brand',
    '/preview/template/brand/',
    '/preview/template//name',
    '/preview/template/a/b/c',
    '/preview/template/%E0%A4%A/name',
    '/preview/template/a%00b/name',
    `/preview/template/${'x'.repeat(201)}/name`,
    '/preview/templates/a/b',
    '/index.html',
  ])('refuses %j', (path) => {
    expect(parseTemplatePreviewPath(path)).toBeNull();
  });
});

describe('template preview replies', () => {
  it('serves the core’s HTML with the preview’s own CSP, nosniff and no-store', async () => {
    const fake = core({ ok: true, value: { html: '<!DOCTYPE html><p>Hi</p>', version: '3' } });
    const reply = await answerTemplatePreview(fake, 'GET', '/preview/template/acme/standard');
    expect(fake.calls).toEqual([['catalogue:template.preview', { brand: 'acme', name: 'standard' }]]);
    expect(reply).toEqual({
      status: 200,
      headers: expect.objectContaining({
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': TEMPLATE_PREVIEW_CSP,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      }),
      body: '<!DOCTYPE html><p>Hi</p>',
    });
    expect(TEMPLATE_PREVIEW_CSP).toBe(
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; sandbox",
    );
  });

  it('sends base-uri and form-action none in the header, the same policy as the document’s meta tag', () => {
    const directives = TEMPLATE_PREVIEW_CSP.split('; ');
    expect(directives).toContain("base-uri 'none'");
    expect(directives).toContain("form-action 'none'");
    expect(TEMPLATE_PREVIEW_CSP).toBe(`${TEMPLATE_PREVIEW_DOCUMENT_CSP}; sandbox`);
  });

  it('keeps the app’s own policy strict: frames from itself only, no inline styles', () => {
    expect(RENDERER_CSP).toContain("frame-src 'self'");
    expect(RENDERER_CSP).toContain("style-src 'self'");
    expect(RENDERER_CSP).not.toContain('unsafe');
  });

  it.each([
    ['not_found', 404],
    ['invalid_input', 400],
    ['internal', 500],
  ] as const)('answers a core %s as plain text %d', (code, status) => {
    const reply = templatePreviewReply({ ok: false, error: { code, message: 'No template "x".' } });
    expect(reply.status).toBe(status);
    expect(reply.headers['Content-Type']).toBe('text/plain; charset=utf-8');
    expect(reply.body).toContain('No template "x".');
  });

  it('asks the core nothing for another method, a bad path, or before the core is up', async () => {
    const fake = core({ ok: true, value: { html: '', version: '1' } });
    expect((await answerTemplatePreview(fake, 'POST', '/preview/template/a/b')).status).toBe(405);
    expect((await answerTemplatePreview(fake, 'GET', '/preview/template/a/b/c')).status).toBe(404);
    expect((await answerTemplatePreview(undefined, 'GET', '/preview/template/a/b')).status).toBe(503);
    expect(fake.calls).toEqual([]);
  });

  it('answers 500 when the core’s answer has no HTML or the call throws', async () => {
    expect(templatePreviewReply({ ok: true, value: { version: '1' } }).status).toBe(500);
    const broken = { invoke: () => Promise.reject(new Error('gone')) };
    expect((await answerTemplatePreview(broken, 'GET', '/preview/template/a/b')).status).toBe(500);
  });
});

describe('the browser shell’s preview-only token', () => {
  const session = 'k3Y_session-TOKEN_0123456789abcdefghijklmnopq';

  it('is HMAC-SHA-256 of a fixed label keyed with the session token, in hex', async () => {
    const expected = createHmac('sha256', session)
      .update('FloatDesk template preview token v1')
      .digest('hex');
    expect(await derivePreviewToken(session)).toBe(expected);
  });

  it('is the same for the same session, different for another, and never holds the session token', async () => {
    const token = await derivePreviewToken(session);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(await derivePreviewToken(session)).toBe(token);
    expect(await derivePreviewToken(`${session}x`)).not.toBe(token);
    expect(token).not.toContain(session);
    expect(token).not.toBe(session);
  });
});
