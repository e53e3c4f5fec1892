/**
 * Every bank line needs an id that is the same each time the same statement is imported, so a
 * re-import adds nothing. The bank's own id is kept when the format has one; otherwise the id is a
 * digest of the line's normalised content plus how many identical lines came before it in the
 * file (two identical payments on one day stay two lines).
 */
import { createHash } from 'node:crypto';
import type { BankLine } from '../../../../shared/domain/statements';
import { cleanText } from './text-lines';

export type DraftLine = Omit<BankLine, 'bankTransactionId'> & { bankTransactionId: string | null };

/** Marks ids FloatDesk computed, so they are never mistaken for a bank's. */
export const CONTENT_ID_PREFIX = 'sha256:';

function contentDigest(line: DraftLine): string {
  const content = [
    line.bookingDate,
    line.valueDate,
    line.amount,
    line.currency,
    cleanText(line.reference),
    cleanText(line.remittance),
    cleanText(line.counterpartyName),
    cleanText(line.counterpartyAccount),
  ];
  return createHash('sha256').update(JSON.stringify(content), 'utf8').digest('hex').slice(0, 32);
}

/**
 * Final ids for the lines of one file, in file order. A bank id that repeats within the file (some
 * banks reuse a reference) gets "#2", "#3" ... on its later occurrences, so no line is dropped.
 */
export function assignLineIds(drafts: readonly DraftLine[]): BankLine[] {
  const seen = new Map<string, number>();
  const next = (key: string): number => {
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count;
  };
  return drafts.map((draft) => {
    const bankId = cleanText(draft.bankTransactionId);
    if (bankId !== null) {
      const occurrence = next(`bank\u0000${bankId}`);
      return { ...draft, bankTransactionId: occurrence === 1 ? bankId : `${bankId}#${occurrence}` };
    }
    const digest = contentDigest(draft);
    const occurrence = next(`content\u0000${digest}`);
    return { ...draft, bankTransactionId: `${CONTENT_ID_PREFIX}${digest}:${occurrence}` };
  });
}
