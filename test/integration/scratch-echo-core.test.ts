import { describe, expect, it } from 'vitest';
import { createCore } from '../../src/main/core/services';
import { makeTempDir } from '../helpers/temp-dir';

describe('scratch:echo through the core', () => {
  it('answers', async () => {
    const temp = makeTempDir();
    const core = createCore({ workspaceDir: temp.dir, workspaceName: 'T', workspaceKind: 'demo', shell: 'cli', appVersion: '1', changePollMs: 0 });
    expect(await core.dispatch('scratch:echo', { text: 'ok' })).toEqual({ ok: true, value: { text: 'OK' } });
    await core.close();
    temp.cleanup();
  });
});
