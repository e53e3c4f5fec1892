/** Which statement format a file is, by its first characters. */
import type { StatementImport } from '../../../../shared/domain/statements';

export type StatementFormat = StatementImport['format'];

/** How many leading characters decide the format. */
export const FORMAT_SNIFF_CHARS = 4096;

/** The format of a decoded statement by its content; CSV when it is none of the others. */
export function detectFormat(text: string): StatementFormat {
  const head = text.slice(0, FORMAT_SNIFF_CHARS);
  if (/OFXHEADER\s*[:=]|<OFX>/i.test(head)) return 'ofx';
  if (/^\s*<(\?xml|[\w.-]*:?Document\b)/.test(head)) return 'camt053';
  if (/^\s*\{1:/.test(head) || (/^:20:/m.test(head) && /^:(60[FM]|61|25):/m.test(head))) return 'mt940';
  return 'csv';
}
