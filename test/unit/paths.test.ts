import { describe, expect, it } from 'vitest';
import { chooseWorkspace, resolveDataHome } from '../../src/main/core/paths';

const linux = { platform: 'linux' as const, home: '/home/ann', env: {} };

describe('data home (the same folder Electron calls userData)', () => {
  it('follows XDG on Linux, with ~/.config as the fallback', () => {
    expect(resolveDataHome(linux)).toBe('/home/ann/.config/FloatDesk');
    expect(resolveDataHome({ ...linux, env: { XDG_CONFIG_HOME: '/xdg' } })).toBe('/xdg/FloatDesk');
    expect(resolveDataHome({ ...linux, env: { XDG_CONFIG_HOME: '' } })).toBe('/home/ann/.config/FloatDesk');
  });

  it('uses Application Support on macOS and APPDATA on Windows', () => {
    expect(resolveDataHome({ platform: 'darwin', home: '/Users/ann', env: {} })).toBe(
      '/Users/ann/Library/Application Support/FloatDesk',
    );
    expect(
      resolveDataHome({
        platform: 'win32',
        home: 'C:\\Users\\ann',
        env: { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' },
      }),
    ).toMatch(/AppData.Roaming.FloatDesk$/);
  });

  it('is overridden by FLOATDESK_HOME', () => {
    expect(resolveDataHome({ ...linux, env: { FLOATDESK_HOME: '/srv/fd', XDG_CONFIG_HOME: '/xdg' } })).toBe(
      '/srv/fd',
    );
  });
});

describe('workspace choice', () => {
  it('defaults to the demo workspace under the data home', () => {
    expect(chooseWorkspace(undefined, linux)).toEqual({
      workspaceDir: '/home/ann/.config/FloatDesk/workspaces/demo',
      workspaceName: 'Demo workspace',
      workspaceKind: 'demo',
    });
  });

  it('uses --workspace as given, named after its folder', () => {
    expect(chooseWorkspace('/data/acme-ltd', linux)).toEqual({
      workspaceDir: '/data/acme-ltd',
      workspaceName: 'acme-ltd',
      workspaceKind: 'platform',
    });
  });
});
