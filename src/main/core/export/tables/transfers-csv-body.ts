/**
 * The transfer table's CSV body rendered by SQLite (the export-csv benchmark): each row's finished
 * line is spelled in SQL (ledger/repositories/transfer-csv-lines.ts), so JavaScript only joins big
 * strings. A row SQL cannot spell exactly is handed to the column definitions through a function
 * registered on the connection, so every byte equals the generic writer's.
 */
import type { Ledger } from '../../ledger/db';
import { transferLineSql, type TransferLineSpec } from '../../ledger/repositories/transfer-csv-lines';
import {
  TRANSFER_FIELDS,
  type StoredExportTransfer,
} from '../../ledger/repositories/transfer-export-columns';
import type { TransferExportRepository } from '../../ledger/repositories/transfer-export';
import type { WindowPlan, WindowQuery } from '../../transfers/list-query';
import { rowLine } from '../csv';
import { textField } from '../csv-cells';
import type { CsvDialect } from '../csv-dialect';
import { toExportRow, TRANSFER_COLUMNS } from './transfer-rows';

export type { TransferLineSpec };

/** Rows per chunk handed to the file. */
const CHUNK_ROWS = 8_192;

/** The function SQL calls for a row it cannot spell itself: the column definitions write it. */
export function registerFallback(db: Ledger, dialect: CsvDialect): string {
  const name = `floatdesk_transfer_line_${dialect.name.replace('-', '_')}`;
  db.function(name, { safeIntegers: true, deterministic: true, varargs: true }, (...values: unknown[]) => {
    const row = Object.fromEntries(
      TRANSFER_FIELDS.map(([column], index) => [column, values[index]]),
    ) as unknown as StoredExportTransfer;
    return rowLine(TRANSFER_COLUMNS, toExportRow(row), dialect);
  });
  return name;
}

/**
 * Reads what the line depends on (the distinct currencies, float names and statuses, whether anything
 * was submitted) in the connection's snapshot, and registers the fallback function on it.
 */
export function transferLineSpec(
  db: Ledger,
  repository: TransferExportRepository,
  workspaceId: number,
  dialect: CsvDialect,
): TransferLineSpec {
  const needy = (values: string[]): string[] =>
    values.filter((value) => textField(value, dialect.separator) !== value);
  const context = {
    dialect,
    needyFloats: needy(repository.distinctValues(workspaceId, 'float_name')),
    needyStatuses: needy(repository.distinctValues(workspaceId, 'status')),
    hasSubmissions: repository.hasSubmissions(workspaceId),
  };
  const currencies = repository.distinctValues(workspaceId, 'currency');
  return transferLineSql(currencies, context, registerFallback(db, dialect));
}

export function* transfersCsvBody(
  db: Ledger,
  repository: TransferExportRepository,
  query: WindowQuery,
  plan: WindowPlan,
  dialect: CsvDialect,
): Iterable<{ text: string; rows: number }> {
  const { lineSql, lineParams } = transferLineSpec(db, repository, query.params[0] as number, dialect);
  const pieces: string[] = [];
  for (const text of repository.lines(query, plan, lineSql, lineParams)) {
    pieces.push(text);
    if (pieces.length === CHUNK_ROWS) {
      yield { text: pieces.join(''), rows: CHUNK_ROWS };
      pieces.length = 0;
    }
  }
  if (pieces.length > 0) yield { text: pieces.join(''), rows: pieces.length };
}
