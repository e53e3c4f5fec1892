/**
 * How a headless command reaches the core: in-process, no worker, no server, nothing to clean up but
 * the ledger. `withCore` opens the chosen workspace for one command and closes it after; `call`
 * sends one channel and turns a failed answer back into the AppError it carries.
 */
import { AppError } from '../shared/ipc/errors';
import { chooseWorkspace } from '../main/core/paths';
import { createCore, type Core } from '../main/core/services';
import { APP_VERSION } from './version';

export interface InProcessCoreOptions {
  /** The workspace folder given with --workspace; the demo workspace when undefined. */
  workspace: string | undefined;
  /** The built statement reader (statement-worker.js next to the CLI), for statement imports. */
  statementWorkerPath?: string;
}

export async function withCore<T>(
  options: InProcessCoreOptions,
  run: (core: Core) => Promise<T>,
): Promise<T> {
  const core = createCore({
    ...chooseWorkspace(options.workspace),
    shell: 'cli',
    appVersion: APP_VERSION,
    changePollMs: 0,
    ...(options.statementWorkerPath === undefined
      ? {}
      : { statementWorkerPath: options.statementWorkerPath }),
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
