/**
 * A small RFC 4180 reader for the export tests, written apart from the writer on purpose (a shared
 * bug would be invisible): fields split on the separator, quoted fields with "" for a quote and
 * line breaks inside, records ended by CRLF. The UTF-8 BOM is checked and removed.
 */
export function readCsv(text: string, separator = ','): string[][] {
  if (!text.startsWith('\uFEFF')) throw new Error('the CSV does not start with a UTF-8 BOM');
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let at = 1; at < text.length; at++) {
    const char = text[at] as string;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[at + 1] === '"') {
        field += '"';
        at++;
      } else quoted = false;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === separator) {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[at + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      at++;
    } else field += char;
  }
  if (field !== '' || record.length > 0) throw new Error('the CSV does not end with CRLF');
  return records;
}

/** A text cell as the person meant it: the `'` FloatDesk put before a formula-like start removed. */
export function unneutralised(cell: string): string {
  return /^'[=+\-@\t\r\0]/.test(cell) ? cell.slice(1) : cell;
}
