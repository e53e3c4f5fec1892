import type { ExportFormat } from '../../../shared/ipc/contract-export';

/**
 * How a CSV file is spelled. Both dialects start with a UTF-8 BOM (Excel reads the file as UTF-8
 * only with it) and end every record with CRLF (RFC 4180).
 */
export interface CsvDialect {
  name: 'csv' | 'csv-regional';
  separator: ',' | ';';
  decimalMark: '.' | ',';
}

export const CSV_STANDARD: CsvDialect = { name: 'csv', separator: ',', decimalMark: '.' };
/** For locales where Excel expects `;` between fields because the comma is the decimal mark. */
export const CSV_REGIONAL: CsvDialect = { name: 'csv-regional', separator: ';', decimalMark: ',' };

export const BOM = '\uFEFF';
export const EOL = '\r\n';

export function csvDialectOf(format: Exclude<ExportFormat, 'xlsx'>): CsvDialect {
  return format === 'csv-regional' ? CSV_REGIONAL : CSV_STANDARD;
}
