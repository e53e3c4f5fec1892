/** Line numbers for positions in a text: every problem a person sees names a 1-based line. */

/**
 * A function from a character offset to its 1-based line number. Readers ask in the order of the
 * text, so it counts line breaks onward from the offset it was last asked for, keeping nothing per
 * line (a file of 60 million empty lines would otherwise need an array of 60 million numbers); an
 * offset before the last one counts again from the start.
 */
export function lineLocator(text: string): (offset: number) => number {
  let at = 0;
  let line = 1;
  return (offset: number): number => {
    if (offset < at) {
      at = 0;
      line = 1;
    }
    const end = Math.min(offset, text.length);
    for (; at < end; at += 1) {
      const code = text.charCodeAt(at);
      if (code === 10) line += 1;
      else if (code === 13 && text.charCodeAt(at + 1) !== 10) line += 1;
    }
    return line;
  };
}

/** Calls `visit` with each line (without its terminator) and its 1-based number, making no array. */
export function forEachLine(text: string, visit: (line: string, number: number) => void): void {
  let start = 0;
  let number = 1;
  while (start <= text.length) {
    let end = start;
    while (end < text.length) {
      const code = text.charCodeAt(end);
      if (code === 10 || code === 13) break;
      end += 1;
    }
    visit(text.slice(start, end), number);
    if (end >= text.length) return;
    start = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
    number += 1;
  }
}

/** The number of the last line that has any text (a final newline does not start a line). */
export function lastLineNumber(text: string): number {
  let end = text.length - 1;
  while (end >= 0 && /\s/.test(text.charAt(end))) end -= 1;
  return end < 0 ? 1 : lineLocator(text)(end);
}

/** Trim and collapse runs of whitespace into one space; empty becomes null. */
export function cleanText(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  // Most texts are clean already (words with single spaces): no copy for them.
  if (CLEAN.test(value)) return value;
  const cleaned = value.replace(/\s+/g, ' ').trim();
  return cleaned === '' ? null : cleaned;
}

/** Words separated by single ordinary spaces, nothing else of the \s class anywhere. */
const CLEAN = /^[^\s]+(?: [^\s]+)*$/;
