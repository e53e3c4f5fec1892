/** What the reconcile commands share: their options and a statement file read whole. */
import { openSync, closeSync, fstatSync, readSync } from 'node:fs';
import { AppError } from '../shared/ipc/errors';
import { tooLarge } from '../main/core/recon/import/source';

export interface ReconcileCommandContext {
  workspace: string | undefined;
  json: boolean;
  print: (text: string) => void;
  /** The built statement reader (statement-worker.js next to the CLI). */
  statementWorkerPath?: string;
  /** The team password, asked for only when a command needs the team's database. */
  teamPassword?: () => Promise<string>;
}

/** The most of a statement file a command reads into memory (imports read files as a stream). */
export const READ_WHOLE_MAX_BYTES = 64 * 1024 * 1024;

/** A statement file read whole, its size checked before any byte is read. */
export function readStatement(file: string, limit = READ_WHOLE_MAX_BYTES): Buffer {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw new AppError(
      'not_found',
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}. Check the path.`,
      { path: file },
    );
  }
  try {
    const facts = fstatSync(fd);
    if (!facts.isFile())
      throw new AppError('not_found', `${file} is not a file. Name the statement file.`, { path: file });
    if (facts.size > limit) throw tooLarge(file, facts.size, limit, 'files for this command');
    const bytes = Buffer.alloc(facts.size);
    let read = 0;
    while (read < bytes.length) {
      const got = readSync(fd, bytes, read, bytes.length - read, read);
      if (got === 0) break;
      read += got;
    }
    return bytes.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}
