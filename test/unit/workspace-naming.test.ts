import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBaseUrl } from '../../src/main/core/workspace/base-url';
import { freeWorkspaceFolder, workspaceSlug } from '../../src/main/core/workspace/slug';

describe('workspace folder names', () => {
  it('turns a name into a safe slug', () => {
    expect(workspaceSlug('Acme Ltd')).toBe('acme-ltd');
    expect(workspaceSlug('  Acme Ltd — EUR float  ')).toBe('acme-ltd-eur-float');
    expect(workspaceSlug('Zürich Café')).toBe('zurich-cafe');
    expect(workspaceSlug('../../etc/passwd')).toBe('etc-passwd');
    expect(workspaceSlug('日本')).toBe('workspace');
    expect(workspaceSlug('---')).toBe('workspace');
    expect(workspaceSlug('x'.repeat(200))).toHaveLength(60);
  });

  it('always answers a plain folder name, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (name) => {
        const slug = workspaceSlug(name);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(60);
      }),
    );
  });

  it('picks a folder that does not exist yet and never the demo folder', () => {
    const taken = new Set([join('/h', 'acme'), join('/h', 'acme-2')]);
    const exists = (path: string) => taken.has(path);
    expect(freeWorkspaceFolder('/h', 'Acme', exists)).toBe(join('/h', 'acme-3'));
    expect(freeWorkspaceFolder('/h', 'Books', exists)).toBe(join('/h', 'books'));
    expect(freeWorkspaceFolder('/h', 'Demo', () => false)).toBe(join('/h', 'demo-2'));
  });
});

describe('platform base URL check', () => {
  it('accepts https anywhere and plain http only on this computer, without a trailing slash', () => {
    expect(checkBaseUrl('https://sandbox.example/api/v2/')).toEqual({
      ok: true,
      url: 'https://sandbox.example/api/v2',
    });
    expect(checkBaseUrl(' http://127.0.0.1:4100/api/v2 ')).toEqual({
      ok: true,
      url: 'http://127.0.0.1:4100/api/v2',
    });
    expect(checkBaseUrl('http://localhost:4100/api/v2').ok).toBe(true);
    expect(checkBaseUrl('http://[::1]:4100/api/v2').ok).toBe(true);
  });

  it('refuses plain http to another host, other schemes, credentials, queries and non-URLs', () => {
    for (const bad of [
      'http://platform.example/api/v2',
      'http://127.0.0.1.evil.example/api',
      'ftp://platform.example/api/v2',
      'https://user:pass@platform.example/api/v2',
      'https://platform.example/api/v2?x=1',
      'https://platform.example/api/v2#top',
      'platform.example/api/v2',
      '',
    ]) {
      const checked = checkBaseUrl(bad);
      expect(checked.ok, bad).toBe(false);
    }
    expect(checkBaseUrl('http://platform.example')).toEqual({
      ok: false,
      problem: 'must use https (plain http only for a simulator on this computer)',
    });
  });
});
