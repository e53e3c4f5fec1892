/**
 * The XLSX writer: every table as one sheet of one workbook, streamed to `path` a chunk of
 * rows at a time (fflate's streaming ZIP; SpreadsheetML written by xlsx/sheet-xml.ts), so memory
 * stays flat however long the table. Cell mapping: xlsx/cell-mapping.ts. The runner hands a
 * temporary path and renames it into place when this resolves; on failure or cancel it removes it.
 */
import { rm } from 'node:fs/promises';
import type { ExportTable } from './columns';
import { contentTypesXml, rootRelsXml, sheetPath, workbookRelsXml, workbookXml } from './xlsx/ooxml-parts';
import { StyleRegistry } from './xlsx/style-registry';
import { checkSheetSize, writeSheet } from './xlsx/write-sheet';
import { ZipFile } from './xlsx/zip-file';

export interface XlsxOptions {
  signal?: AbortSignal;
  /** Data rows written so far, over all sheets (after each chunk, and at the end). */
  onRows?: (rowsSoFar: number) => void;
  /** The ZIP entries' time, for a workbook that must be the same bytes when written again; default now. */
  modifiedAt?: Date;
}

/**
 * Excel's sheet names: at most 31 characters, none of : \ / ? * [ ], no apostrophe first or last,
 * not "History" (reserved), unique ignoring case.
 */
export function sheetNames(titles: readonly string[]): string[] {
  const taken = new Set<string>();
  return titles.map((title) => {
    const base =
      title
        .replace(/[:\\/?*[\]]/g, ' ')
        .replace(/^'+|'+$/g, '')
        .trim()
        .slice(0, 31)
        .replace(/^history$/i, 'History (export)') || 'Sheet';
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 30 - String(n).length)} ${n}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

export async function writeXlsx(
  sheets: ReadonlyArray<ExportTable<any>>, // eslint-disable-line @typescript-eslint/no-explicit-any
  path: string,
  options: XlsxOptions = {},
): Promise<{ rows: number; bytes: number }> {
  if (sheets.length === 0) throw new Error('writeXlsx: a workbook needs at least one sheet.');
  for (const table of sheets) checkSheetSize(table);
  options.signal?.throwIfAborted();
  const names = sheetNames(sheets.map((table) => table.title));
  const styles = new StyleRegistry();
  const zip = new ZipFile(path, options.modifiedAt);
  try {
    await zip.add('[Content_Types].xml', contentTypesXml(sheets.length));
    await zip.add('_rels/.rels', rootRelsXml());
    await zip.add('xl/workbook.xml', workbookXml(names));
    await zip.add('xl/_rels/workbook.xml.rels', workbookRelsXml(sheets.length));
    let done = 0;
    for (const [index, table] of sheets.entries()) {
      const before = done;
      done += await writeSheet(table, zip, sheetPath(index), styles, {
        signal: options.signal,
        onChunk: (inSheet) => options.onRows?.(before + inSheet),
      });
    }
    await zip.add('xl/styles.xml', styles.toXml());
    const bytes = await zip.close();
    options.signal?.throwIfAborted();
    return { rows: done, bytes };
  } catch (error) {
    await zip.abort();
    await rm(path, { force: true });
    throw error;
  }
}
