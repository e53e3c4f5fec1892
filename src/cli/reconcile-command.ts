import { basename, resolve } from 'node:path';
import { compareDecimal, subtractMoney } from '../shared/domain/money';
import type { ChannelOutput } from '../shared/ipc/contract';
import { RECON_STATES, type ReconSummary } from '../shared/ipc/contract-recon';
import {
  choiceOption,
  currencyOption,
  dateOption,
  onlyOptions,
  stringOption,
  UsageError,
  type CommandValues,
} from './arguments';
import { formatTable } from './output';
import { call, withCore } from './in-process-core';
import type { ReconcileCommandContext } from './reconcile-io';
import { PROFILE_USAGE, profileCommand } from './reconcile-profile-command';
import { PERIOD_USAGE, reviewCommand, signOffCommand } from './reconcile-period-command';

const USAGE = `Usage: floatdesk reconcile import <file> [--format auto|csv|camt053|mt940|ofx] [--profile <name> | --currency <code>], floatdesk reconcile run [--as-of YYYY-MM-DD] [--json], ${PROFILE_USAGE}, ${PERIOD_USAGE}`;
const FORMATS = ['auto', 'csv', 'camt053', 'mt940', 'ofx'] as const;

async function importCommand(
  file: string | undefined,
  values: CommandValues,
  context: ReconcileCommandContext,
): Promise<number> {
  if (file === undefined) throw new UsageError(`Name the statement file to import. ${USAGE}`);
  onlyOptions(values, ['workspace', 'format', 'profile', 'currency'], 'reconcile import', USAGE);
  const format = choiceOption(values, 'format', FORMATS);
  const profile = stringOption(values, 'profile');
  const currency = currencyOption(values);
  if (profile !== undefined && currency !== undefined)
    throw new UsageError('--currency applies only without --profile: a profile names its own currency.');
  // The core reads the file itself, a piece at a time, after checking its size.
  const result = await withCore(context, (core) =>
    call(core, 'recon:import', {
      fileName: basename(file),
      path: resolve(file),
      ...(format ? { format } : {}),
      ...(profile ? { profile } : {}),
      ...(currency ? { currency } : {}),
    }),
  );
  // A CSV read without a profile: the mapping on a line of its own, before the result.
  const mapping =
    result.mapping === undefined ? undefined : `Columns read by their titles: ${result.mapping}`;
  if (result.stored) {
    if (mapping !== undefined) context.print(mapping);
    context.print(
      `Imported ${file}: ${result.linesAdded} lines added, ${result.linesAlreadyKnown} already known`,
    );
    return 0;
  }
  console.error(`floatdesk: ${file} was not imported: ${result.refusal ?? 'the statement has problems'}`);
  if (mapping !== undefined) console.error(`  ${mapping}`);
  for (const problem of result.errors) {
    console.error(`  line ${problem.line}${problem.field ? ` (${problem.field})` : ''}: ${problem.problem}`);
  }
  const unlisted = result.errorsTotal - result.errors.length;
  if (unlisted > 0) console.error(`  … and ${unlisted.toLocaleString('en-GB')} more problem(s) not listed.`);
  return 1;
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
  onlyOptions(values, ['workspace', 'as-of', 'json'], 'reconcile run', USAGE);
  const asOf = dateOption(values, 'as-of', '2026-01-31');
  const run = await withCore(context, (core) => call(core, 'recon:run', asOf ? { asOf } : {}));
  context.print(context.json ? runJson(run) : runText(run));
  return 0;
}

/** `floatdesk reconcile import <file> ...`, `floatdesk reconcile run ...` and `floatdesk reconcile profile ...`. */
export async function reconcileCommand(
  positionals: readonly string[],
  values: CommandValues,
  context: ReconcileCommandContext,
): Promise<number> {
  const [action, ...rest] = positionals;
  if (action === 'profile') return profileCommand(rest, values, context);
  const [first, extra] = rest;
  if (action === 'import') {
    if (extra !== undefined) throw new UsageError(`Unexpected argument "${extra}". ${USAGE}`);
    return importCommand(first, values, context);
  }
  if (action === 'signoff') {
    if (first !== undefined) throw new UsageError(`Unexpected argument "${first}". ${USAGE}`);
    return signOffCommand(values, context);
  }
  if (action === 'review') {
    if (extra !== undefined) throw new UsageError(`Unexpected argument "${extra}". ${USAGE}`);
    return reviewCommand(first, values, context);
  }
  if (action === 'run') {
    if (first !== undefined) throw new UsageError(`Unexpected argument "${first}". ${USAGE}`);
    return runCommand(values, context);
  }
  throw new UsageError(USAGE);
}
