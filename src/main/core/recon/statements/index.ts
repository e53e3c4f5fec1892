/**
 * Bank statement import: bytes in any supported encoding and format → the lines that could be read
 * and every problem with its line, never a thrown error. The balance check runs here, so a statement
 * that does not add up is reported before anything is stored. The core imports files through the
 * same reader a piece at a time (recon/import/); this reads a whole file in memory.
 */
import { createHash } from 'node:crypto';
import type { BankLine, StatementImport } from '../../../../shared/domain/statements';
import { decodeStatementBytes } from './decode';
import type { StatementFormat } from './format';
import { StatementReader } from './reader';

export { checkBalances } from './balances';
export { checkCsvProfile, csvProfileSchema, type CsvProfile, type CsvProfileInput } from './csv-profile';
export { detectFormat, type StatementFormat } from './format';

export interface ImportOptions {
  format: 'auto' | StatementFormat;
  /** The CSV column profile (validated here); without one, a CSV's columns are read by their titles. */
  profile?: unknown;
  /** The account's currency, for a CSV read by its titles that names none. */
  currency?: string;
}

export function importStatement(bytes: Uint8Array, options: ImportOptions): StatementImport {
  const decoded = decodeStatementBytes(bytes);
  if (!decoded.ok) {
    const format = options.format === 'auto' ? 'csv' : options.format;
    return {
      format,
      account: null,
      lines: [],
      errors: [decoded.problem],
      errorsTotal: 1,
      opening: null,
      closing: null,
    };
  }
  const lines: BankLine[] = [];
  const reader = new StatementReader(
    options.format,
    options.profile,
    { section: () => undefined, line: (line) => lines.push(line) },
    options.currency === undefined ? {} : { currency: options.currency },
  );
  reader.push(decoded.text);
  const summary = reader.end();
  return {
    format: summary.format,
    account: summary.account,
    lines,
    errors: summary.errors,
    errorsTotal: summary.errorsTotal,
    opening: summary.opening,
    closing: summary.closing,
    ...(summary.format === 'csv' || summary.sections.length === 0 ? {} : { sections: summary.sections }),
    encoding: decoded.encoding,
    ...(summary.mapping === undefined ? {} : { mapping: summary.mapping }),
  };
}

/** The sha256 of a statement file's bytes (lower-case hex), as bank_statements records it. */
export function statementFileSha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
