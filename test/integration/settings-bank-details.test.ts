import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoWorkspaceDir } from '../../src/main/core/paths';
import { createCore, type Core } from '../../src/main/core/services';
import type { Envelope } from '../../src/shared/ipc/errors';
import { makeTempDir } from '../helpers/temp-dir';

/** Settings → Paying the platform through the core, kept in the workspace's real ledger file. */
let temp: ReturnType<typeof makeTempDir>;
let core: Core | undefined;
const NOW = new Date('2026-11-27T10:00:00.000Z');

const open = (home: string): Core =>
  createCore(
    {
      workspaceDir: demoWorkspaceDir(home),
      workspaceName: 'Demo workspace',
      workspaceKind: 'demo',
      shell: 'browser',
      appVersion: 'test',
      changePollMs: 0,
    },
    () => NOW,
  );

beforeEach(() => (temp = makeTempDir('floatdesk-bank-details-')));
afterEach(async () => {
  await core?.close();
  core = undefined;
  temp.cleanup();
});

describe('settings:bank-details', () => {
  it('answers null until saved, keeps them trimmed across a restart, and refuses what is too long', async () => {
    const home = join(temp.dir, 'home');
    core = open(home);
    expect(await core.dispatch('settings:bank-details.get', {})).toEqual({
      ok: true,
      value: { details: null },
    });
    const details = {
      payeeName: '  Gift Platform Ltd ',
      account: 'GB29 NWBK 6016 1331 9268 19',
      bankCode: 'NWBKGB2L',
      bankName: 'NatWest',
      note: '',
    };
    const saved = await core.dispatch('settings:bank-details.set', details);
    expect(saved).toEqual({
      ok: true,
      value: { details: { ...details, payeeName: 'Gift Platform Ltd', updatedAt: NOW.toISOString() } },
    });
    await core.close();
    core = open(home);
    expect(await core.dispatch('settings:bank-details.get', {})).toEqual(saved);

    const tooLong = (await core.dispatch('settings:bank-details.set', {
      ...details,
      account: 'X'.repeat(65),
    })) as Envelope<unknown>;
    expect(tooLong).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await core.dispatch('settings:bank-details.get', {})).toEqual(saved);
  });
});
