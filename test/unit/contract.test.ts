import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CHANNELS, EVENT_CHANNELS, isChannel } from '../../src/shared/ipc/channels';
import { contract } from '../../src/shared/ipc/contract';
import { events } from '../../src/shared/ipc/events';
import { AppError, toErrorShape } from '../../src/shared/ipc/errors';
import { RENDERER_CSP } from '../../src/shared/security/csp';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { HandlerRegistry } from '../../src/main/core/registry';
import { buildRegistry } from '../../src/main/core/handlers';
import { SyncService } from '../../src/main/core/sync/service';
import { registerWorkspaceHandlers } from '../../src/main/core/handlers/workspaces';
import { SettingsService } from '../../src/main/core/settings/service';
import { ConnectionService } from '../../src/main/core/workspace/connection-service';
import { CredentialStore } from '../../src/main/core/workspace/credentials';

function inMemoryRegistry(): HandlerRegistry {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS);
  db.prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'x', 'demo', 'now')").run();
  const sync = new SyncService({
    db,
    workspaceId: 1,
    workspaceDir: '/tmp/x',
    clock: () => new Date(),
    connect: () => Promise.reject(new Error('no platform in this test')),
    syncs: () => {
      throw new Error('no sync in this test');
    },
    onProgress: () => {},
    onFinished: () => {},
  });
  return buildRegistry({
    db,
    workspaceId: 1,
    sync,
    settings: new SettingsService(db, 1, () => new Date()),
    connection: new ConnectionService(db, sync, new CredentialStore(undefined)),
    appStatus: { appVersion: '0.0.0', shell: 'cli', workspaceDir: '/tmp/x' },
  });
}

describe('the contract', () => {
  it('has a schema pair for every channel and a payload schema for every event, and nothing else', () => {
    expect(Object.keys(contract).sort()).toEqual([...CHANNELS].sort());
    expect(Object.keys(events).sort()).toEqual([...EVENT_CHANNELS].sort());
  });

  it('names channels domain:verb', () => {
    for (const channel of [...CHANNELS, ...EVENT_CHANNELS]) expect(channel).toMatch(/^[a-z]+:[a-z][a-z.-]*$/);
  });

  it('every channel in the contract has exactly one handler: in the core, or in the host above it', () => {
    const core = inMemoryRegistry().registeredChannels();
    // host.ts answers workspaces:* itself (they replace the core); its registry holds only those.
    const hostRegistry = new HandlerRegistry();
    const unused = () => Promise.reject(new Error('not called'));
    registerWorkspaceHandlers(hostRegistry, { list: () => [], create: unused, switchTo: unused });
    const host = hostRegistry.registeredChannels();
    expect(host.filter((channel) => core.includes(channel))).toEqual([]);
    expect([...core, ...host].sort()).toEqual([...CHANNELS].sort());
  });
});

describe('the handler registry', () => {
  it('refuses a channel registered twice', () => {
    const registry = new HandlerRegistry();
    registry.register('app:status', () => ({}) as never);
    expect(() => registry.register('app:status', () => ({}) as never)).toThrow(/already has a handler/);
  });

  it('refuses a channel that is not in the contract', () => {
    expect(() => new HandlerRegistry().register('nope:never' as never, () => ({}) as never)).toThrow(
      /not in the contract/,
    );
    expect(isChannel('nope:never')).toBe(false);
  });

  it('turns an answer that breaks the contract into an internal error instead of passing it on', async () => {
    const registry = new HandlerRegistry();
    registry.register('floats:list', () => ({ floats: [{ currency: 'GBP', name: '' }] }) as never);
    expect(await registry.dispatch('floats:list', {})).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });

  it('wraps a thrown AppError in the envelope with its code, message and details', async () => {
    const registry = new HandlerRegistry();
    registry.register('app:status', () => {
      throw new AppError('ledger_busy', 'busy', { path: 'x' });
    });
    expect(await registry.dispatch('app:status', {})).toEqual({
      ok: false,
      error: { code: 'ledger_busy', message: 'busy', details: { path: 'x' } },
    });
  });

  it('hides the text of unexpected errors behind a plain message, keeping the cause for the log', () => {
    const shape = toErrorShape(new TypeError('x is undefined'));
    expect(shape.code).toBe('internal');
    expect(shape.message).not.toContain('undefined');
    expect(shape.details).toEqual({ cause: 'x is undefined' });
  });
});

describe('the renderer CSP', () => {
  it('in index.html is exactly the policy the shells send', () => {
    const html = readFileSync(join(import.meta.dirname, '../../src/renderer/index.html'), 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)?.[1];
    const withoutFrameAncestors = RENDERER_CSP.split('; ').filter((d) => !d.startsWith('frame-ancestors'));
    // frame-ancestors is ignored in a meta tag, so only the header carries it.
    expect(meta?.split(/;\s*/).filter(Boolean)).toEqual(withoutFrameAncestors);
    expect(RENDERER_CSP).not.toMatch(/unsafe|https?:|\*/);
  });
});

describe('recon:undo always has a reason', () => {
  const undo = (input: unknown) => contract['recon:undo'].input.safeParse(input);
  it('refuses a missing or blank reason, naming the field', () => {
    for (const input of [
      { decisionId: 1 },
      { decisionId: 1, reason: '' },
      { decisionId: 1, reason: ' \t ' },
    ]) {
      const parsed = undo(input);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['reason']);
      expect(parsed.error?.issues[0]?.message).toMatch(/write why the decision is undone/);
    }
  });
  it('keeps a reason trimmed', () => {
    expect(undo({ decisionId: 1, reason: '  Wrong float ' })).toMatchObject({
      success: true,
      data: { decisionId: 1, reason: 'Wrong float' },
    });
  });
});
