/** A CSV bank statement of many lines, in date order, every line different; and its profile. */
import { writeFileSync } from 'node:fs';

export const BIG_PROFILE = {
  delimiter: ',',
  dateFormat: 'YYYY-MM-DD',
  columns: { date: 'Date', amount: 'Amount', remittance: 'Text' },
  currency: 'GBP',
  account: 'GB29 NWBK 6016 1331 9268 19',
} as const;

/** `bad`: line numbers (1-based, the title row is line 1) whose date cannot be read. */
export function bigStatement(lines: number, bad: readonly number[] = []): string {
  const rows = ['Date,Amount,Text'];
  for (let i = 0; i < lines; i++) {
    const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 200) * 86_400_000).toISOString().slice(0, 10);
    const pence = ((i * 7919) % 250_000) + 1;
    const amount = `${i % 3 === 0 ? '' : '-'}${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
    rows.push(`${bad.includes(i + 2) ? 'not a date' : day},${amount},"Payment ${i}, London"`);
  }
  return `${rows.join('\r\n')}\r\n`;
}

export function writeBigStatement(path: string, lines: number, bad: readonly number[] = []): void {
  writeFileSync(path, bigStatement(lines, bad));
}
