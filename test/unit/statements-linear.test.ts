/**
 * Property: reading a statement takes time in proportion to its size, whatever it holds. Files are
 * built from fragments that open constructs and never close them (comments, tags, quotes, references,
 * fields), repeated to a size n and to 16n; sixteen times the text may take at most about sixteen
 * times as long (with room for noise and the collector: 64x), where a quadratic reader would take
 * 256 times as long.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importStatement, type ImportOptions } from '../../src/main/core/recon/statements';
import { runs } from '../helpers/property-runs';

const FRAGMENTS = [
  '<', '<!--', '<?', '<!', '<A', '<A b="', '<![CDATA[', '</', '>', '&', '&#x', '&#x110000;', '&amp', ';',
  '"', '""', ',', ';', '\n', '\r', ':20:', ':61:', ':86:', '{4:', '-}', 'x', '1', '.', ' ',
]; // prettier-ignore

const HEADS: Record<'ofx' | 'camt053' | 'mt940' | 'csv', string> = {
  ofx: 'OFXHEADER:100\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKTRANLIST>',
  camt053:
    '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>',
  mt940: ':20:STMT\n:25:DE89370400440532013000\n:28C:1/1\n:60F:C260301EUR1000,00\n',
  csv: 'Date,Amount,Text\n',
};
const OPTIONS: Record<keyof typeof HEADS, ImportOptions> = {
  ofx: { format: 'ofx' },
  camt053: { format: 'camt053' },
  mt940: { format: 'mt940' },
  csv: {
    format: 'csv',
    profile: { columns: { date: 'Date', amount: 'Amount', remittance: 'Text' }, currency: 'EUR' },
  },
};

const SMALL = 64 * 1024;
const GROWTH = 16;

function fastest(text: string, options: ImportOptions): number {
  const bytes = Buffer.from(text, 'utf8');
  let best = Infinity;
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = performance.now();
    const result = importStatement(bytes, options);
    best = Math.min(best, performance.now() - started);
    expect(result.errors.length).toBeLessThanOrEqual(100);
  }
  return best;
}

describe('statement reading time grows linearly with the file', () => {
  it.each(Object.keys(HEADS) as (keyof typeof HEADS)[])(
    '%s',
    (format) => {
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 4 }), (pieces) => {
          const unit = pieces.join('');
          const build = (size: number): string => HEADS[format] + unit.repeat(Math.ceil(size / unit.length));
          const small = fastest(build(SMALL), OPTIONS[format]);
          const large = fastest(build(SMALL * GROWTH), OPTIONS[format]);
          // The small file can take well under a millisecond (caches, no collection): it counts as
          // at least 2 ms, which a quadratic reader of 64 KB takes many times over.
          expect(
            large,
            `unit ${JSON.stringify(unit)}: ${small.toFixed(1)} ms, then ${large.toFixed(1)} ms`,
          ).toBeLessThan(Math.max(small, 2) * GROWTH * 4);
        }),
        runs(15),
      );
    },
    120_000,
  );
});
