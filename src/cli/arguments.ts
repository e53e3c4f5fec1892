import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isKnownCurrency } from '../shared/domain/currency';

export class UsageError extends Error {}

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

const TEXT = { type: 'string' } as const;
const FLAG = { type: 'boolean' } as const;
const TEXTS = { type: 'string', multiple: true } as const;

/** Options that each take one word of text, by name. */
function textOptions<Name extends string>(...names: Name[]): Record<Name, typeof TEXT> {
  return Object.fromEntries(names.map((name) => [name, TEXT])) as Record<Name, typeof TEXT>;
}

const WORKSPACE = { workspace: TEXT };

/** reconcile profile save: the file, the titles of its columns and how it writes dates and amounts. */
export const PROFILE_SAVE_TEXT_OPTIONS = [
  'from',
  'date',
  'amount',
  'debit',
  'credit',
  'reference',
  'balance',
  'date-format',
  'decimal',
] as const;

/** The options each command accepts; anything else is a usage error naming the option. */
export const COMMAND_OPTIONS = {
  serve: { ...WORKSPACE, port: TEXT },
  status: { ...WORKSPACE, json: FLAG },
  floats: { ...WORKSPACE, currency: TEXT, json: FLAG },
  backup: { ...WORKSPACE, to: TEXT },
  restore: { ...WORKSPACE, from: TEXT, 'accept-audit-damage': FLAG },
  audit: { ...WORKSPACE },
  reconcile: {
    ...WORKSPACE,
    ...textOptions('format', 'profile', 'currency', 'as-of'),
    json: FLAG,
    ...textOptions(...PROFILE_SAVE_TEXT_OPTIONS),
    text: TEXTS,
    note: TEXT,
    'acknowledge-open': FLAG,
    approve: FLAG,
    reject: FLAG,
  },
  export: {
    ...WORKSPACE,
    ...textOptions('format', 'out', 'float', 'currency', 'reference', 'from', 'to', 'text', 'sort'),
    status: TEXTS,
    'with-history': FLAG,
    ...textOptions('country', 'category', 'brand', 'as-of', 'ageing', 'search', 'direction', 'min', 'max'),
    ...textOptions('part', 'sign-off', 'action', 'accounts', 'books-currency', 'rates'),
    state: TEXTS,
    rate: TEXTS,
  },
  sync: { ...WORKSPACE, only: TEXT, since: TEXT },
  team: { ...WORKSPACE, database: TEXT, json: FLAG },
  workspace: { 'base-url': TEXT, name: TEXT },
  simulator: {
    ...textOptions('port', 'seed', 'floats', 'transfers', 'brands', 'api-key', 'api-secret', 'time-scale'),
    ...textOptions('list-cap', 'timestamp-skew-ms', 'floats-cache-ms', 'time-zone', 'error-data-shape'),
    adversarial: FLAG,
    admin: FLAG,
    'end-date-exclusive': FLAG,
    'legacy-floats-shape': FLAG,
    'overfull-group': FLAG,
  },
} as const satisfies Record<string, OptionSpec>;

export type Command = keyof typeof COMMAND_OPTIONS;
export type CommandValues = Record<string, string | boolean | string[] | undefined>;

export type CommandLine =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'command'; command: Command; values: CommandValues; positionals: string[] };

/**
 * Commands that take words after their name: `workspace init <dir>`, `audit verify`,
 * `reconcile import <file>`, `reconcile profile save <name>`.
 */
const POSITIONALS: Partial<Record<Command, number>> = {
  workspace: 2,
  audit: 1,
  reconcile: 3,
  export: 1,
  team: 3,
};

function isCommand(name: string): name is Command {
  return Object.hasOwn(COMMAND_OPTIONS, name);
}

export function parseCommandLine(argv: readonly string[]): CommandLine {
  const [first, ...rest] = argv;
  if (first === undefined || first === 'help' || first === '-h' || first === '--help')
    return { kind: 'help' };
  if (first === '-v' || first === '--version') return { kind: 'version' };
  if (!isCommand(first)) {
    throw new UsageError(
      first.startsWith('-')
        ? `Unknown option "${first}". Run "floatdesk --help" for the list.`
        : `Unknown command "${first}". Run "floatdesk --help" for the list.`,
    );
  }
  if (rest.includes('--help') || rest.includes('-h')) return { kind: 'help' };
  try {
    const { values, positionals } = parseArgs({
      args: [...rest],
      options: COMMAND_OPTIONS[first],
      allowPositionals: true,
      strict: true,
    });
    const allowed = POSITIONALS[first] ?? 0;
    if (positionals.length > allowed) throw new UsageError(`Unexpected argument "${positionals[allowed]}".`);
    return { kind: 'command', command: first, values: values as CommandValues, positionals };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(
      `${(error as Error).message.replace(/\. To specify.*$/s, '')} (command "${first}").`,
    );
  }
}

export function stringOption(values: CommandValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** Refuse, as wrong usage, an option the command accepts but this action of it does not. */
export function onlyOptions(
  values: CommandValues,
  allowed: readonly string[],
  action: string,
  usage: string,
): void {
  const given = Object.keys(values).find((name) => values[name] !== undefined && !allowed.includes(name));
  if (given !== undefined) throw new UsageError(`--${given} does not apply to "${action}". ${usage}`);
}

/** An ISO 4217 currency code, upper-cased ("eur" is EUR). */
export function currencyOption(values: CommandValues, name = 'currency'): string | undefined {
  const text = stringOption(values, name);
  if (text === undefined) return undefined;
  const code = text.trim().toUpperCase();
  if (!isKnownCurrency(code))
    throw new UsageError(`--${name} must be an ISO 4217 currency code such as EUR, not "${text}".`);
  return code;
}

/** A calendar date written YYYY-MM-DD that exists ("2026-02-30" does not); `example` shows the form. */
export function dateOption(values: CommandValues, name: string, example: string): string | undefined {
  const text = stringOption(values, name);
  if (text === undefined) return undefined;
  const date = new Date(`${text}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(text) ||
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== text
  )
    throw new UsageError(`--${name} must be a date such as ${example}, not "${text}".`);
  return text;
}

export function flagOption(values: CommandValues, name: string): boolean {
  return values[name] === true;
}

/** A number option whose text must match `pattern` and lie in [min, max]; `kind` names it in the message. */
function boundedOption(pattern: RegExp, kind: string) {
  return (values: CommandValues, name: string, fallback: number, min: number, max: number): number => {
    const text = stringOption(values, name);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!pattern.test(text) || value < min || value > max) {
      throw new UsageError(`--${name} must be ${kind} from ${min} to ${max}, not "${text}".`);
    }
    return value;
  };
}

/** A whole number in [min, max]; the flag name is part of the message. */
export const integerOption = boundedOption(/^\d+$/, 'a whole number');

/** A decimal number in [min, max] ("0.5", "60"); the flag name is part of the message. */
export const numberOption = boundedOption(/^\d+(\.\d+)?$/, 'a number');

/** One of a fixed list of words; the flag name and the choices are part of the message. */
export function choiceOption<T extends string>(
  values: CommandValues,
  name: string,
  choices: readonly T[],
): T | undefined {
  const text = stringOption(values, name);
  if (text === undefined) return undefined;
  if (!(choices as readonly string[]).includes(text))
    throw new UsageError(`--${name} must be one of ${choices.join(', ')}, not "${text}".`);
  return text as T;
}

export function portOption(values: CommandValues): number {
  return integerOption(values, 'port', 0, 0, 65535);
}
