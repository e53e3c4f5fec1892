import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  SECURE_WEB_PREFERENCES,
  decideWindowOpen,
  isAppUrl,
  isNavigationAllowed,
  isPermissionGranted,
  isTrustedSender,
  isVettedExternalUrl,
  isWebviewAllowed,
} from '../../src/main/shell/security';
import { handleInvoke } from '../../src/main/shell/invoke';
import { workspaceArgument } from '../../src/main/shell/arguments';

describe('web preferences', () => {
  it('turn on every isolation feature and off every dangerous one', () => {
    expect(SECURE_WEB_PREFERENCES).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
    });
    expect(SECURE_WEB_PREFERENCES).not.toHaveProperty('enableBlinkFeatures');
  });
});

describe('navigation guard', () => {
  it('allows only the app origin', () => {
    expect(isNavigationAllowed(`${APP_ORIGIN}/index.html#/balances`)).toBe(true);
    expect(isNavigationAllowed('https://example.com/')).toBe(false);
    expect(isNavigationAllowed('file:///etc/passwd')).toBe(false);
    expect(isNavigationAllowed('floatdesk://evil/index.html')).toBe(false);
    expect(isNavigationAllowed('javascript:alert(1)')).toBe(false);
    expect(isNavigationAllowed('not a url')).toBe(false);
  });

  it('allows the local dev server origin only when one is configured and it is loopback', () => {
    expect(isNavigationAllowed('http://localhost:5173/', 'http://localhost:5173')).toBe(true);
    expect(isNavigationAllowed('http://localhost:5174/', 'http://localhost:5173')).toBe(false);
    expect(isNavigationAllowed('http://localhost:5173/')).toBe(false);
    expect(isAppUrl('http://devbox.example:5173/', 'http://devbox.example:5173')).toBe(false);
  });
});

describe('window.open and external links', () => {
  it('never opens a window; vetted https links go to the system browser', () => {
    expect(decideWindowOpen('https://platform.example/docs')).toEqual({
      action: 'deny',
      openExternally: true,
    });
    expect(decideWindowOpen('http://platform.example/docs')).toEqual({
      action: 'deny',
      openExternally: false,
    });
    expect(decideWindowOpen('file:///C:/Windows/system32/calc.exe')).toEqual({
      action: 'deny',
      openExternally: false,
    });
    expect(decideWindowOpen('smb://share/x')).toEqual({ action: 'deny', openExternally: false });
  });

  it('vets only plain https URLs without credentials', () => {
    expect(isVettedExternalUrl('https://brand.example/terms')).toBe(true);
    expect(isVettedExternalUrl('https://user:pw@brand.example/')).toBe(false);
    expect(isVettedExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isVettedExternalUrl('')).toBe(false);
  });
});

describe('permissions and webviews', () => {
  it('grants no permission and refuses every webview', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'unknown',
    ]) {
      expect(isPermissionGranted(permission)).toBe(false);
    }
    expect(isWebviewAllowed()).toBe(false);
  });
});

describe('IPC sender check and forwarding', () => {
  const core = {
    calls: [] as Array<[string, unknown]>,
    async invoke(channel: string, input: unknown) {
      this.calls.push([channel, input]);
      return { ok: true as const, value: 'forwarded' };
    },
  };

  it('trusts only the app main frame', () => {
    expect(isTrustedSender({ frameUrl: `${APP_ORIGIN}/index.html`, isMainFrame: true })).toBe(true);
    expect(isTrustedSender({ frameUrl: `${APP_ORIGIN}/index.html`, isMainFrame: false })).toBe(false);
    expect(isTrustedSender({ frameUrl: 'https://evil.example/', isMainFrame: true })).toBe(false);
    expect(isTrustedSender({ frameUrl: undefined, isMainFrame: true })).toBe(false);
  });

  it('refuses a foreign frame before anything reaches the core', async () => {
    core.calls = [];
    const envelope = await handleInvoke(
      core,
      { frameUrl: 'https://evil.example/', isMainFrame: true },
      'floats:list',
      {},
    );
    expect(envelope).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(core.calls).toEqual([]);
  });

  it('validates the input, then forwards the call unchanged', async () => {
    core.calls = [];
    const trusted = { frameUrl: `${APP_ORIGIN}/index.html`, isMainFrame: true };
    expect(await handleInvoke(core, trusted, 'floats:list', { currency: 'usd' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await handleInvoke(core, trusted, 'shell:exec', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    });
    expect(core.calls).toEqual([]);
    expect(await handleInvoke(core, trusted, 'floats:list', { currency: 'USD' })).toEqual({
      ok: true,
      value: 'forwarded',
    });
    expect(core.calls).toEqual([['floats:list', { currency: 'USD' }]]);
  });
});

describe('command line', () => {
  it('reads --workspace in both forms', () => {
    expect(workspaceArgument(['electron', '.', '--workspace', '/data/ws'])).toBe('/data/ws');
    expect(workspaceArgument(['electron', '.', '--workspace=/data/ws2'])).toBe('/data/ws2');
    expect(workspaceArgument(['electron', '.'])).toBeUndefined();
  });
});
