import { canonicalDecimal, InvalidAmountError } from './money';

/**
 * Amounts as people type them, in the number format they chose: "25,000.00" (en-GB), "25.000,00"
 * (de-DE), "25 000,00" (fr-FR), "1,00,000" (en-IN), and plain "25000.5" everywhere. The result is the
 * canonical decimal text the core checks (canonicalDecimal), read digit by digit: never through a
 * binary float. Input that could mean two amounts is refused with what was read and how to write it.
 * The renderer parses (it knows the chosen format) and sends canonical text; the core never guesses.
 */

export interface NumberFormatShape {
  /** The locale the shape was read from (the resolved one, when 'system' or undefined was asked). */
  locale: string;
  /** One character; spaces of every kind are normalised to ' ', apostrophes to "'". */
  group: string;
  decimal: string;
  /** Digits in the group next to the decimal separator (3), and in the groups before it (3; en-IN: 2). */
  primary: number;
  secondary: number;
}

export type TypedAmount = { ok: true; amount: string } | { ok: false; problem: string };

/** Every space a locale or a keyboard may use between groups: space, NBSP, narrow NBSP, thin space. */
const SPACES = /[\u0020\u00A0\u202F\u2009]/g;
const APOSTROPHES = /[\u2019\u02BC]/g;
const normalise = (text: string): string => text.replace(SPACES, ' ').replace(APOSTROPHES, "'");

const shapes = new Map<string, NumberFormatShape>();

/** The separators and group sizes of a locale (undefined or 'system': the runtime's own locale). */
export function numberFormatShape(locale?: string): NumberFormatShape {
  const asked = locale === 'system' ? undefined : locale;
  const cached = shapes.get(asked ?? '');
  if (cached) return cached;
  const options = { numberingSystem: 'latn', useGrouping: 'always' } as const;
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(asked, options);
  } catch {
    format = new Intl.NumberFormat(undefined, options); // a tag Intl does not take: the runtime's own
  }
  const parts = format.formatToParts(1234567890.5);
  const integers = parts.filter((part) => part.type === 'integer').map((part) => part.value.length);
  const shape: NumberFormatShape = {
    locale: format.resolvedOptions().locale,
    group: normalise(parts.find((part) => part.type === 'group')?.value ?? ','),
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    primary: integers.at(-1) ?? 3,
    secondary: integers.length > 2 ? (integers.at(-2) ?? 3) : 3,
  };
  shapes.set(asked ?? '', shape);
  return shape;
}

/** Digits grouped the locale's way: "1234567" → "1,234,567" (en-GB), "12,34,567" (en-IN). */
export function groupDigits(digits: string, shape: NumberFormatShape): string {
  if (digits.length <= shape.primary) return digits;
  const groups = [digits.slice(-shape.primary)];
  let rest = digits.slice(0, -shape.primary);
  while (rest.length > shape.secondary) {
    groups.unshift(rest.slice(-shape.secondary));
    rest = rest.slice(0, -shape.secondary);
  }
  groups.unshift(rest);
  return groups.join(shape.group);
}

/** A canonical decimal ("-1234567.5") written the locale's way ("-1.234.567,5"). */
export function writeAmount(canonical: string, shape: NumberFormatShape): string {
  const negative = canonical.startsWith('-');
  const [integer = '0', fraction] = canonical.replace(/^-/, '').split('.');
  const grouped = groupDigits(integer, shape);
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `${shape.decimal}${fraction}`}`;
}

const example = (shape: NumberFormatShape): string => `${writeAmount('1234567.89', shape)} or 1234567.89`;

const formatName = (shape: NumberFormatShape): string => `the ${shape.locale} number format`;

/** Integer digit runs split by group separators: valid when every group has the locale's size. */
function groupsAreValid(runs: string[], shape: NumberFormatShape): boolean {
  if (runs.length === 1) return true;
  const [first = '', ...rest] = runs;
  const last = rest.pop() ?? '';
  if (last.length !== shape.primary) return false;
  if (rest.some((run) => run.length !== shape.secondary)) return false;
  const firstMax = rest.length > 0 ? shape.secondary : Math.max(shape.primary, shape.secondary);
  return first.length >= 1 && first.length <= firstMax;
}

function finish(sign: string, integer: string, fraction: string | undefined, input: string): TypedAmount {
  const text = `${sign}${integer === '' ? '0' : integer}${fraction === undefined ? '' : `.${fraction}`}`;
  try {
    return { ok: true, amount: canonicalDecimal(text) };
  } catch (error) {
    if (error instanceof InvalidAmountError)
      return { ok: false, problem: `"${input}" is too long: ${error.reason}` };
    throw error;
  }
}

/**
 * Read an amount typed in the given number format (a BCP 47 tag, 'system' or undefined for the
 * runtime's). A leading "-" (or "−") is kept: the caller decides whether a sign is allowed.
 */
export function parseTypedAmount(input: string, locale?: string): TypedAmount {
  const shape = numberFormatShape(locale);
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, problem: 'is empty: type an amount such as 2500.00' };
  const text = normalise(trimmed).replace(/^[+\u2212-]/, (sign) => (sign === '+' ? '' : '-'));
  const sign = text.startsWith('-') ? '-' : '';
  const body = sign === '' ? text : text.slice(1);
  const stray = /[^0-9.,' ]/.exec(body);
  if (stray !== null) {
    const what = /[eE]/.test(stray[0])
      ? 'an exponent'
      : stray[0] === '+' || stray[0] === '-'
        ? 'a sign in the middle'
        : `"${stray[0]}"`;
    return {
      ok: false,
      problem: `"${trimmed}" contains ${what}: type digits and separators only, e.g. ${example(shape)}`,
    };
  }
  const tokens = body.split(/([.,' ])/).filter((token) => token !== '');
  const runs = tokens.filter((_, index) => index % 2 === 0);
  const separators = tokens.filter((_, index) => index % 2 === 1);
  const wellFormed =
    tokens.length % 2 === 1 && runs.every((run) => /^\d+$/.test(run)) && /^[0-9.,]/.test(body);
  const leadingDecimal = /^[.,]\d+$/.test(body) && (body[0] === '.' || body[0] === shape.decimal);
  if (leadingDecimal) return finish(sign, '0', body.slice(1), trimmed);
  if (!wellFormed) {
    return {
      ok: false,
      problem: `"${trimmed}" is not a number in ${formatName(shape)}: write it as ${example(shape)}`,
    };
  }
  const asGroups = (integerRuns: string[], groupSeparators: string[]): boolean =>
    groupSeparators.every((separator) => separator === groupSeparators[0]) &&
    groupSeparators.every(
      (separator) => separator === shape.group || separator === ' ' || separator === "'",
    ) &&
    groupsAreValid(integerRuns, shape);

  const last = separators.at(-1);
  const decimalCandidates = [shape.decimal, '.'];
  // 1. The last separator is a decimal separator and everything before it is grouping.
  if (last !== undefined && decimalCandidates.includes(last)) {
    const groupsBefore = separators.slice(0, -1);
    const integerRuns = runs.slice(0, -1);
    const fraction = runs.at(-1) ?? '';
    const onlyDecimal = groupsBefore.length === 0;
    // "1,234" where "," is the decimal separator also reads as 1234 with a thousands separator.
    const looksGrouped =
      onlyDecimal &&
      last === shape.decimal &&
      last !== '.' &&
      fraction.length === shape.primary &&
      /^[1-9]\d{0,2}$/.test(integerRuns[0] ?? '');
    if (looksGrouped) {
      const digits = `${integerRuns[0]}${fraction}`;
      return {
        ok: false,
        problem:
          `"${trimmed}" is ambiguous: in ${formatName(shape)} "${last}" separates the decimals, but it ` +
          `also reads as ${digits} with a thousands separator. Write ${groupDigits(digits, shape)} or ` +
          `${digits} for ${digits}, or ${integerRuns[0]}${last}${fraction}0 for ${integerRuns[0]} and a fraction`,
      };
    }
    // "40.000" in de-DE: "." is the group separator there, and these are whole groups.
    const groupReading = last === shape.group && asGroups(runs, separators);
    const decimalReading =
      !separators.slice(0, -1).includes(last) &&
      (onlyDecimal || asGroups(integerRuns, groupsBefore)) &&
      (last === shape.decimal || !groupReading);
    if (groupReading && !decimalReading) return finish(sign, runs.join(''), undefined, trimmed);
    if (decimalReading) return finish(sign, integerRuns.join(''), fraction, trimmed);
  } else if (asGroups(runs, separators)) {
    return finish(sign, runs.join(''), undefined, trimmed);
  }
  const separator = separators.find((candidate) => candidate !== shape.group && candidate !== ' ');
  const why =
    separator === undefined
      ? `groups between "${shape.group === ' ' ? 'space' : shape.group}" separators must have ${shape.primary} digits`
      : `"${separator}" is not where ${formatName(shape)} puts it`;
  return {
    ok: false,
    problem: `"${trimmed}" cannot be read exactly (${why}): write it as ${example(shape)}`,
  };
}
