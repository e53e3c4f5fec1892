/**
 * A failed file operation, said as what it is: a full disk (disk_full) or a file or folder FloatDesk
 * may not write (file_access), naming the folder and what to do — never a network failure, never
 * "internal". One mapping for every writer: exports, downloads, backups.
 */
import { AppError } from '../../../shared/ipc/errors';

export interface FileTarget {
  /** What was being written, as a person would say it: "the export", "a downloaded template". */
  what: string;
  /** The folder it was going to. */
  folder: string;
  /** The file, for the log (details only). */
  path?: string;
}

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);
const NO_ACCESS = new Set(['EACCES', 'EPERM']);
const READ_ONLY = new Set(['EROFS']);

/** The first string `code` on the error or its causes. */
export function errorCode(error: unknown): string | undefined {
  for (let item = error, depth = 0; item instanceof Error && depth < 5; depth++) {
    const code = (item as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    item = item.cause;
  }
  return undefined;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The AppError for a full disk or a refused write (ENOSPC, EDQUOT → disk_full; EACCES, EPERM,
 * EROFS → file_access); undefined for any other error, which the caller handles as before.
 * AppErrors are returned unchanged.
 */
export function fileSystemError(error: unknown, target: FileTarget): AppError | undefined {
  if (error instanceof AppError) return error;
  const code = errorCode(error);
  if (code === undefined) return undefined;
  const details = { folder: target.folder, ...(target.path ? { path: target.path } : {}), cause: code };
  const what = capitalised(target.what);
  if (DISK_FULL.has(code))
    return new AppError(
      'disk_full',
      `${what} could not be written: the disk holding ${target.folder} is full. Free some space on it and try again.`,
      details,
    );
  if (NO_ACCESS.has(code))
    return new AppError(
      'file_access',
      `${what} could not be written: FloatDesk is not allowed to write in ${target.folder}. Check the folder's permissions or choose another folder.`,
      details,
    );
  if (READ_ONLY.has(code))
    return new AppError(
      'file_access',
      `${what} could not be written: ${target.folder} is on a read-only disk. Choose another folder.`,
      details,
    );
  return undefined;
}

/**
 * For an error known to come from the file system (a write, an open, a rename): fileSystemError,
 * else a file_access error naming the code (EIO, ENOENT ...), so it is never taken for anything else.
 */
export function localFileError(error: unknown, target: FileTarget): AppError {
  const mapped = fileSystemError(error, target);
  if (mapped !== undefined) return mapped;
  const code = errorCode(error) ?? (error instanceof Error ? error.message : String(error));
  return new AppError(
    'file_access',
    `${capitalised(target.what)} could not be written in ${target.folder} (${code}). Check the disk and the folder, then try again.`,
    { folder: target.folder, ...(target.path ? { path: target.path } : {}), cause: code },
  );
}

/** True for the errors above: local trouble that retrying a download will not cure. */
export function isLocalFileError(error: unknown): error is AppError {
  return error instanceof AppError && (error.code === 'disk_full' || error.code === 'file_access');
}
