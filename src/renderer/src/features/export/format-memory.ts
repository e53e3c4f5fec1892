import { EXPORT_FORMATS, type ExportFormat } from '@shared/ipc/contract-export';

/**
 * The export format last chosen, remembered on this computer (localStorage), and the one to offer
 * before anything was chosen: regional CSV (`;` and decimal comma) where the workspace's number
 * format writes a decimal comma, since Excel in such a locale expects it; otherwise standard CSV.
 * Pure apart from the storage, which is passed in.
 */

export const FORMAT_STORAGE_KEY = 'floatdesk.export.format';

export interface FormatStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const FORMAT_LABELS: Readonly<Record<ExportFormat, string>> = {
  csv: 'CSV',
  'csv-regional': 'CSV (regional: ; and decimal comma)',
  xlsx: 'Excel workbook (.xlsx)',
};

export const FORMAT_HINTS: Readonly<Record<ExportFormat, string>> = {
  csv: 'Comma-separated, decimal point. Opens in any spreadsheet.',
  'csv-regional': 'Semicolon-separated, decimal comma: for Excel set to a European locale.',
  xlsx: 'Amounts as numbers with their currency format, references as text.',
};

const isFormat = (value: string | null): value is ExportFormat =>
  value !== null && (EXPORT_FORMATS as readonly string[]).includes(value);

/** Whether numbers in this locale (undefined: the system's) are written with a decimal comma. */
export function usesDecimalComma(locale: string | undefined): boolean {
  try {
    const parts = new Intl.NumberFormat(locale).formatToParts(1.5);
    return parts.find((part) => part.type === 'decimal')?.value === ',';
  } catch {
    return false;
  }
}

export function suggestedFormat(locale: string | undefined): ExportFormat {
  return usesDecimalComma(locale) ? 'csv-regional' : 'csv';
}

/**
 * Tables and reports are remembered apart: a report (several parts) is best as one workbook, so
 * its first suggestion is XLSX; a table's is the CSV the locale expects.
 */
export type FormatScope = 'table' | 'report';

const storageKey = (scope: FormatScope): string =>
  scope === 'table' ? FORMAT_STORAGE_KEY : `${FORMAT_STORAGE_KEY}.${scope}`;

/** The last choice, or the suggestion when there is none (or storage is off). */
export function initialFormat(
  storage: FormatStorage | undefined,
  locale: string | undefined,
  scope: FormatScope = 'table',
): ExportFormat {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(storageKey(scope)) ?? null;
  } catch {
    stored = null;
  }
  if (isFormat(stored)) return stored;
  return scope === 'report' ? 'xlsx' : suggestedFormat(locale);
}

export function rememberFormat(
  storage: FormatStorage | undefined,
  format: ExportFormat,
  scope: FormatScope = 'table',
): void {
  try {
    storage?.setItem(storageKey(scope), format);
  } catch {
    // Storage disabled: the choice holds until the window closes.
  }
}

/** The browser's localStorage, when there is one (not in unit tests). */
export function browserStorage(): FormatStorage | undefined {
  try {
    return (globalThis as { localStorage?: FormatStorage }).localStorage;
  } catch {
    return undefined;
  }
}
