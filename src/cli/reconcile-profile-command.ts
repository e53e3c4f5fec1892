/**
 * `floatdesk reconcile profile list [--json]` and `floatdesk reconcile profile save <name> --from
 * <file> --date <title> (--amount <title> | --debit <title> --credit <title>) ...`: CSV column
 * profiles without the UI. `save` reads the file's title row and rows, checks that every row reads
 * with the profile (naming the first that does not, with its line), and stores it through
 * recon:profiles.save, as the UI does.
 */
import type { ChannelOutput } from '../shared/ipc/contract';
import { AppError } from '../shared/ipc/errors';
import { detectFormat } from '../main/core/recon/statements';
import { profileFromNamedTitles } from '../main/core/recon/statements/csv-named';
import type { UndecidedSetting } from '../main/core/recon/statements/csv-settle';
import { compileDateFormat } from '../main/core/recon/statements/dates';
import { decodeStatementBytes } from '../main/core/recon/statements/decode';
import {
  choiceOption,
  currencyOption,
  onlyOptions,
  PROFILE_SAVE_TEXT_OPTIONS,
  stringOption,
  UsageError,
  type CommandValues,
} from './arguments';
import { call, withCore } from './in-process-core';
import { readStatement, type ReconcileCommandContext } from './reconcile-io';

export const PROFILE_USAGE =
  'floatdesk reconcile profile list [--json], floatdesk reconcile profile save <name> --from <file> --date <title> (--amount <title> | --debit <title> --credit <title>) [--reference <title>] [--text <title>]... [--balance <title>] [--date-format <fmt>] [--decimal , | .] [--currency <code>]';
const USAGE = `Usage: ${PROFILE_USAGE}`;

const SAVE_OPTIONS = ['workspace', ...PROFILE_SAVE_TEXT_OPTIONS, 'text', 'currency'];

const HINTS: Readonly<Record<UndecidedSetting, string>> = {
  currency: " Give the account's currency with --currency <code>.",
  dateFormat: ' Give it with --date-format, e.g. --date-format DD/MM/YYYY.',
  decimalSeparator: ' Give it with --decimal , or --decimal .',
};

function required(values: CommandValues, name: string, what: string): string {
  const value = stringOption(values, name);
  if (value === undefined || value.trim() === '')
    throw new UsageError(`--${name} <${what}> is required. ${USAGE}`);
  return value;
}

function dateFormatOption(values: CommandValues): string | undefined {
  const format = stringOption(values, 'date-format');
  if (format === undefined) return undefined;
  const compiled = compileDateFormat(format);
  if (typeof compiled === 'string') throw new UsageError(`--date-format: ${compiled}.`);
  return format;
}

async function saveCommand(
  name: string | undefined,
  values: CommandValues,
  context: ReconcileCommandContext,
): Promise<number> {
  if (name === undefined || name.trim() === '') throw new UsageError(`Name the profile to save. ${USAGE}`);
  onlyOptions(values, SAVE_OPTIONS, 'reconcile profile save', USAGE);
  const file = required(values, 'from', 'file');
  const date = required(values, 'date', 'title');
  const [amount, debit, credit] = ['amount', 'debit', 'credit'].map((option) => stringOption(values, option));
  if (amount !== undefined && (debit !== undefined || credit !== undefined))
    throw new UsageError(`Give either --amount or --debit and --credit, not both. ${USAGE}`);
  if (amount === undefined && (debit === undefined || credit === undefined))
    throw new UsageError(`Give --amount <title>, or both --debit <title> and --credit <title>. ${USAGE}`);
  const text = values.text as string[] | undefined;
  const options = {
    currency: currencyOption(values),
    dateFormat: dateFormatOption(values),
    decimalSeparator: choiceOption(values, 'decimal', [',', '.'] as const),
  };

  const decoded = decodeStatementBytes(readStatement(file));
  if (!decoded.ok) throw new AppError('invalid_input', `${file}: ${decoded.problem.problem}`, { path: file });
  const format = detectFormat(decoded.text);
  if (format !== 'csv') {
    throw new AppError(
      'invalid_input',
      `${file} is a ${format} statement, not CSV: it is imported without a column profile.`,
      { path: file },
    );
  }
  const made = profileFromNamedTitles(
    decoded.text,
    {
      date,
      amount,
      debit,
      credit,
      reference: stringOption(values, 'reference'),
      text,
      balance: stringOption(values, 'balance'),
    },
    options,
  );
  if (!made.ok) {
    const hint = made.setting === undefined ? '' : HINTS[made.setting];
    throw new AppError(
      'invalid_input',
      `${file} does not read with these columns: ${made.reason}${hint} Nothing was saved.`,
      { path: file },
    );
  }
  const saved = await withCore(context, (core) =>
    call(core, 'recon:profiles.save', { name, profile: made.profile }),
  );
  context.print(`Saved CSV profile "${saved.name}": ${made.description}`);
  return 0;
}

/** The --json answer: `{"profiles": [{"name", "description", "profile"}]}` (other tools read it). */
export function profilesJson(answer: ChannelOutput<'recon:profiles.list'>): string {
  const profiles = answer.profiles.map(({ name, description, profile }) => ({
    name,
    description: description ?? '',
    profile,
  }));
  return JSON.stringify({ profiles }, null, 2);
}

async function listCommand(values: CommandValues, context: ReconcileCommandContext): Promise<number> {
  onlyOptions(values, ['workspace', 'json'], 'reconcile profile list', USAGE);
  const answer = await withCore(context, (core) => call(core, 'recon:profiles.list', {}));
  if (context.json) context.print(profilesJson(answer));
  else if (answer.profiles.length === 0)
    context.print('No CSV profiles in this workspace yet: save one with "floatdesk reconcile profile save".');
  else context.print(answer.profiles.map((p) => `${p.name}: ${p.description ?? ''}`).join('\n'));
  return 0;
}

export async function profileCommand(
  positionals: readonly string[],
  values: CommandValues,
  context: ReconcileCommandContext,
): Promise<number> {
  const [action, name] = positionals;
  if (action === 'save') return saveCommand(name, values, context);
  if (action === 'list') {
    if (name !== undefined) throw new UsageError(`Unexpected argument "${name}". ${USAGE}`);
    return listCommand(values, context);
  }
  throw new UsageError(USAGE);
}
