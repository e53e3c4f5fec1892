/**
 * One spelling per value: JSON with sorted keys, for comparing data and keying what is derived from it.
 */

/**
 * The value with every object's keys in sorted order and its undefined/null fields left out. Arrays
 * of plain values are reused as they are (a catalogue is mostly strings: this keeps it cheap).
 */
function sortedCopy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (item === undefined || (typeof item === 'object' && item !== null)) {
        copy ??= value.slice();
        copy[index] = item === undefined ? null : sortedCopy(item);
      }
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort()) {
    const item = record[key];
    if (item !== undefined && item !== null) out[key] = sortedCopy(item);
  }
  return out;
}

/** JSON with object keys sorted and undefined/null object fields left out: equal data, equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortedCopy(value)) ?? 'null';
}
