import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, startServing, type RunningShell } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';
import { finishedExports } from '../helpers/shell-events';
import { derivePreviewToken, TEMPLATE_PREVIEW_CSP } from '../../src/shared/security/template-preview';

// Template previews as their own documents: GET /preview/template/<brand>/<name>?token=<preview
// token> on the real browser shell, here with the demo workspace (the built-in simulator; its first
// sync brings templates), so there is a real local copy to preview. The preview token opens that
// route and nothing else; the session token never goes into a preview's address.
let home: ReturnType<typeof makeTempDir>;
let shell: RunningShell;
let previewToken: string;
let template: { brand: string; name: string };

async function rpc(channel: string, body: unknown): Promise<{ ok: boolean; value?: unknown }> {
  const response = await fetch(`${shell.origin}/rpc/${channel}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${shell.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { ok: boolean; value?: unknown };
}

type TemplateRow = { brand: string; name: string; localVersion: string | null };

beforeAll(async () => {
  assertBuilt();
  home = makeTempDir('floatdesk-preview-home-');
  shell = await startServing(['--port', '0'], { env: { FLOATDESK_HOME: home.dir } });
  previewToken = await derivePreviewToken(shell.token);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answer = await rpc('catalogue:templates', {});
    const rows = answer.ok ? (answer.value as { templates: TemplateRow[] }).templates : [];
    const local = rows.find((row) => row.localVersion !== null);
    if (local) {
      template = { brand: local.brand, name: local.name };
      break;
    }
    if (Date.now() > deadline) throw new Error(`no template was synced:\n${shell.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 120_000);

afterAll(async () => {
  await shell?.stop();
  home?.cleanup();
});

const path = (ref: { brand: string; name: string }) =>
  `/preview/template/${encodeURIComponent(ref.brand)}/${encodeURIComponent(ref.name)}`;

function get(pathAndQuery: string, host?: string): Promise<{ status: number; body: string }> {
  const port = Number(new URL(shell.origin).port);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: pathAndQuery, headers: host ? { Host: host } : {} },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('template preview documents', () => {
  it('answers the sanitised HTML with its own CSP, nosniff and no-store', async () => {
    const response = await fetch(`${shell.origin}${path(template)}?token=${previewToken}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(TEMPLATE_PREVIEW_CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script|<link|src="assets\//i);
  });

  it('refuses a request without the token or with a wrong one', async () => {
    const missing = await fetch(`${shell.origin}${path(template)}`);
    expect(missing.status).toBe(401);
    expect(await missing.text()).not.toContain('<style>');
    const wrong = await fetch(`${shell.origin}${path(template)}?token=not-the-token`);
    expect(wrong.status).toBe(401);
    const padded = await fetch(`${shell.origin}${path(template)}?token=${previewToken}x`);
    expect(padded.status).toBe(401);
  });

  it('refuses the session token: in the address, or as a header', async () => {
    const inAddress = await fetch(`${shell.origin}${path(template)}?token=${shell.token}`);
    expect(inAddress.status).toBe(401);
    expect(await inAddress.text()).not.toContain('<style>');
    const asHeader = await fetch(`${shell.origin}${path(template)}`, {
      headers: { Authorization: `Bearer ${shell.token}` },
    });
    expect(asHeader.status).toBe(401);
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin even with the token', async () => {
    const port = Number(new URL(shell.origin).port);
    const foreign = await get(`${path(template)}?token=${previewToken}`, `attacker.example:${port}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body).not.toContain('<style>');
    const origin = await fetch(`${shell.origin}${path(template)}?token=${previewToken}`, {
      headers: { Origin: 'https://evil.example' },
    });
    expect(origin.status).toBe(403);
  });

  it('answers an unknown template or a malformed path with plain-text 404, and only GET', async () => {
    const unknown = await fetch(
      `${shell.origin}${path({ brand: template.brand, name: 'no-such-template' })}?token=${previewToken}`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await unknown.text()).toMatch(/No template "no-such-template"/);
    const extra = await fetch(`${shell.origin}${path(template)}/more?token=${previewToken}`);
    expect(extra.status).toBe(404);
    const post = await fetch(`${shell.origin}${path(template)}?token=${previewToken}`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('never prints the token it was given in the address, nor the preview token', () => {
    const printed = shell.output().split(shell.url).join('');
    expect(printed).not.toContain(shell.token);
    expect(shell.output()).not.toContain(previewToken);
  });
});

describe('the preview token opens previews and nothing else', () => {
  const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

  it('is refused with 403 on /rpc, as a header or in the query, and the call is not made', async () => {
    const before = await rpc('settings:get', {});
    expect(before.ok).toBe(true);
    const theme = (before.value as { theme: string }).theme;
    const other = theme === 'dark' ? 'light' : 'dark';
    for (const [headers, query] of [
      [bearer(previewToken), ''],
      [{}, `?token=${previewToken}`],
      [bearer(shell.token), `?token=${previewToken}`],
    ] as const) {
      const response = await fetch(`${shell.origin}/rpc/settings:update${query}`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ theme: other }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    const after = await rpc('settings:get', {});
    expect((after.value as { theme: string }).theme).toBe(theme);
  });

  it('is refused with 403 on /events: no stream is opened', async () => {
    const response = await fetch(`${shell.origin}/events`, { headers: bearer(previewToken) });
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const inQuery = await fetch(`${shell.origin}/events?token=${previewToken}`);
    expect(inQuery.status).toBe(403);
    expect(inQuery.headers.get('content-type')).not.toContain('text/event-stream');
  });

  it('is refused with 403 on /export/<id>, and the export is still there for the session', async () => {
    const events = await finishedExports(shell.origin, shell.token);
    try {
      const started = await rpc('export:start', { request: { table: 'balances' }, format: 'csv' });
      expect(started.ok).toBe(true);
      const { exportId } = started.value as { exportId: string };
      expect(await events.next(exportId)).toMatchObject({ outcome: 'done' });
      const refused = await fetch(`${shell.origin}/export/${exportId}`, { headers: bearer(previewToken) });
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain('Currency');
      const inQuery = await fetch(`${shell.origin}/export/${exportId}?token=${previewToken}`);
      expect(inQuery.status).toBe(403);
      // Handed out once: had the preview token fetched it, this would be 404 "already downloaded".
      const download = await fetch(`${shell.origin}/export/${exportId}`, { headers: bearer(shell.token) });
      expect(download.status).toBe(200);
      expect(await download.text()).toContain('Currency');
    } finally {
      events.stop();
    }
  });
});
