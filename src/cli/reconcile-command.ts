import { basename, resolve } from 'node:path';
import { compareDecimal, subtractMoney } from '../shared/domain/money';
import type { ChannelOutput } from '../shared/ipc/contract';
import { RECON_STATES, type ReconSummary } from '../shared/ipc/contract-reconcile';
import { AppError } from '../shared/ipc/errors';
import { chooseWorkspace } from '../main/core/paths';
import { createCore, type Core } from '../main/core/services';
import { choiceOption, stringOption, UsageError, type CommandValues } from './arguments';
import { formatTable } from './output';
import { APP_VERSION } from './version';

export interface ReconcileCommandContext {
  workspace: string | undefined;
  json: boolean;
  print: (text: string) => void;
  /** The built statement reader (statement-worker.js next to the CLI). */
  statementWorkerPath?: string;
}

const USAGE =
  'Usage: floatdesk reconcile import <file> [--format auto|csv|camt053|mt940|ofx] [--profile <name>], or floatdesk reconcile run [--as-of YYYY-MM-DD] [--json]';
const FORMATS = ['auto', 'csv', 'camt053', 'mt940', 'ofx'] as const;

async function withCore<T>(context: ReconcileCommandContext, run: (core: Core) => Promise<T>): Promise<T> {
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

async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const envelope = await core.dispatch(channel, input);
  if (!envelope.ok) throw new AppError(envelope.error.code, envelope.error.message, envelope.error.details);
  return envelope.value as T;
}

function refuseOptions(values: CommandValues, names: string[], action: string): void {
  const given = names.find((name) => values[name] !== undefined);
  if (given !== undefined)
    throw new UsageError(`--${given} does not apply to "reconcile ${action}". ${USAGE}`);
}

async function importCommand(
  file: string | undefined,
  values: CommandValues,
  context: ReconcileCommandContext,
): Promise<number> {
  if (file === undefined) throw new UsageError(`Name the statement file to import. ${USAGE}`);
  refuseOptions(values, ['as-of', 'json'], 'import');
  const format = choiceOption(values, 'format', FORMATS);
  const profile = stringOption(values, 'profile');
  // The core reads the file itself, a piece at a time, after checking its size.
  const result = await withCore(context, (core) =>
    call<ChannelOutput<'recon:import'>>(core, 'recon:import', {
      fileName: basename(file),
      path: resolve(file),
      ...(format ? { format } : {}),
      ...(profile ? { profile } : {}),
    }),
  );
  if (result.stored) {
    context.print(
      `Imported ${file}: ${result.linesAdded} lines added, ${result.linesAlreadyKnown} already known`,
    );
    return 0;
  }
  console.error(`floatdesk: ${file} was not imported: ${result.refusal ?? 'the statement has problems'}`);
  for (const problem of result.errors) {
    console.error(`  line ${problem.line}${problem.field ? ` (${problem.field})` : ''}: ${problem.problem}`);
  }
  const unlisted = result.errorsTotal - result.errors.length;
  if (unlisted > 0) console.error(`  … and ${unlisted.toLocaleString('en-GB')} more problem(s) not listed.`);
  return 1;
}

function parseAsOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const date = new Date(`${text}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(text) ||
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== text
  )
    throw new UsageError(`--as-of must be a date such as 2026-01-31, not "${text}".`);
  return text;
}

/** The --json answer: `states` holds exactly the nine states, in this order (other tools read it). */
export function runJson(run: ChannelOutput<'recon:run'>): string {
  const { summary } = run;
  const states = Object.fromEntries(RECON_STATES.map((state) => [state, summary.states[state]]));
  return JSON.stringify(
    {
      asOf: summary.asOf,
      states,
      matchesAdded: run.matchesAdded,
      suggestions: run.suggestions,
      currencies: summary.currencies,
    },
    null,
    2,
  );
}

function runText(run: ChannelOutput<'recon:run'>): string {
  const summary: ReconSummary = run.summary;
  const head = `Reconciliation as of ${summary.asOf}: ${run.matchesAdded} match(es) added, ${run.suggestions} suggestion(s) to review.`;
  const states = formatTable(
    ['State', 'Count'],
    RECON_STATES.map((state) => [state.replaceAll('_', ' '), String(summary.states[state])]),
    new Set([1]),
  );
  if (summary.currencies.length === 0)
    return [head, '', states, '', 'No bank payments or transfer requests yet.'].join('\n');
  const currencies = formatTable(
    [
      'Currency',
      'Paid (matched)',
      'Requested (matched)',
      'Difference',
      'Open requests',
      'Roll-forward difference',
    ],
    summary.currencies.map((row) => {
      const difference = subtractMoney(row.paid, row.matchedRequested);
      return [
        row.currency,
        row.paid.amount,
        row.matchedRequested.amount,
        compareDecimal(difference.amount, '0') === 0 ? '0' : difference.amount,
        String(row.openRequests),
        row.rollForwardDifference?.amount ?? '—',
      ];
    }),
    new Set([1, 2, 3, 4]),
  );
  return [head, '', states, '', currencies].join('\n');
}

async function runCommand(values: CommandValues, context: ReconcileCommandContext): Promise<number> {
  refuseOptions(values, ['format', 'profile'], 'run');
  const asOf = parseAsOf(stringOption(values, 'as-of'));
  const run = await withCore(context, (core) =>
    call<ChannelOutput<'recon:run'>>(core, 'recon:run', asOf ? { asOf } : {}),
  );
  context.print(context.json ? runJson(run) : runText(run));
  return 0;
}

/** `floatdesk reconcile import <file> ...` and `floatdesk reconcile run ...`. */
export async function reconcileCommand(
  positionals: readonly string[],
  values: CommandValues,
  context: ReconcileCommandContext,
): Promise<number> {
  const [action, file] = positionals;
  if (action === 'import') return importCommand(file, values, context);
  if (action === 'run') {
    if (file !== undefined) throw new UsageError(`Unexpected argument "${file}". ${USAGE}`);
    return runCommand(values, context);
  }
  throw new UsageError(USAGE);
}
