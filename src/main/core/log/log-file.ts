import { appendFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { makePrivateFolderSync, PRIVATE_FILE_MODE, restrictToOwnerSync } from '../files/private-files';

export const LOG_FILE_NAME = 'floatdesk.log';
export const LOGS_FOLDER = 'logs';

/** The log of a workspace: `<workspaceDir>/logs/floatdesk.log`, then floatdesk.log.1 ... .N. */
export function logsDirOf(workspaceDir: string): string {
  return join(workspaceDir, LOGS_FOLDER);
}

export interface LogFileOptions {
  dir: string;
  /** The current file is rotated before it would grow past this many bytes. */
  maxBytes: number;
  /** Rotated files kept besides the current one (floatdesk.log.1 is the newest). */
  maxFiles: number;
}

/**
 * Appends lines to the current log file, rotating by size. Every failure is thrown to the caller
 * (the logger), which decides what to do; files are created readable by their owner only.
 */
export class LogFile {
  readonly path: string;
  private size: number | undefined;

  constructor(private readonly options: LogFileOptions) {
    this.path = join(options.dir, LOG_FILE_NAME);
  }

  /** The n-th rotated file (1 = newest); 0 is the current file. */
  rotatedPath(n: number): string {
    return n === 0 ? this.path : `${this.path}.${n}`;
  }

  append(line: string): void {
    const bytes = Buffer.byteLength(line);
    if (this.size === undefined) {
      makePrivateFolderSync(this.options.dir);
      this.size = currentSize(this.path);
    }
    if (this.size > 0 && this.size + bytes > this.options.maxBytes) {
      // Another process (a CLI sync) may have rotated already: look again before rotating.
      this.size = currentSize(this.path);
      if (this.size > 0 && this.size + bytes > this.options.maxBytes) this.rotate();
    }
    const created = this.size === 0;
    appendFileSync(this.path, line, { mode: PRIVATE_FILE_MODE });
    // A file someone else created with wider access is narrowed the first time it is written.
    if (created) tightenMode(this.path);
    this.size += bytes;
  }

  private rotate(): void {
    rmSync(this.rotatedPath(this.options.maxFiles), { force: true });
    for (let n = this.options.maxFiles - 1; n >= 0; n--) {
      try {
        renameSync(this.rotatedPath(n), this.rotatedPath(n + 1));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    this.size = 0;
  }

  /** Forget the cached size (after a failure the next append looks at the disk again). */
  reset(): void {
    this.size = undefined;
  }
}

function currentSize(path: string): number {
  try {
    return statSync(path).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

function tightenMode(path: string): void {
  try {
    restrictToOwnerSync(path, 'file');
  } catch {
    // Not ours to change (another user's file): the write itself succeeded.
  }
}
