import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, startServing, type RunningShell } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';
import { TEMPLATE_PREVIEW_CSP } from '../../src/shared/security/template-preview';

// Template previews as their own documents: GET /preview/template/<brand>/<name>?token=… on the
// real browser shell, here with the demo workspace (the built-in simulator; its first sync brings
// templates), so there is a real local copy to preview.
let home: ReturnType<typeof makeTempDir>;
let shell: RunningShell;
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
    const response = await fetch(`${shell.origin}${path(template)}?token=${shell.token}`);
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
    const padded = await fetch(`${shell.origin}${path(template)}?token=${shell.token}x`);
    expect(padded.status).toBe(401);
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin even with the token', async () => {
    const port = Number(new URL(shell.origin).port);
    const foreign = await get(`${path(template)}?token=${shell.token}`, `attacker.example:${port}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body).not.toContain('<style>');
    const origin = await fetch(`${shell.origin}${path(template)}?token=${shell.token}`, {
      headers: { Origin: 'https://evil.example' },
    });
    expect(origin.status).toBe(403);
  });

  it('answers an unknown template or a malformed path with plain-text 404, and only GET', async () => {
    const unknown = await fetch(
      `${shell.origin}${path({ brand: template.brand, name: 'no-such-template' })}?token=${shell.token}`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await unknown.text()).toMatch(/No template "no-such-template"/);
    const extra = await fetch(`${shell.origin}${path(template)}/more?token=${shell.token}`);
    expect(extra.status).toBe(404);
    const post = await fetch(`${shell.origin}${path(template)}?token=${shell.token}`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('never prints the token it was given in the address', () => {
    const printed = shell.output().split(shell.url).join('');
    expect(printed).not.toContain(shell.token);
  });
});
