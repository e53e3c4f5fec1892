import type { TransferLineSpec } from '../tables/transfers-csv-sql';

/** One segment's lines: CROSS JOIN keeps json_each as the outer loop, so rows follow the ids. */
export function segmentSql(spec: Pick<TransferLineSpec, 'lineSql'>): string {
  return `SELECT ${spec.lineSql} AS line FROM json_each(?) AS k CROSS JOIN transfer_requests r ON r.id = k.value`;
}
