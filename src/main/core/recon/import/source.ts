/**
 * Where a statement's bytes come from: sent with the call (base64, up to about 30 MB), or a file the
 * core reads itself a piece at a time (the CLI). A file's size is checked before any of it is read.
 */
import { open, stat } from 'node:fs/promises';
import { AppError } from '../../../../shared/ipc/errors';
import { MAX_ANY_FILE_BYTES, sizeInWords } from '../statements/limits';

export type StatementSource =
  { kind: 'bytes'; bytes: Uint8Array } | { kind: 'file'; path: string; size: number };

/** Pieces read at a time from a file. */
export const CHUNK_BYTES = 1024 * 1024;

/** A file to import, after checking it exists, is a file, and is not larger than any statement may be. */
export async function fileSource(path: string): Promise<StatementSource> {
  let size: number;
  try {
    const facts = await stat(path);
    if (!facts.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
    size = facts.size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new AppError(
      code === 'EACCES' || code === 'EPERM' ? 'file_access' : 'not_found',
      code === 'EISDIR'
        ? `${path} is a folder, not a statement file. Name the file to import.`
        : code === 'EACCES' || code === 'EPERM'
          ? `FloatDesk may not read ${path}. Check the file's permissions.`
          : `Cannot read ${path} (${code}). Check the path.`,
      { path, cause: code },
    );
  }
  if (size === 0)
    throw new AppError('invalid_input', `${path} is empty: there is no statement to import.`, {
      issues: [{ field: 'path', problem: 'the file is empty' }],
    });
  if (size > MAX_ANY_FILE_BYTES) throw tooLarge(path, size, MAX_ANY_FILE_BYTES, 'a statement file');
  return { kind: 'file', path, size };
}

export function tooLarge(name: string, size: number, limit: number, what: string): AppError {
  return new AppError(
    'invalid_input',
    `${name} is ${sizeInWords(size)}; FloatDesk imports ${what} of up to ${sizeInWords(limit)}. Ask the bank for statements of shorter periods.`,
    { issues: [{ field: 'file', problem: `larger than ${sizeInWords(limit)}` }], size, limit },
  );
}

export function sourceSize(source: StatementSource): number {
  return source.kind === 'bytes' ? source.bytes.length : source.size;
}

/** The source's bytes from the start, a piece at a time. */
export async function* sourceChunks(source: StatementSource, limit = Infinity): AsyncGenerator<Uint8Array> {
  if (source.kind === 'bytes') {
    const end = Math.min(source.bytes.length, limit);
    for (let at = 0; at < end; at += CHUNK_BYTES)
      yield source.bytes.subarray(at, Math.min(end, at + CHUNK_BYTES));
    return;
  }
  let handle;
  try {
    handle = await open(source.path, 'r');
  } catch (error) {
    throw new AppError(
      'not_found',
      `Cannot read ${source.path} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}). Check the path.`,
      {
        path: source.path,
      },
    );
  }
  try {
    let read = 0;
    while (read < limit) {
      const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, limit - read));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return;
      read += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}
