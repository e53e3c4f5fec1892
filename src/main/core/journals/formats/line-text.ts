import type { JournalLine } from '../types';

/** A line's description, with its references added when the description does not already name them. */
export function describedWithReference(line: JournalLine): string {
  return line.reference === '' || line.description.includes(line.reference)
    ? line.description
    : `${line.description}, ref ${line.reference}`;
}
