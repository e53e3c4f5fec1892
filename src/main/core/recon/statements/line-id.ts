/**
 * Every bank line needs an id that is the same each time the same statement is imported, so a
 * re-import adds nothing. The bank's own id is kept when the format has one; otherwise the id is a
 * digest of the line's normalised content plus how many identical lines came before it in the
 * file (two identical payments on one day stay two lines).
 */
import type { BankLine } from '../../../../shared/domain/statements';
import { hash } from 'node:crypto';
import { DigestCounter } from './digest-counter';
import { cleanText } from './text-lines';

export type DraftLine = Omit<BankLine, 'bankTransactionId'> & { bankTransactionId: string | null };

/** Marks ids FloatDesk computed, so they are never mistaken for a bank's. */
export const CONTENT_ID_PREFIX = 'sha256:';
/** Put before a bank's own id that starts like one FloatDesk computes. */
export const BANK_ID_ESCAPE = 'bank:';

/** The SHA-256 (hex) of a text's UTF-8 bytes: one call, no hash object (a million lines a file). */
const sha256Hex = (text: string): string => hash('sha256', text);

/** The SHA-256 (hex) of the line's normalised content. */
function contentDigest(line: DraftLine): string {
  // Exactly JSON.stringify of [bookingDate, valueDate, amount, currency, reference, remittance,
  // counterpartyName, counterpartyAccount] (texts cleaned), without making the array.
  return sha256Hex(
    `[${json(line.bookingDate)},${json(line.valueDate)},${json(line.amount)},${json(line.currency)},` +
      `${json(cleanText(line.reference))},${json(cleanText(line.remittance))},` +
      `${json(cleanText(line.counterpartyName))},${json(cleanText(line.counterpartyAccount))}]`,
  );
}

/** JSON.stringify of the text; most need no escape, and are quoted without it (a million lines a file). */
const json = (value: string | null): string =>
  value === null ? 'null' : NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;

/** What JSON.stringify escapes: quote, backslash, control characters and (lone) surrogates. */
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * Final ids for the lines of one file, given in file order one at a time. A bank id that repeats
 * within the file (some banks reuse a reference) gets "#2", "#3" ... on its later occurrences, so
 * no line is dropped.
 */
export class LineIds {
  private readonly bankIds: DigestCounter;
  private readonly finalIds: DigestCounter;
  private readonly contents: DigestCounter;

  /** `expectedLines`: about how many lines the file holds (sizes the counts once). */
  constructor(expectedLines = 0) {
    // A file has its bank's ids or none (then every line gets a content id): size only the latter.
    this.bankIds = new DigestCounter();
    this.finalIds = new DigestCounter();
    this.contents = new DigestCounter(expectedLines);
  }

  /** The line with its final id (the draft itself, now a line: drafts are made for this). */
  assign(draft: DraftLine): BankLine {
    const line = draft as BankLine;
    const cleaned = cleanText(draft.bankTransactionId);
    if (cleaned !== null) {
      // A bank's id never looks like one FloatDesk computed (those are unique per date only).
      const bankId = cleaned.startsWith(CONTENT_ID_PREFIX) ? `${BANK_ID_ESCAPE}${cleaned}` : cleaned;
      let occurrence = this.bankIds.next(sha256Hex(bankId));
      let id = occurrence === 1 ? bankId : `${bankId}#${occurrence}`;
      // "X", "X#2", "X": the second X would be a second "X#2"; every id of a file stays unique.
      while (this.finalIds.next(sha256Hex(id)) > 1) {
        occurrence += 1;
        id = `${bankId}#${occurrence}`;
      }
      line.bankTransactionId = id;
      return line;
    }
    const digest = contentDigest(draft);
    const hex = digest.slice(0, 32);
    const occurrence = this.contents.next(digest);
    line.bankTransactionId = `${CONTENT_ID_PREFIX}${hex}:${occurrence}`;
    return line;
  }
}

/** Final ids for every line of one file, in file order. */
export function assignLineIds(drafts: readonly DraftLine[]): BankLine[] {
  const ids = new LineIds();
  return drafts.map((draft) => ids.assign(draft));
}
