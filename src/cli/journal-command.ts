/**
 * `floatdesk export journal --format xero|quickbooks|sage|netsuite|csv|xlsx --as-of YYYY-MM-DD
 * --out <file> [--accounts <mapping.csv>] [--workspace <dir>]`: the period's journals for the books,
 * for scheduled jobs. Prints each file written with its SHA-256 (the audit log keeps the same).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { JOURNAL_FORMATS, type JournalExport } from '../shared/ipc/contract-journals';
import { AppError } from '../shared/ipc/errors';
import { dateOption, onlyOptions, stringOption, UsageError, type CommandValues } from './arguments';
import { call, withCore } from './in-process-core';

export const JOURNAL_USAGE = `Usage: floatdesk export journal --format ${JOURNAL_FORMATS.join('|')} --as-of YYYY-MM-DD --out <file> [--accounts <mapping.csv>] [--workspace <dir>]`;

type Format = (typeof JOURNAL_FORMATS)[number];

const isFormat = (text: string): text is Format => (JOURNAL_FORMATS as readonly string[]).includes(text);

async function readAccounts(path: string): Promise<string> {
  try {
    return await readFile(resolve(path), 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new AppError(
      'invalid_input',
      code === 'ENOENT'
        ? `The account mapping ${path} does not exist: give the mapping CSV with --accounts.`
        : `The account mapping ${path} cannot be read (${String(code ?? 'unreadable')}).`,
      { issues: [{ field: 'accounts', problem: 'cannot be read' }] },
    );
  }
}

export async function journalCommand(values: CommandValues, print: (text: string) => void): Promise<number> {
  onlyOptions(values, ['workspace', 'format', 'as-of', 'out', 'accounts'], 'export journal', JOURNAL_USAGE);
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
  const accounts = accountsPath === undefined ? undefined : await readAccounts(accountsPath);
  const result = await withCore({ workspace: stringOption(values, 'workspace') }, (core) =>
    call<JournalExport>(core, 'journals:export', {
      asOf,
      format,
      destination: resolve(out),
      ...(accounts === undefined ? {} : { accounts }),
    }),
  );
  const lines = result.journals.reduce((n, journal) => n + journal.lines, 0);
  const origin =
    result.signOffId === null
      ? `DRAFT: ${result.draftWhy ?? 'not signed off'}`
      : `sign-off ${result.signOffId}`;
  print(
    `Exported ${result.journals.length} journal(s), ${lines} line(s), for ${result.period.from} to ${result.period.to} (${origin}):`,
  );
  for (const file of result.files) print(`  ${file.path}  SHA-256 ${file.sha256}`);
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
