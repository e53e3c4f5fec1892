/**
 * Xero takes at most 300 lines per manual-journal import file, and makes one journal of the rows
 * that share a narration and a date. So a large journal is cut between whole entries (each balances
 * on its own), every piece gets its own numbered narration, and the files are filled in order.
 */
import { AppError } from '../../../../shared/ipc/errors';
import type { Journal, JournalEntry } from '../types';

export const XERO_MAX_LINES = 300;

/** A journal's entries that go into one file, with the narration that makes them a journal of their own. */
export interface JournalPiece {
  journal: Journal;
  narration: string;
  entries: JournalEntry[];
}

export const lineCount = (entries: readonly JournalEntry[]): number =>
  entries.reduce((n, entry) => n + entry.lines.length, 0);

/** Files of pieces, each file at most `maxLines` lines, in the journals' order. */
export function splitForXero(journals: readonly Journal[], maxLines = XERO_MAX_LINES): JournalPiece[][] {
  const files: { journal: Journal; entries: JournalEntry[] }[][] = [];
  let current: { journal: Journal; entries: JournalEntry[] }[] = [];
  let used = 0;
  for (const journal of journals) {
    for (const entry of journal.entries) {
      if (entry.lines.length > maxLines) {
        throw new AppError(
          'invalid_input',
          `One entry of journal ${journal.id} has ${entry.lines.length} lines, more than the ${maxLines} a Xero import file holds, so it cannot be split and still balance. Export this period as the generic CSV instead.`,
          { reason: 'xero_entry_too_large', journal: journal.id, lines: entry.lines.length },
        );
      }
      if (used + entry.lines.length > maxLines) {
        files.push(current);
        current = [];
        used = 0;
      }
      const last = current[current.length - 1];
      if (last?.journal === journal) last.entries.push(entry);
      else current.push({ journal, entries: [entry] });
      used += entry.lines.length;
    }
  }
  if (current.length > 0) files.push(current);
  const pieces = new Map<Journal, number>();
  for (const file of files)
    for (const piece of file) pieces.set(piece.journal, (pieces.get(piece.journal) ?? 0) + 1);
  const seen = new Map<Journal, number>();
  return files.map((file) =>
    file.map((piece) => {
      const total = pieces.get(piece.journal)!;
      const part = (seen.get(piece.journal) ?? 0) + 1;
      seen.set(piece.journal, part);
      const narration =
        total === 1 ? piece.journal.narration : `${piece.journal.narration} (part ${part} of ${total})`;
      return { journal: piece.journal, narration, entries: piece.entries };
    }),
  );
}
