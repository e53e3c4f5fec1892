/**
 * Import files with a limit (Xero: 300 lines a manual-journal file; Sage: 0.5 MB a file). A large
 * journal is cut between whole entries (each balances on its own), so every piece balances too; the
 * files are filled in order, and each piece says which part of its journal it is.
 */
import { AppError } from '../../../../shared/ipc/errors';
import type { Journal, JournalEntry } from '../types';

export const XERO_MAX_LINES = 300;

/** A journal's entries that go into one file: part `part` of `parts` of the journal. */
export interface JournalPiece {
  journal: Journal;
  entries: JournalEntry[];
  part: number;
  parts: number;
  /** The narration that makes the piece a journal of its own in Xero: "… (part 1 of 2)" when cut. */
  narration: string;
}

export const lineCount = (entries: readonly JournalEntry[]): number =>
  entries.reduce((n, entry) => n + entry.lines.length, 0);

export interface SplitRule {
  /** What a file may hold, in the unit `cost` counts. */
  limit: number;
  cost: (entry: JournalEntry, journal: Journal) => number;
  /** The refusal when one entry alone is over the limit (it cannot be cut and still balance). */
  tooLarge: (journal: Journal, cost: number) => AppError;
}

/** Files of pieces, each file within the rule's limit, in the journals' order. */
export function splitJournals(journals: readonly Journal[], rule: SplitRule): JournalPiece[][] {
  const files: { journal: Journal; entries: JournalEntry[] }[][] = [];
  let current: { journal: Journal; entries: JournalEntry[] }[] = [];
  let used = 0;
  for (const journal of journals) {
    for (const entry of journal.entries) {
      const cost = rule.cost(entry, journal);
      if (cost > rule.limit) throw rule.tooLarge(journal, cost);
      if (used + cost > rule.limit) {
        files.push(current);
        current = [];
        used = 0;
      }
      const last = current[current.length - 1];
      if (last?.journal === journal) last.entries.push(entry);
      else current.push({ journal, entries: [entry] });
      used += cost;
    }
  }
  if (current.length > 0) files.push(current);
  const pieces = new Map<Journal, number>();
  for (const file of files)
    for (const piece of file) pieces.set(piece.journal, (pieces.get(piece.journal) ?? 0) + 1);
  const seen = new Map<Journal, number>();
  return files.map((file) =>
    file.map((piece) => {
      const parts = pieces.get(piece.journal)!;
      const part = (seen.get(piece.journal) ?? 0) + 1;
      seen.set(piece.journal, part);
      const narration =
        parts === 1 ? piece.journal.narration : `${piece.journal.narration} (part ${part} of ${parts})`;
      return { journal: piece.journal, entries: piece.entries, part, parts, narration };
    }),
  );
}

/** Files of pieces, each file at most `maxLines` lines (Xero's limit). */
export function splitForXero(journals: readonly Journal[], maxLines = XERO_MAX_LINES): JournalPiece[][] {
  return splitJournals(journals, {
    limit: maxLines,
    cost: (entry) => entry.lines.length,
    tooLarge: (journal, lines) =>
      new AppError(
        'invalid_input',
        `One entry of journal ${journal.id} has ${lines} lines, more than the ${maxLines} a Xero import file holds, so it cannot be split and still balance. Export this period as the generic CSV instead.`,
        { reason: 'xero_entry_too_large', journal: journal.id, lines },
      ),
  });
}
