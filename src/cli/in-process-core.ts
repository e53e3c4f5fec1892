/**
 * How a headless command reaches the core: in-process, no worker, no server, nothing to clean up but
 * the ledger. `withCore` opens the chosen workspace for one command and closes it after; `call`
 * sends one channel through the same typed client the renderer uses (input typed by the contract,
 * answer checked against it), and a failed answer is thrown as the error it carries.
 */
import type { Channel } from '../shared/ipc/channels';
import type { ChannelInput, ChannelOutput } from '../shared/ipc/contract';
import { createTypedClient, type TypedClient } from '../shared/ipc/typed-client';
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

/** The core of this process behind the bridge shape the renderer's typed client takes. */
export function coreClient(core: Core): TypedClient {
  return createTypedClient({
    invoke: (channel, input) => core.dispatch(channel, input),
    onEvent: (channel, listener) =>
      core.onEvent((name, payload) => {
        if (name === channel) listener(payload);
      }),
  });
}

export function call<C extends Channel>(
  core: Core,
  channel: C,
  input: ChannelInput<C>,
): Promise<ChannelOutput<C>> {
  return coreClient(core).invoke(channel, input);
}
