/** Line numbers for positions in a text: every problem a person sees names a 1-based line. */

/** Split into lines on CRLF, LF or a lone CR (old Mac exports), without the terminators. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}

/** A function from a character offset to its 1-based line number (binary search over line starts). */
export function lineLocator(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 10) starts.push(i + 1);
    else if (code === 13) {
      if (text.charCodeAt(i + 1) === 10) i += 1;
      starts.push(i + 1);
    }
  }
  return (offset: number): number => {
    let [low, high] = [0, starts.length - 1];
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

/** The number of the last line that has any text (a final newline does not start a line). */
export function lastLineNumber(text: string): number {
  const lines = splitLines(text);
  let last = lines.length;
  while (last > 1 && lines[last - 1]!.trim() === '') last -= 1;
  return last;
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
