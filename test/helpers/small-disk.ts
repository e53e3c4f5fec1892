import { spawnSync } from 'node:child_process';
import { closeSync, fstatSync, ftruncateSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface SmallDisk {
  dir: string;
  /** Takes every free block with a filler file, then gives `leaveKb` back (default: none). */
  fill(leaveKb?: number): void;
  /** Gives the filler's blocks back. */
  free(): void;
  unmount(): void;
}

/** Mounting needs root; elsewhere the tests that need a real full disk say so and are skipped. */
export const CAN_MOUNT = process.getuid?.() === 0;

/** A real, small file system (tmpfs of `sizeKb`) at `dir`, for disk-full tests. */
export function mountSmallDisk(dir: string, sizeKb: number): SmallDisk {
  mkdirSync(dir, { recursive: true });
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir], {
    encoding: 'utf8',
  });
  if (mounted.status !== 0) throw new Error(`mount failed: ${mounted.stderr}`);
  const filler = join(dir, 'filler.bin');
  return {
    dir,
    fill(leaveKb = 0) {
      const fd = openSync(filler, 'a');
      try {
        for (const size of [65_536, 4096, 512]) {
          const block = Buffer.alloc(size, 0x5a);
          for (;;) {
            try {
              writeSync(fd, block);
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
              throw error;
            }
          }
        }
        if (leaveKb > 0) ftruncateSync(fd, Math.max(0, fstatSync(fd).size - leaveKb * 1024));
      } finally {
        closeSync(fd);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    unmount() {
      const done = spawnSync('umount', [dir], { encoding: 'utf8' });
      if (done.status !== 0) throw new Error(`umount failed: ${done.stderr}`);
    },
  };
}
