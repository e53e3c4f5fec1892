/** The name a journal file is offered under: the save dialog's default, a download's name. */
export function journalFileName(asOf: string, format: string): string {
  return `floatdesk-journals-${asOf}-${format}.${format === 'xlsx' ? 'xlsx' : 'csv'}`;
}
