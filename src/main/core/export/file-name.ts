import type { ExportFormat, ExportRequest } from '../../../shared/ipc/contract-export';

/** The file name suggested for an export: table (and report part), the date, and the format's extension. */
export function exportFileName(request: ExportRequest, format: ExportFormat, date: string): string {
  const part =
    request.table === 'reconciliation' && request.filters?.part !== undefined && format !== 'xlsx'
      ? `-${request.filters.part}`
      : '';
  const extension = format === 'xlsx' ? 'xlsx' : 'csv';
  const regional = format === 'csv-regional' ? '-regional' : '';
  return `floatdesk-${request.table}${part}-${date}${regional}.${extension}`;
}

/** The extension filter of a save dialog for the format. */
export function exportFileFilter(format: ExportFormat): { name: string; extensions: string[] } {
  return format === 'xlsx'
    ? { name: 'Excel workbook', extensions: ['xlsx'] }
    : { name: 'CSV file', extensions: ['csv'] };
}
