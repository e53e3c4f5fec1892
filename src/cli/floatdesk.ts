#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { toErrorShape } from '../shared/ipc/errors';
import { floatsCommand, statusCommand } from './commands';
import { serve } from './serve';
import { APP_VERSION } from './version';

const USAGE = `FloatDesk ${APP_VERSION}

Usage: floatdesk <command> [options]

Commands:
  serve                 Run the browser shell on 127.0.0.1 and print the URL to open
  status                Show the version, workspace, ledger file and schema version
  floats                List floats with their latest balances

Options:
  --workspace <dir>     Use this workspace folder (default: the demo workspace in the data folder)
  --port <n>            serve: listen on this port (default: a free port)
  --currency <CODE>     floats: only this currency
  --json                status, floats: print JSON
  -h, --help            Show this help
  -v, --version         Show the version

Environment: FLOATDESK_HOME overrides the data folder (default ~/.config/FloatDesk on Linux).`;

// Computed here, in the entry file: a shared module would be emitted elsewhere and point at nothing.
const WORKER_URL = new URL('./core-worker.js', import.meta.url);
const RENDERER_DIR = fileURLToPath(new URL('../renderer/', import.meta.url));

class UsageError extends Error {}

function parsePort(text: string | undefined): number {
  if (text === undefined) return 0;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535, not "${text}".`);
  return port;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      workspace: { type: 'string' },
      port: { type: 'string' },
      currency: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', short: 'v', default: false },
    },
  });
  const print = (text: string): void => console.log(text);
  if (values.version) return (print(APP_VERSION), 0);
  const [command, ...rest] = positionals;
  if (values.help || command === undefined || command === 'help') return (print(USAGE), 0);
  if (rest.length > 0) throw new UsageError(`Unexpected argument "${rest[0]}".`);
  const context = { workspace: values.workspace, json: values.json, print };
  switch (command) {
    case 'serve':
      await serve({
        workspace: values.workspace,
        port: parsePort(values.port),
        workerUrl: WORKER_URL,
        rendererDir: RENDERER_DIR,
        print,
      });
      return -1; // keep running until a signal arrives
    case 'status':
      await statusCommand(context);
      return 0;
    case 'floats':
      await floatsCommand(context, values.currency);
      return 0;
    default:
      throw new UsageError(`Unknown command "${command}". Run "floatdesk --help" for the list.`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`floatdesk: ${(error as Error).message}`);
      process.exitCode = 2;
      return;
    }
    const shape = toErrorShape(error);
    console.error(`floatdesk: ${shape.message} [${shape.code}]`);
    process.exitCode = 1;
  },
);
