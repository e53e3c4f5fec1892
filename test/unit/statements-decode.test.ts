import { describe, expect, it } from 'vitest';
import { importStatement } from '../../src/main/core/recon/statements';
import {
  decodeStatementBytes,
  decodeWindows1252,
  sniffUtf16,
} from '../../src/main/core/recon/statements/decode';

const TEXT = 'Datum;Betrag;Text\r\n02.03.2026;-4,20;Bäckerei Groß €\r\n';

function utf16be(text: string): Uint8Array {
  const le = Buffer.from(text, 'utf16le');
  const be = Buffer.alloc(le.length);
  for (let i = 0; i < le.length; i += 2) [be[i], be[i + 1]] = [le[i + 1]!, le[i]!];
  return be;
}
const bytes = (...parts: (number[] | Uint8Array)[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((part) => [...part]));

describe('decodeStatementBytes', () => {
  it.each([
    ['UTF-8 without BOM', Buffer.from(TEXT, 'utf8'), 'utf-8'],
    ['UTF-8 with BOM (removed)', bytes([0xef, 0xbb, 0xbf], Buffer.from(TEXT, 'utf8')), 'utf-8'],
    ['UTF-16 LE with BOM', bytes([0xff, 0xfe], Buffer.from(TEXT, 'utf16le')), 'utf-16le'],
    ['UTF-16 BE with BOM', bytes([0xfe, 0xff], utf16be(TEXT)), 'utf-16be'],
    ['UTF-16 LE without BOM (NUL pattern)', Buffer.from(TEXT, 'utf16le'), 'utf-16le'],
    ['UTF-16 BE without BOM (NUL pattern)', utf16be(TEXT), 'utf-16be'],
  ])('reads %s', (_name, input, encoding) => {
    expect(decodeStatementBytes(input)).toEqual({ ok: true, text: TEXT, encoding });
  });

  it('reads bytes that are not valid UTF-8 as Windows-1252', () => {
    // "Bäckerei Groß €" in Windows-1252: ä = E4, ß = DF, € = 80.
    const latin = bytes(
      Buffer.from('Datum;Betrag;Text\r\n02.03.2026;-4,20;B'),
      [0xe4],
      Buffer.from('ckerei Gro'),
      [0xdf, 0x20, 0x80],
      Buffer.from('\r\n'),
    );
    expect(decodeStatementBytes(latin)).toEqual({ ok: true, text: TEXT, encoding: 'windows-1252' });
  });

  it('maps every Windows-1252 byte from 0x80 to 0x9F as the WHATWG table does', () => {
    const all = Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i);
    expect(decodeWindows1252(all)).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ');
    expect(decodeWindows1252(Uint8Array.from([0x41, 0xa0, 0xe4, 0xff]))).toBe('A\u00a0äÿ');
  });

  it('reports UTF-16 cut short (odd byte count) and UTF-32 instead of guessing', () => {
    const cut = bytes([0xff, 0xfe], Buffer.from(TEXT, 'utf16le').subarray(0, 21));
    const result = decodeStatementBytes(cut);
    expect(result).toEqual({
      ok: false,
      problem: { line: 1, field: null, problem: expect.stringMatching(/UTF-16.*odd number of bytes/) },
    });
    expect(decodeStatementBytes(bytes([0xff, 0xfe, 0, 0], [0x41, 0, 0, 0]))).toMatchObject({
      ok: false,
      problem: { problem: expect.stringMatching(/UTF-32/) },
    });
    expect(decodeStatementBytes(bytes([0xef, 0xbb, 0xbf, 0xc3, 0x28]))).toMatchObject({
      ok: false,
      problem: { problem: expect.stringMatching(/not UTF-8/) },
    });
  });

  it('does not take a UTF-8 file with a stray NUL for UTF-16', () => {
    expect(
      sniffUtf16(bytes(Buffer.from('date,amount\n'), [0], Buffer.from('2026-03-01,5.00\n'))),
    ).toBeUndefined();
    expect(decodeStatementBytes(Buffer.from('')).ok).toBe(true);
  });

  it('gives the same lines for one CSV in every encoding', () => {
    const profile = {
      delimiter: ';',
      currency: 'EUR',
      columns: { date: 'Datum', amount: 'Betrag', remittance: 'Text' },
    };
    const results = [
      Buffer.from(TEXT, 'utf8'),
      bytes([0xfe, 0xff], utf16be(TEXT)),
      Buffer.from(TEXT, 'utf16le'),
    ].map((input) => importStatement(input, { format: 'csv', profile }));
    for (const result of results) {
      expect(result.errors).toEqual([]);
      expect(result.lines).toEqual(results[0]!.lines);
    }
    expect(results[0]!.lines[0]).toMatchObject({ amount: '-4.20', remittance: 'Bäckerei Groß €' });
  });
});
