/**
 * Xero manual journals import (help.xero.com "Enter multiple manual journals using an import
 * template"): columns Narration, Date, Description, AccountCode, TaxRate, Amount, TrackingName1,
 * TrackingOption1, TrackingName2, TrackingOption2. Date as dd/mm/yyyy; Amount signed (positive a
 * debit, negative a credit), "." decimals, no thousands separator; TaxRate is mandatory (the tax
 * rate's full name in Xero); at most 300 lines per file (journal-split.ts). No BOM: the first title
 * must read "Narration" exactly. CRLF and RFC 4180 quoting with the formula guard, as every FloatDesk CSV.
 */
import { amountText, textField } from '../../export/csv-cells';
import { EOL } from '../../export/csv-dialect';
import { AppError } from '../../../../shared/ipc/errors';
import { describedWithReference } from './line-text';
import type { Journal } from '../types';
import { splitForXero, lineCount, XERO_MAX_LINES } from './journal-split';

export const XERO_COLUMNS = [
  'Narration',
  'Date',
  'Description',
  'AccountCode',
  'TaxRate',
  'Amount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
] as const;

const SEPARATOR = ',';

export interface XeroFile {
  /** 1-based; files are numbered when there is more than one. */
  number: number;
  of: number;
  lines: number;
  text: string;
}

/** YYYY-MM-DD → dd/mm/yyyy, as Xero's template asks. */
export function xeroDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

function requireTaxCodes(journals: readonly Journal[]): void {
  const missing = new Set<string>();
  for (const journal of journals) {
    for (const entry of journal.entries)
      for (const line of entry.lines)
        if (line.taxCode === null) missing.add(`${line.account} (${journal.currency})`);
  }
  if (missing.size === 0) return;
  const accounts = [...missing].sort();
  throw new AppError(
    'invalid_input',
    `Xero needs a tax rate on every journal line, and the mapping gives none for account ${accounts[0]}${accounts.length > 1 ? ` and ${accounts.length - 1} more` : ''}: fill the tax_code column (e.g. "No VAT" or "Tax Exempt", as named in Xero) and export again.`,
    { reason: 'xero_tax_rate_missing', accounts },
  );
}

/** The journals as Xero import files, each balanced and at most `maxLines` lines. */
export function xeroCsvFiles(journals: readonly Journal[], maxLines = XERO_MAX_LINES): XeroFile[] {
  requireTaxCodes(journals);
  const text = (value: string): string => textField(value, SEPARATOR);
  const files = splitForXero(journals, maxLines);
  return files.map((pieces, index) => {
    let out = XERO_COLUMNS.join(SEPARATOR) + EOL;
    for (const piece of pieces) {
      const { journal } = piece;
      for (const entry of piece.entries) {
        for (const line of entry.lines) {
          const description = describedWithReference(line);
          const tracking = [0, 1].flatMap((i) => [
            line.tracking[i]?.name ?? '',
            line.tracking[i]?.option ?? '',
          ]);
          out +=
            [
              text(piece.narration),
              xeroDate(journal.date),
              text(description),
              text(line.account),
              text(line.taxCode ?? ''),
              amountText(line.amount, journal.currency) ?? '',
              ...tracking.map(text),
            ].join(SEPARATOR) + EOL;
        }
      }
    }
    const lines = pieces.reduce((n, piece) => n + lineCount(piece.entries), 0);
    return { number: index + 1, of: files.length, lines, text: out };
  });
}
