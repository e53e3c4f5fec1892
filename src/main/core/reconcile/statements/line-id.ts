/**
 * Every bank line needs an id that is the same each time the same statement is imported, so a
 * re-import adds nothing. The bank's own id is kept when the format has one; otherwise the id is a
 * digest of the line's normalised content plus how many identical lines came before it in the
 * file (two identical payments on one day stay two lines).
 */
import { createHash } from 'node:crypto';
import type { BankLine } from '../../../../shared/domain/statements';
import { DigestCounter } from './digest-counter';
import { cleanText } from './text-lines';

export type DraftLine = Omit<BankLine, 'bankTransactionId'> & { bankTransactionId: string | null };

/** Marks ids FloatDesk computed, so they are never mistaken for a bank's. */
export const CONTENT_ID_PREFIX = 'sha256:';

function contentDigest(line: DraftLine): Buffer {
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
  return createHash('sha256').update(JSON.stringify(content), 'utf8').digest();
}

/**
 * Final ids for the lines of one file, given in file order one at a time. A bank id that repeats
 * within the file (some banks reuse a reference) gets "#2", "#3" ... on its later occurrences, so
 * no line is dropped.
 */
export class LineIds {
  private readonly bankIds = new DigestCounter();
  private readonly contents = new DigestCounter();

  assign(draft: DraftLine): BankLine {
    const bankId = cleanText(draft.bankTransactionId);
    if (bankId !== null) {
      const occurrence = this.bankIds.next(createHash('sha256').update(bankId, 'utf8').digest());
      return { ...draft, bankTransactionId: occurrence === 1 ? bankId : `${bankId}#${occurrence}` };
    }
    const digest = contentDigest(draft);
    const occurrence = this.contents.next(digest);
    return {
      ...draft,
      bankTransactionId: `${CONTENT_ID_PREFIX}${digest.toString('hex', 0, 16)}:${occurrence}`,
    };
  }
}

/** Final ids for every line of one file, in file order. */
export function assignLineIds(drafts: readonly DraftLine[]): BankLine[] {
  const ids = new LineIds();
  return drafts.map((draft) => ids.assign(draft));
}
