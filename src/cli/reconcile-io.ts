/** What the reconcile commands share: the core run in-process, its channels, and a statement file read. */
import { readFileSync } from 'node:fs';
import { AppError } from '../shared/ipc/errors';
import { chooseWorkspace } from '../main/core/paths';
import { createCore, type Core } from '../main/core/services';
import { APP_VERSION } from './version';

export interface ReconcileCommandContext {
  workspace: string | undefined;
  json: boolean;
  print: (text: string) => void;
}

export async function withCore<T>(
  workspace: string | undefined,
  run: (core: Core) => Promise<T>,
): Promise<T> {
  const core = createCore({
    ...chooseWorkspace(workspace),
    shell: 'cli',
    appVersion: APP_VERSION,
    changePollMs: 0,
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

export function readStatement(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw new AppError(
      'not_found',
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}. Check the path.`,
      {
        path: file,
      },
    );
  }
}
