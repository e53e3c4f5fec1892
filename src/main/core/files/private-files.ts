/**
 * Every file and folder FloatDesk creates is its owner's alone: 0600 files, 0700 folders. The core
 * runs in a worker thread, where process.umask() may not be changed, so modes are set at creation
 * (open and mkdir take one; the umask can only narrow it further) and by chmod where an API cannot
 * take one (SQLite and its backup API create files with 0644: the file is created here first, and
 * SQLite gives its -wal, -shm and -journal the mode of the main file). Files an older version left
 * wider are narrowed by `narrowTree`. Windows has no such modes: every function here is a no-op
 * there (the mode arguments are ignored by Windows) and never fails because of it.
 */
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;
/** Group and other permission bits: any of them set and a file is readable (or more) by others. */
const SHARED_BITS = 0o077;

export function hasFileModes(platform: NodeJS.Platform = process.platform): boolean {
  return platform !== 'win32';
}

/** `mkdir -p`: every folder it creates is 0700 (folders that exist are left as they are). */
export function makePrivateFolderSync(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

export async function makePrivateFolder(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/** open(2) with 0600 for a file this call creates. */
export function openPrivate(path: string, flags: string): Promise<FileHandle> {
  return open(path, flags, PRIVATE_FILE_MODE);
}

export function openPrivateSync(path: string, flags: string): number {
  return openSync(path, flags, PRIVATE_FILE_MODE);
}

/**
 * Creates `path` empty with 0600 unless it exists, for a library that would create it with the
 * default mode (SQLite, its backup API): it then opens the private file instead, and SQLite gives
 * the file's -wal, -shm and -journal the same mode. An existing file is not touched. Never throws:
 * when the file cannot be created (a missing folder, say) the library's own open reports why.
 */
export function precreatePrivateFile(path: string): void {
  try {
    closeSync(openPrivateSync(path, 'a'));
  } catch {
    // Left for the library's open to report.
  }
}

/** chmod to 0600 / 0700, for a file or folder made by an API that takes no mode. */
export function restrictToOwnerSync(path: string, kind: 'file' | 'folder'): void {
  if (!hasFileModes()) return;
  chmodSync(path, kind === 'file' ? PRIVATE_FILE_MODE : PRIVATE_FOLDER_MODE);
}

export interface NarrowResult {
  /** Paths relative to the root ('' for the root itself) whose group/other access was removed. */
  narrowed: string[];
  /** Paths that could not be changed (another user's file), with the error code. */
  failed: Array<{ path: string; code: string }>;
}

/**
 * Removes group and other access from `root` and from every entry below it that `isOurs` accepts
 * (given its path from the root as segments; a folder it refuses is not entered). Owner bits stay.
 * Symbolic links are neither followed nor changed: chmod would change what they point at.
 */
export function narrowTree(
  root: string,
  isOurs: (segments: readonly string[]) => boolean,
  platform: NodeJS.Platform = process.platform,
): NarrowResult {
  const result: NarrowResult = { narrowed: [], failed: [] };
  if (!hasFileModes(platform)) return result;
  const visit = (segments: readonly string[]): void => {
    const relative = segments.join('/');
    const path = segments.length === 0 ? root : join(root, ...segments);
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      return; // gone meanwhile
    }
    if (stat.isSymbolicLink() || !(stat.isFile() || stat.isDirectory())) return;
    if ((stat.mode & SHARED_BITS) !== 0) {
      try {
        chmodSync(path, stat.mode & 0o700);
        result.narrowed.push(relative);
      } catch (error) {
        result.failed.push({ path: relative, code: String((error as { code?: unknown }).code ?? error) });
      }
    }
    if (!stat.isDirectory()) return;
    let names: string[];
    try {
      names = readdirSync(path);
    } catch {
      return;
    }
    for (const name of names.sort()) if (isOurs([...segments, name])) visit([...segments, name]);
  };
  visit([]);
  return result;
}
