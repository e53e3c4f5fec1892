/**
 * `floatdesk export journal --format xero|quickbooks|sage|netsuite|csv|xlsx --as-of YYYY-MM-DD
 * --out <file> [--accounts <mapping.csv>] [--books-currency GBP] [--rates <rates.csv>]
 * [--rate EUR=0.8612 ...] [--workspace <dir>]`: the period's journals for the books, for scheduled
 * jobs, converted into the books' currency (the flag, else Settings → Accounting's) at the rates
 * given. Prints each file written with its SHA-256 (the audit log keeps the same).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isKnownCurrency } from '../shared/domain/currency';
import { JOURNAL_FORMATS, type ExchangeRate, type JournalConversion } from '../shared/ipc/contract-journals';
import { AppError } from '../shared/ipc/errors';
import { canonicalRate, rateProblem } from '../main/core/journals/exchange-rates';
import {
  currencyOption,
  dateOption,
  onlyOptions,
  stringOption,
  UsageError,
  type CommandValues,
} from './arguments';
import type { Core } from '../main/core/services';
import { call, withCore } from './in-process-core';

export const JOURNAL_USAGE = `Usage: floatdesk export journal --format ${JOURNAL_FORMATS.join('|')} --as-of YYYY-MM-DD --out <file> [--accounts <mapping.csv>] [--books-currency GBP] [--rates <rates.csv>] [--rate EUR=0.8612 ...] [--workspace <dir>]`;

type Format = (typeof JOURNAL_FORMATS)[number];

const isFormat = (text: string): text is Format => (JOURNAL_FORMATS as readonly string[]).includes(text);

/** A file a flag names, as text; `what` says what it should be ("the account mapping"). */
async function readNamed(path: string, what: string, flag: string, kind: string): Promise<string> {
  try {
    return await readFile(resolve(path), 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new AppError(
      'invalid_input',
      code === 'ENOENT'
        ? `${what} ${path} does not exist: give the ${kind} with --${flag}.`
        : `${what} ${path} cannot be read (${String(code ?? 'unreadable')}).`,
      { issues: [{ field: flag, problem: 'cannot be read' }] },
    );
  }
}

/** `--rate EUR=0.8612` (repeatable): a currency's period rate, checked as a rates file's rate is. */
function typedRates(values: CommandValues): ExchangeRate[] {
  const given = values.rate;
  const texts = Array.isArray(given) ? given : typeof given === 'string' ? [given] : [];
  return texts.map((text) => {
    const equals = text.indexOf('=');
    const currency = text.slice(0, Math.max(equals, 0)).trim().toUpperCase();
    if (equals < 0 || !isKnownCurrency(currency))
      throw new UsageError(
        `--rate ${text}: write a currency and its rate, e.g. --rate EUR=0.8612 (1 EUR in the books' currency).`,
      );
    const rate = text.slice(equals + 1);
    const problem = rateProblem(rate);
    if (problem !== null) throw new UsageError(`--rate ${text}: the rate ${problem}.`);
    return { currency, date: null, rate: canonicalRate(rate) };
  });
}

/** The conversion asked for: the books' currency (the flag, else the workspace's) and the rates. */
async function conversionOf(
  core: Core,
  values: CommandValues,
  ratesText: string | undefined,
): Promise<JournalConversion | undefined> {
  const typed = typedRates(values);
  const books =
    currencyOption(values, 'books-currency') ?? (await call(core, 'journals:mapping.get', {})).booksCurrency;
  if (books === null) {
    if (ratesText !== undefined || typed.length > 0)
      throw new UsageError(
        `--rates and --rate need the books' currency: give --books-currency, or set "Books kept in" in Settings → Accounting. ${JOURNAL_USAGE}`,
      );
    return undefined;
  }
  const read =
    ratesText === undefined ? [] : (await call(core, 'journals:rates.read', { text: ratesText })).rates;
  return { booksCurrency: books, rates: [...read, ...typed] };
}

/** "EUR 0.8612 (the period's), EUR 0.87 from 2026-10-15". */
const ratesWords = (rates: readonly ExchangeRate[]): string =>
  rates
    .map(
      (rate) =>
        `${rate.currency} ${rate.rate} ${rate.date === null ? "(the period's)" : `from ${rate.date}`}`,
    )
    .join(', ');

export async function journalCommand(values: CommandValues, print: (text: string) => void): Promise<number> {
  onlyOptions(
    values,
    ['workspace', 'format', 'as-of', 'out', 'accounts', 'books-currency', 'rates', 'rate'],
    'export journal',
    JOURNAL_USAGE,
  );
  const format = stringOption(values, 'format');
  if (format === undefined || !isFormat(format))
    throw new UsageError(
      `${format === undefined ? '--format is required' : `--format ${format} is not a journal format`}. ${JOURNAL_USAGE}`,
    );
  const asOf = dateOption(values, 'as-of', '2026-10-31');
  if (asOf === undefined) throw new UsageError(`--as-of YYYY-MM-DD is required. ${JOURNAL_USAGE}`);
  const out = stringOption(values, 'out');
  if (out === undefined) throw new UsageError(`--out is required: the file to write. ${JOURNAL_USAGE}`);
  const accountsPath = stringOption(values, 'accounts');
  const accounts =
    accountsPath === undefined
      ? undefined
      : await readNamed(accountsPath, 'The account mapping', 'accounts', 'mapping CSV');
  const ratesPath = stringOption(values, 'rates');
  const ratesText =
    ratesPath === undefined ? undefined : await readNamed(ratesPath, 'The rates file', 'rates', 'rates CSV');
  const result = await withCore({ workspace: stringOption(values, 'workspace') }, async (core) => {
    const conversion = await conversionOf(core, values, ratesText);
    return call(core, 'journals:export', {
      asOf,
      format,
      destination: resolve(out),
      ...(accounts === undefined ? {} : { accounts }),
      ...(conversion === undefined ? {} : { conversion }),
    });
  });
  // Only the Electron shell's save dialog answers "cancelled": the core itself always writes.
  if ('cancelled' in result) throw new AppError('internal', 'The journals were not written.');
  const lines = result.journals.reduce((n, journal) => n + journal.lines, 0);
  const origin =
    result.signOffId === null
      ? `DRAFT: ${result.draftWhy ?? 'not signed off'}`
      : `sign-off ${result.signOffId}`;
  print(
    `Exported ${result.journals.length} journal(s), ${lines} line(s), for ${result.period.from} to ${result.period.to} (${origin}):`,
  );
  for (const file of result.files) print(`  ${file.path}  SHA-256 ${file.sha256}`);
  const conversion = result.conversion;
  if (conversion !== null && conversion.rates.length > 0)
    print(`Converted to ${conversion.booksCurrency} at ${ratesWords(conversion.rates)}.`);
  for (const item of result.notPosted)
    print(`Not posted: ${item.kind === 'line' ? 'bank line' : 'request'} ${item.id}: ${item.why}`);
  for (const note of result.notes) print(`Note: ${note}`);
  const since = result.sinceLastExport;
  if (since !== null) {
    const from = since.signOffId === null ? 'a DRAFT' : `sign-off ${since.signOffId}`;
    print(`Changed since the last export (${since.exportedAt}, from ${from}):`);
    for (const change of since.changes.length === 0 ? ['Nothing: the entries are the same.'] : since.changes)
      print(`  ${change}`);
  }
  return 0;
}
