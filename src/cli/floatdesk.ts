#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { toErrorShape } from '../shared/ipc/errors';
import { UsageError, flagOption, parseCommandLine, portOption, stringOption } from './arguments';
import { floatsCommand, statusCommand } from './commands';
import { serve } from './serve';
import { simulatorCommand } from './simulator-command';
import { APP_VERSION } from './version';

const USAGE = `FloatDesk ${APP_VERSION}

Usage: floatdesk <command> [options]

Commands:
  serve [--workspace <dir>] [--port <n>]
        Run the browser shell on 127.0.0.1 and print the URL to open
  status [--workspace <dir>] [--json]
        Show the version, workspace, ledger file and schema version
  floats [--workspace <dir>] [--currency <CODE>] [--json]
        List floats with their latest balances
  simulator [--port <n>] [--seed <s>] [--floats <n>] [--transfers <n>] [--brands <n>]
            [--adversarial] [--admin] [--api-key <key>] [--api-secret <secret>]
            [--time-scale <x>] [--list-cap <n>] [--end-date-exclusive] [--legacy-floats-shape]
            [--timestamp-skew-ms <ms>] [--floats-cache-ms <ms>] [--time-zone <IANA zone>]
            [--error-data-shape <shape>] [--overfull-group]
        Run the platform simulator and print its base URL and the credentials it accepts

Options:
  --workspace <dir>     The workspace folder (default: the demo workspace in the data folder)
  -h, --help            Show this help
  -v, --version         Show the version

Environment: FLOATDESK_HOME overrides the data folder (default ~/.config/FloatDesk on Linux).
Exit codes: 0 done, 1 failed, 2 wrong usage.`;

// Computed here, in the entry file: a shared module would be emitted elsewhere and point at nothing.
const WORKER_URL = new URL('./core-worker.js', import.meta.url);
const RENDERER_DIR = fileURLToPath(new URL('../renderer/', import.meta.url));

/** Resolves to the exit code, or to null for a command that keeps running until a signal. */
async function main(argv: string[]): Promise<number | null> {
  const print = (text: string): void => console.log(text);
  const line = parseCommandLine(argv);
  if (line.kind === 'help') return (print(USAGE), 0);
  if (line.kind === 'version') return (print(APP_VERSION), 0);
  const { command, values } = line;
  const context = { workspace: stringOption(values, 'workspace'), json: flagOption(values, 'json'), print };
  switch (command) {
    case 'serve':
      await serve({
        workspace: context.workspace,
        port: portOption(values),
        workerUrl: WORKER_URL,
        rendererDir: RENDERER_DIR,
        print,
      });
      return null;
    case 'status':
      await statusCommand(context);
      return 0;
    case 'floats':
      await floatsCommand(context, stringOption(values, 'currency'));
      return 0;
    case 'simulator':
      await simulatorCommand(values, print);
      return null;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== null) process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`floatdesk: ${error.message}`);
      process.exitCode = 2;
      return;
    }
    const shape = toErrorShape(error);
    console.error(`floatdesk: ${shape.message} [${shape.code}]`);
    process.exitCode = 1;
  },
);
