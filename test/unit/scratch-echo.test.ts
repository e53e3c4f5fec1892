import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { HandlerRegistry } from '../../src/main/core/registry';
import { registerScratchHandlers } from '../../src/main/core/handlers/scratch';

describe('scratch:echo', () => {
  it('answers through the registry and refuses a wrong input', async () => {
    void Database;
    const registry = new HandlerRegistry();
    registerScratchHandlers(registry);
    expect(await registry.dispatch('scratch:echo', { text: 'hi' })).toEqual({ ok: true, value: { text: 'HI' } });
    expect(await registry.dispatch('scratch:echo', { text: 1 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
