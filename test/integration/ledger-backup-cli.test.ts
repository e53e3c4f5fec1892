import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertBuilt, runCli } from '../helpers/cli';
import { HOLD_SYNC_LOCK, startLedgerChild } from '../helpers/ledger-child';
import { contentChecksum, corruptMiddlePage, seedLedger } from '../helpers/ledger-safety-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let workspace: string;
let ledgerPath: string;

beforeAll(() => assertBuilt());
beforeEach(() => {
  temp = makeTempDir();
  workspace = join(temp.dir, 'books');
  ledgerPath = join(workspace, 'ledger.sqlite');
});
afterEach(() => temp.cleanup());

/** A failure is exactly one line on stderr, "floatdesk: <what happened and what to do> [code]". */
function expectOneLineFailure(result: ReturnType<typeof runCli>, status: number, pattern: RegExp): void {
  expect(result.status).toBe(status);
  expect(result.stdout).toBe('');
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr.trimEnd()).toMatch(pattern);
}

describe('floatdesk backup and restore', () => {
  it('are listed in the help', () => {
    const help = runCli(['--help']).stdout;
    expect(help).toContain('backup [--workspace <dir>] [--to <file>]');
    expect(help).toContain('restore --from <file> [--workspace <dir>]');
  });

  it('backup prints the path of a checked copy, in backups/ by default or where --to says', () => {
    seedLedger(workspace, 20);
    const byDefault = runCli(['backup', '--workspace', workspace]);
    expect(byDefault.status).toBe(0);
    const path = byDefault.stdout.trim();
    expect(path).toMatch(/\/books\/backups\/ledger-\d{8}-\d{6}\.sqlite$/);
    expect(contentChecksum(path)).toBe(contentChecksum(ledgerPath));

    const target = join(temp.dir, 'copies', 'friday.sqlite');
    const chosen = runCli(['backup', '--workspace', workspace, '--to', target]);
    expect({ status: chosen.status, stdout: chosen.stdout.trim() }).toEqual({ status: 0, stdout: target });
    expectOneLineFailure(
      runCli(['backup', '--workspace', workspace, '--to', target]),
      1,
      /^floatdesk: .*friday\.sqlite already exists\. Choose another backup file name\. \[invalid_input\]$/,
    );
    expectOneLineFailure(
      runCli(['backup', '--workspace', join(temp.dir, 'nothing-here')]),
      1,
      /no ledger to back up .* \[not_found\]$/,
    );
  });

  it('restore puts a backup back, keeps the previous ledger, and the workspace opens again', () => {
    seedLedger(workspace, 300);
    const backup = runCli(['backup', '--workspace', workspace]).stdout.trim();
    seedLedger(workspace, 5, 300);
    corruptMiddlePage(ledgerPath);
    expectOneLineFailure(
      runCli(['status', '--workspace', workspace]),
      1,
      /^floatdesk: The ledger is damaged .* Restore it from a backup with "floatdesk restore --from <backup file>"\. \[ledger_corrupt\]$/,
    );

    const restored = runCli(['restore', '--workspace', workspace, '--from', backup]);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    const kept = /kept as (.+ledger\.sqlite\.before-restore-\d{8}-\d{6})\.$/.exec(
      restored.stdout.trim(),
    )?.[1];
    expect(kept && existsSync(kept)).toBe(true);
    expect(runCli(['status', '--workspace', workspace]).status).toBe(0);
    expect(contentChecksum(ledgerPath)).toBe(contentChecksum(backup));
  });

  it('restore exits 2 without --from and 1 with a one-line reason when it cannot go ahead', async () => {
    seedLedger(workspace, 5);
    const backup = runCli(['backup', '--workspace', workspace]).stdout.trim();
    expectOneLineFailure(
      runCli(['restore', '--workspace', workspace]),
      2,
      /restore needs --from <backup file>/,
    );
    expectOneLineFailure(runCli(['restore', '--form', backup]), 2, /Unknown option '--form'/);
    expectOneLineFailure(
      runCli(['restore', '--workspace', workspace, '--from', join(temp.dir, 'nope.sqlite')]),
      1,
      /There is no backup file at .*nope\.sqlite\. Check --from\. \[not_found\]$/,
    );

    const syncer = await startLedgerChild(HOLD_SYNC_LOCK, [ledgerPath]);
    try {
      expectOneLineFailure(
        runCli(['restore', '--workspace', workspace, '--from', backup]),
        1,
        new RegExp(
          `^floatdesk: Another FloatDesk \\(sync started by cli, pid ${syncer.pid}, at \\d\\d:\\d\\d\\) is already syncing this workspace\\. Wait for it to finish\\. \\[ledger_busy\\]$`,
        ),
      );
    } finally {
      await syncer.kill();
    }
    expect(runCli(['restore', '--workspace', workspace, '--from', backup]).status).toBe(0);
  });
});
