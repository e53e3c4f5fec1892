import type { ReconLineDetail } from '@shared/ipc/contract-recon';
import { formatMoney } from '../../lib/format-money';
import { formatDate } from '../../lib/format-time';

/**
 * A bank line in words as people know it — "bank line of 2 Oct 2026 for −£2,500.00 (reference
 * ABC)" — for labels and announcements: never FloatDesk's internal line id.
 */
export function lineWords(line: ReconLineDetail): string {
  const reference = line.reference === null ? '' : ` (reference ${line.reference})`;
  return `bank line of ${formatDate(line.bookingDate)} for ${formatMoney(line.amount.amount, line.amount.currency)}${reference}`;
}
