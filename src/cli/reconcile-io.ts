/** What the reconcile commands share: the core run in-process, its channels, and a statement file read. */
import { openSync, closeSync, fstatSync, readSync } from 'node:fs';
import { AppError } from '../shared/ipc/errors';
import { chooseWorkspace } from '../main/core/paths';
import { tooLarge } from '../main/core/reconcile/import/source';
import { createCore, type Core } from '../main/core/services';
import { APP_VERSION } from './version';

export interface ReconcileCommandContext {
  workspace: string | undefined;
  json: boolean;
  print: (text: string) => void;
  /** The built statement reader (statement-worker.js next to the CLI). */
  statementWorkerPath?: string;
}

export async function withCore<T>(
  context: ReconcileCommandContext,
  run: (core: Core) => Promise<T>,
): Promise<T> {
  const core = createCore({
    ...chooseWorkspace(context.workspace),
    shell: 'cli',
    appVersion: APP_VERSION,
    changePollMs: 0,
    ...(context.statementWorkerPath === undefined
      ? {}
      : { statementWorkerPath: context.statementWorkerPath }),
  });
  try {
    return await run(core);
  } finally {
    await core.close();
  }
}

export async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const envelope = await core.dispatch(channel, input);
  if (!envelope.ok) throw new AppError(envelope.error.code, envelope.error.message, envelope.error.details);
  return envelope.value as T;
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
