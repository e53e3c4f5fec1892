// Damage the quick check at open misses (index pages) is caught before it spreads: in the background
// after the interactive shells open a ledger (then nothing more is written and the person is told),
// and before the first write after FloatDesk stopped without closing the ledger.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restoreWorkspace } from '../../src/main/core/ledger/restore';
import { backupWorkspace } from '../../src/main/core/ledger/backup';
import { LEDGER_STATE_FOLDER } from '../../src/main/core/ledger/workspace-state';
import { READING_CHANNELS } from '../../src/main/core/ledger/write-guard';
import { createCore, type Core } from '../../src/main/core/services';
import type { AppNotification } from '../../src/shared/ipc/contract-notifications';
import { CHANNELS } from '../../src/shared/ipc/channels';
import { thrownAppError } from '../helpers/app-error';
import { assertBuilt, REPO_ROOT } from '../helpers/cli';
import { coreConfig, seedLedger } from '../helpers/ledger-safety-fixture';
import { ledgerDigest } from '../helpers/recon-fixture';
import { flipIndexKeys } from '../helpers/index-damage';
import { makeTempDir } from '../helpers/temp-dir';

const INTEGRITY_WORKER = join(REPO_ROOT, 'out', 'cli', 'integrity-worker.js');
const DAMAGED =
  /^The ledger is damaged \(.+ found in .+ledger\.sqlite\)\. Restore it from a backup with "floatdesk restore --from <backup file>"\.$/;

let temp: ReturnType<typeof makeTempDir>;
let workspace: string;
let core: Core | undefined;

beforeAll(() => assertBuilt());
beforeEach(() => {
  temp = makeTempDir();
  workspace = join(temp.dir, 'books');
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  temp.cleanup();
});

/** The app's core (the browser shell's), with the built background check. */
function interactiveCore(dir: string, withCheck = true): Core {
  return createCore(
    coreConfig(dir, { shell: 'browser', ...(withCheck ? { integrityWorkerPath: INTEGRITY_WORKER } : {}) }),
  );
}

function nextNotice(opened: Core): Promise<AppNotification> {
  return new Promise((resolve) => {
    const stop = opened.onEvent((name, payload) => {
      if (name !== 'notifications:new') return;
      stop();
      resolve(payload as AppNotification);
    });
  });
}

/** The first log line of `event` that contains `containing`. */
async function waitForLog(event: string, containing = '', timeoutMs = 20_000): Promise<string> {
  const path = join(workspace, 'logs', 'floatdesk.log');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = readFileSync(path, 'utf8')
      .split('\n')
      .find((text) => text.includes(`"event":"${event}"`) && text.includes(containing));
    if (line) return line;
    if (Date.now() > deadline) throw new Error(`no ${event} in the log`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the background integrity check', () => {
  it('finds flipped index keys after open: every write channel is refused, reads go on, a notice says how to restore', async () => {
    const ledger = seedLedger(workspace, 300);
    flipIndexKeys(ledger);
    core = interactiveCore(workspace);
    const notice = await nextNotice(core);
    expect(notice).toMatchObject({
      kind: 'ledger_damaged',
      title: 'The ledger is damaged: FloatDesk stopped writing to it',
      message: expect.stringMatching(
        /^The ledger is damaged \(.+\)\. Restore it from a backup with "floatdesk restore --from <backup file>"\. Until then you can still look at and export what it holds\.$/,
      ),
      readAt: null,
    });
    const digest = ledgerDigest(ledger);

    const registered = new Set(core.registeredChannels());
    for (const channel of CHANNELS.filter((name) => registered.has(name) && !READING_CHANNELS.has(name))) {
      const answer = await core.dispatch(channel, {});
      expect({ channel, ok: answer.ok }).toEqual({ channel, ok: false });
      if (!answer.ok)
        expect({ channel, code: answer.error.code, message: answer.error.message }).toEqual({
          channel,
          code: 'ledger_corrupt',
          message: expect.stringMatching(DAMAGED),
        });
    }
    const floats = await core.dispatch('floats:list', {});
    expect(floats.ok && (floats.value as { floats: unknown[] }).floats).toHaveLength(3);
    const listed = await core.dispatch('notifications:list', { unreadOnly: true });
    expect(listed.ok && (listed.value as { notifications: AppNotification[] }).notifications[0]).toEqual(
      notice,
    );
    expect(ledgerDigest(ledger)).toBe(digest);
    expect(await waitForLog('ledger.damaged')).toContain('missing from index');

    // The next open does not wait for the background: it checks the whole file first, and refuses.
    await core.close();
    core = undefined;
    const error = thrownAppError(() => interactiveCore(workspace, false));
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'ledger_corrupt',
      message: expect.stringMatching(DAMAGED),
    });
    expect(ledgerDigest(ledger)).toBe(digest);
  });

  it('a restore brings a healthy ledger back, and the workspace opens and writes again', async () => {
    const ledger = seedLedger(workspace, 300);
    const { path: backup } = await backupWorkspace({ workspaceDir: workspace });
    flipIndexKeys(ledger);
    core = interactiveCore(workspace);
    await nextNotice(core);
    await core.close();
    core = undefined;
    await restoreWorkspace({ workspaceDir: workspace, from: backup });
    core = interactiveCore(workspace, false);
    const set = await core.dispatch('floats:threshold.set', {
      currency: 'GBP',
      name: 'Main',
      threshold: '10',
    });
    expect(set, JSON.stringify(set)).toMatchObject({ ok: true });
  });

  it('a healthy ledger passes it, in the log, and keeps taking writes', async () => {
    seedLedger(workspace, 300);
    core = interactiveCore(workspace);
    expect(await waitForLog('ledger.checked', '"background":true')).toMatch(/"ms":\d+/);
    const set = await core.dispatch('floats:threshold.set', {
      currency: 'GBP',
      name: 'Main',
      threshold: '10',
    });
    expect(set, JSON.stringify(set)).toMatchObject({ ok: true });
    const listed = await core.dispatch('notifications:list', {});
    expect(listed.ok && (listed.value as { notifications: AppNotification[] }).notifications).toEqual([]);
  });
});

describe('after FloatDesk stopped without closing the ledger', () => {
  /** A process id that no process has any more. */
  function deadPid(): number {
    const child = spawnSync(process.execPath, ['-e', '0']);
    return child.pid ?? 999_999;
  }

  it('a session left by a process that is gone: the whole file is checked before the first write', () => {
    const ledger = seedLedger(workspace, 300);
    flipIndexKeys(ledger);
    // Without the reason to doubt it, an interactive open sees only what the quick check sees.
    const control = join(temp.dir, 'control');
    mkdirSync(control);
    copyFileSync(ledger, join(control, 'ledger.sqlite'));
    interactiveCore(control, false).close();

    mkdirSync(join(workspace, LEDGER_STATE_FOLDER), { recursive: true });
    writeFileSync(join(workspace, LEDGER_STATE_FOLDER, `open-${hostname()}-${deadPid()}-0a1b2c3d`), '{}');
    const before = ledgerDigest(ledger);
    const error = thrownAppError(() => interactiveCore(workspace, false));
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'ledger_corrupt',
      message: expect.stringMatching(DAMAGED),
    });
    expect(ledgerDigest(ledger)).toBe(before);
  });

  it('a write-ahead log nobody holds (a crash image): checked fully before the first write', () => {
    const ledger = seedLedger(workspace, 300);
    flipIndexKeys(ledger);
    // A writer commits and the machine stops before it closes: the ledger and its -wal as they were.
    const writer = new Database(ledger);
    writer.pragma('journal_mode = WAL');
    writer.prepare("UPDATE workspaces SET name = 'Books after the crash'").run();
    const crashed = join(temp.dir, 'crashed');
    mkdirSync(crashed);
    for (const suffix of ['', '-wal'])
      copyFileSync(`${ledger}${suffix}`, join(crashed, `ledger.sqlite${suffix}`));
    writer.close();
    const crashedLedger = join(crashed, 'ledger.sqlite');
    expect(existsSync(`${crashedLedger}-wal`)).toBe(true);
    const before = ledgerDigest(crashedLedger);

    const error = thrownAppError(() => interactiveCore(crashed, false));
    expect(error.code).toBe('ledger_corrupt');
    expect(error.message).toMatch(DAMAGED);
    expect(ledgerDigest(crashedLedger)).toBe(before);
  });
});
