/**
 * Bytes of a statement file → text. Banks write UTF-8 (with or without a byte order mark), UTF-16
 * (usually with a BOM; Excel's "Unicode text" export) and Windows-1252 (older German and UK
 * exports). The order of the checks matters: a BOM is certain, a NUL pattern is near certain for
 * UTF-16 text that is mostly ASCII, and bytes that are not valid UTF-8 are read as Windows-1252,
 * which maps every byte to a character.
 */
import type { StatementProblem } from '../../../../shared/domain/statements';

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export type DecodeResult =
  { ok: true; text: string; encoding: TextEncodingName } | { ok: false; problem: StatementProblem };

/** How many leading bytes the UTF-16 NUL-pattern check looks at. */
const SNIFF_BYTES = 4096;

function decodeStrict(bytes: Uint8Array, encoding: TextEncodingName): string | undefined {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * UTF-16 without a BOM: text that is mostly ASCII has a NUL in every other byte. Little endian puts
 * it second (`D\0a\0`), big endian first (`\0D\0a`). Demands a clear majority so that a binary or
 * UTF-8 file with a few NULs is not mistaken for UTF-16.
 */
export function sniffUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const length = Math.min(bytes.length, SNIFF_BYTES) & ~1;
  if (length < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenZeros += 1;
    if (bytes[i + 1] === 0) oddZeros += 1;
  }
  const pairs = length / 2;
  if (oddZeros >= pairs * 0.4 && evenZeros <= pairs * 0.05) return 'utf-16le';
  if (evenZeros >= pairs * 0.4 && oddZeros <= pairs * 0.05) return 'utf-16be';
  return undefined;
}

function utf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be', how: string): DecodeResult {
  const text = decodeStrict(bytes, encoding);
  if (text === undefined) {
    return {
      ok: false,
      problem: {
        line: 1,
        field: null,
        problem: `The file looks like UTF-16 text (${how}) but is not valid UTF-16 (${bytes.length % 2 === 1 ? 'an odd number of bytes: probably cut short' : 'broken characters'}). Export the statement again.`,
      },
    };
  }
  return { ok: true, text, encoding };
}

/** Decode a statement file; a byte order mark is removed from the text. */
export function decodeStatementBytes(bytes: Uint8Array): DecodeResult {
  const [b0, b1, b2, b3] = [bytes[0], bytes[1], bytes[2], bytes[3]];
  if (b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0) {
    return {
      ok: false,
      problem: {
        line: 1,
        field: null,
        problem: 'The file is UTF-32, which FloatDesk does not read. Export it as UTF-8 or UTF-16.',
      },
    };
  }
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) {
    const text = decodeStrict(bytes.subarray(3), 'utf-8');
    if (text !== undefined) return { ok: true, text, encoding: 'utf-8' };
    return {
      ok: false,
      problem: {
        line: 1,
        field: null,
        problem:
          'The file starts with a UTF-8 byte order mark but contains bytes that are not UTF-8. Export the statement again.',
      },
    };
  }
  if (b0 === 0xff && b1 === 0xfe) return utf16(bytes.subarray(2), 'utf-16le', 'byte order mark');
  if (b0 === 0xfe && b1 === 0xff) return utf16(bytes.subarray(2), 'utf-16be', 'byte order mark');
  const sniffed = sniffUtf16(bytes);
  if (sniffed) return utf16(bytes, sniffed, 'no byte order mark, detected by its NUL bytes');
  const utf8 = decodeStrict(bytes, 'utf-8');
  if (utf8 !== undefined) return { ok: true, text: utf8, encoding: 'utf-8' };
  return { ok: true, text: decodeWindows1252(bytes), encoding: 'windows-1252' };
}

/** WHATWG index-windows-1252 for bytes 0x80–0x9F (the rest equal their code point). */
const WINDOWS_1252_C1 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Windows-1252, every byte a character. Not through TextDecoder('windows-1252'): Node 20.18.3+
 * decodes it as Latin-1, turning € (0x80) and the curly quotes (0x91–0x94) into control
 * characters (nodejs/node#60888).
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes = Array.from(bytes.subarray(start, start + CHUNK), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_C1[byte - 0x80]! : byte,
    );
    text += String.fromCharCode(...codes);
  }
  return text;
}
