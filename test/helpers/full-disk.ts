/**
 * A real full disk for tests: a small tmpfs mounted on a fresh folder (needs root, as in CI and on
 * the development machine), which `fill` takes to (nearly) no free space. Where no tmpfs can be
 * mounted, `mountSmallDisk` answers why, and the tests use /dev/full or an injected writer instead
 * — each test file says which it used, so nothing is skipped in silence.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  dir: string;
  /** Writes a filler file until at most `leaveBytes` are free (tmpfs counts whole pages). */
  fill(leaveBytes?: number): void;
  freeBytes(): number;
  unmount(): void;
}

export type DiskChoice = { kind: 'tmpfs'; disk: SmallDisk } | { kind: 'unavailable'; why: string };

export function mountSmallDisk(sizeKb: number): DiskChoice {
  if (process.platform !== 'linux') return { kind: 'unavailable', why: `not Linux (${process.platform})` };
  if (process.getuid?.() !== 0) return { kind: 'unavailable', why: 'not running as root' };
  const dir = mkdtempSync(join(tmpdir(), 'floatdesk-fulldisk-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k,mode=0755`, 'tmpfs', dir], {
    encoding: 'utf8',
  });
  if (mounted.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return { kind: 'unavailable', why: `mount failed: ${mounted.stderr.trim() || mounted.error?.message}` };
  }
  const freeBytes = (): number => {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  };
  return {
    kind: 'tmpfs',
    disk: {
      dir,
      freeBytes,
      fill(leaveBytes = 0) {
        const fd = openSync(join(dir, `filler-${Date.now()}`), 'w');
        try {
          const block = Buffer.alloc(4096, 0x2e);
          while (freeBytes() > leaveBytes) {
            const want = Math.min(block.length, freeBytes() - leaveBytes);
            try {
              writeSync(fd, block, 0, want);
            } catch {
              break; // ENOSPC: full
            }
          }
        } finally {
          closeSync(fd);
        }
      },
      unmount() {
        spawnSync('umount', ['-l', dir]);
        rmSync(dir, { recursive: true, force: true });
      },
    },
  };
}

/** One line in the test output saying how the full disk was made. */
export function sayHowTheDiskIsFull(file: string, choice: DiskChoice): void {
  const how =
    choice.kind === 'tmpfs'
      ? `a real tmpfs at ${choice.disk.dir}`
      : `no tmpfs (${choice.why}): /dev/full and injected writers instead`;
  console.info(`${file}: full disk made with ${how}`);
}
