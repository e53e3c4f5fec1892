/**
 * Bank statement import (issue 7, item 1): bytes in any supported encoding and format → the lines
 * that could be read and every problem with its line, never a thrown error. The balance check runs
 * here, so a statement that does not add up is reported before anything is stored.
 */
import { createHash } from 'node:crypto';
import type { StatementImport } from '../../../../shared/domain/statements';
import { checkBalances } from './balances';
import { importCamt053 } from './camt053';
import { importCsvByTitles } from './csv-auto';
import { importCsv } from './csv-import';
import { decodeStatementBytes } from './decode';
import { importMt940 } from './mt940';
import { importOfx } from './ofx';

export { checkBalances } from './balances';
export { checkCsvProfile, csvProfileSchema, type CsvProfile, type CsvProfileInput } from './csv-profile';

export type StatementFormat = StatementImport['format'];

export interface ImportOptions {
  format: 'auto' | StatementFormat;
  /** The CSV column profile (validated here); without one, a CSV's columns are read by their titles. */
  profile?: unknown;
  /** The account's currency, for a CSV read by its titles that names none. */
  currency?: string;
}

/** The format of a decoded statement by its content; CSV when it is none of the others. */
export function detectFormat(text: string): StatementFormat {
  const head = text.slice(0, 4096);
  if (/OFXHEADER\s*[:=]|<OFX>/i.test(head)) return 'ofx';
  if (/^\s*<(\?xml|[\w.-]*:?Document\b)/.test(head)) return 'camt053';
  if (/^\s*\{1:/.test(head) || (/^:20:/m.test(head) && /^:(60[FM]|61|25):/m.test(head))) return 'mt940';
  return 'csv';
}

function read(text: string, format: StatementFormat, options: ImportOptions): StatementImport {
  switch (format) {
    case 'camt053':
      return importCamt053(text);
    case 'mt940':
      return importMt940(text);
    case 'ofx':
      return importOfx(text);
    case 'csv':
      return options.profile === undefined
        ? importCsvByTitles(text, { currency: options.currency })
        : importCsv(text, options.profile);
  }
}

export function importStatement(bytes: Uint8Array, options: ImportOptions): StatementImport {
  const decoded = decodeStatementBytes(bytes);
  const format =
    options.format === 'auto' ? (decoded.ok ? detectFormat(decoded.text) : 'csv') : options.format;
  if (!decoded.ok) {
    return { format, account: null, lines: [], errors: [decoded.problem], opening: null, closing: null };
  }
  const result = read(decoded.text, format, options);
  const unbalanced = checkBalances(result);
  const errors = [...result.errors, ...unbalanced].sort((a, b) => a.line - b.line);
  return { ...result, errors, encoding: decoded.encoding };
}

/** The sha256 of a statement file's bytes (lower-case hex), as bank_statements records it. */
export function statementFileSha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
