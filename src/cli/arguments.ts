import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isKnownCurrency } from '../shared/domain/currency';

export class UsageError extends Error {}

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

const WORKSPACE: OptionSpec = { workspace: { type: 'string' } };

/** The options each command accepts; anything else is a usage error naming the option. */
export const COMMAND_OPTIONS = {
  serve: { ...WORKSPACE, port: { type: 'string' } },
  status: { ...WORKSPACE, json: { type: 'boolean' } },
  floats: { ...WORKSPACE, currency: { type: 'string' }, json: { type: 'boolean' } },
  backup: { ...WORKSPACE, to: { type: 'string' } },
  restore: { ...WORKSPACE, from: { type: 'string' }, 'accept-audit-damage': { type: 'boolean' } },
  audit: { ...WORKSPACE },
  reconcile: {
    ...WORKSPACE,
    format: { type: 'string' },
    profile: { type: 'string' },
    currency: { type: 'string' },
    'as-of': { type: 'string' },
    json: { type: 'boolean' },
    // reconcile profile save: the file and the titles of its columns
    from: { type: 'string' },
    date: { type: 'string' },
    amount: { type: 'string' },
    debit: { type: 'string' },
    credit: { type: 'string' },
    reference: { type: 'string' },
    text: { type: 'string', multiple: true },
    balance: { type: 'string' },
    'date-format': { type: 'string' },
    decimal: { type: 'string' },
  },
  export: {
    ...WORKSPACE,
    format: { type: 'string' },
    out: { type: 'string' },
    float: { type: 'string' },
    currency: { type: 'string' },
    reference: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    status: { type: 'string', multiple: true },
    text: { type: 'string' },
    sort: { type: 'string' },
    'with-history': { type: 'boolean' },
    country: { type: 'string' },
    category: { type: 'string' },
    brand: { type: 'string' },
    'as-of': { type: 'string' },
    state: { type: 'string', multiple: true },
    ageing: { type: 'string' },
    search: { type: 'string' },
    direction: { type: 'string' },
    min: { type: 'string' },
    max: { type: 'string' },
    part: { type: 'string' },
    'sign-off': { type: 'string' },
    action: { type: 'string' },
  },
  sync: { ...WORKSPACE, only: { type: 'string' }, since: { type: 'string' } },
  team: { ...WORKSPACE, database: { type: 'string' }, json: { type: 'boolean' } },
  workspace: { 'base-url': { type: 'string' }, name: { type: 'string' } },
  simulator: {
    port: { type: 'string' },
    seed: { type: 'string' },
    floats: { type: 'string' },
    transfers: { type: 'string' },
    brands: { type: 'string' },
    adversarial: { type: 'boolean' },
    admin: { type: 'boolean' },
    'api-key': { type: 'string' },
    'api-secret': { type: 'string' },
    'time-scale': { type: 'string' },
    'list-cap': { type: 'string' },
    'end-date-exclusive': { type: 'boolean' },
    'legacy-floats-shape': { type: 'boolean' },
    'timestamp-skew-ms': { type: 'string' },
    'floats-cache-ms': { type: 'string' },
    'time-zone': { type: 'string' },
    'error-data-shape': { type: 'string' },
    'overfull-group': { type: 'boolean' },
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
const POSITIONALS: Partial<Record<Command, number>> = { workspace: 2, audit: 1, reconcile: 3, export: 1, team: 3 };

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

export function flagOption(values: CommandValues, name: string): boolean {
  return values[name] === true;
}

function boundedNumber(
  values: CommandValues,
  name: string,
  fallback: number,
  range: { min: number; max: number; pattern: RegExp; kind: string },
): number {
  const text = stringOption(values, name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!range.pattern.test(text) || value < range.min || value > range.max) {
    throw new UsageError(`--${name} must be ${range.kind} from ${range.min} to ${range.max}, not "${text}".`);
  }
  return value;
}

/** A whole number in [min, max]; the flag name is part of the message. */
export function integerOption(
  values: CommandValues,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  return boundedNumber(values, name, fallback, { min, max, pattern: /^\d+$/, kind: 'a whole number' });
}

/** A decimal number in [min, max] ("0.5", "60"); the flag name is part of the message. */
export function numberOption(
  values: CommandValues,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  return boundedNumber(values, name, fallback, { min, max, pattern: /^\d+(\.\d+)?$/, kind: 'a number' });
}

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
