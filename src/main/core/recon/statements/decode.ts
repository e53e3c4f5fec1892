/**
 * Bytes of a statement file → text. Banks write UTF-8 (with or without a byte order mark), UTF-16
 * (usually with a BOM; Excel's "Unicode text" export) and Windows-1252 (older German and UK
 * exports). The order of the checks matters: a BOM is certain, a NUL pattern is near certain for
 * UTF-16 text that is mostly ASCII, and bytes that are not valid UTF-8 are read as Windows-1252,
 * which maps every byte to a character.
 */
import { isAscii, isUtf8 } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import type { StatementProblem } from '../../../../shared/domain/statements';

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export type DecodeResult =
  { ok: true; text: string; encoding: TextEncodingName } | { ok: false; problem: StatementProblem };

/** How many leading bytes the UTF-16 NUL-pattern check looks at. */
const SNIFF_BYTES = 4096;

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

const PROBLEM = (problem: string): StatementProblem => ({ line: 1, field: null, problem });

/**
 * What the first bytes say. `known: false` means UTF-8 when every byte of the file is valid UTF-8,
 * else Windows-1252: a question only the whole file answers (Utf8Check, a piece at a time).
 */
export type EncodingPlan =
  | { ok: true; encoding: TextEncodingName; skip: number; known: boolean; how: string }
  | { ok: false; problem: StatementProblem };

export function planEncoding(head: Uint8Array): EncodingPlan {
  const [b0, b1, b2, b3] = [head[0], head[1], head[2], head[3]];
  if (b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0)
    return {
      ok: false,
      problem: PROBLEM('The file is UTF-32, which FloatDesk does not read. Export it as UTF-8 or UTF-16.'),
    };
  const bom = 'byte order mark';
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf)
    return { ok: true, encoding: 'utf-8', skip: 3, known: true, how: bom };
  if (b0 === 0xff && b1 === 0xfe) return { ok: true, encoding: 'utf-16le', skip: 2, known: true, how: bom };
  if (b0 === 0xfe && b1 === 0xff) return { ok: true, encoding: 'utf-16be', skip: 2, known: true, how: bom };
  const sniffed = sniffUtf16(head);
  if (sniffed)
    return {
      ok: true,
      encoding: sniffed,
      skip: 0,
      known: true,
      how: 'no byte order mark, detected by its NUL bytes',
    };
  return { ok: true, encoding: 'utf-8', skip: 0, known: false, how: 'valid UTF-8' };
}

/** Whether bytes given a piece at a time are valid UTF-8 (a character may span two pieces). */
export class Utf8Check {
  private carry: Uint8Array = new Uint8Array(0);
  private valid = true;

  push(chunk: Uint8Array): void {
    if (!this.valid) return;
    const data = this.carry.length === 0 ? chunk : Buffer.concat([this.carry, chunk]);
    const cut = completeLength(data);
    if (!isUtf8(data.subarray(0, cut))) this.valid = false;
    this.carry = data.slice(cut);
  }

  end(): boolean {
    return this.valid && this.carry.length === 0;
  }
}

/** Bytes up to the last complete character (a lead byte near the end may still need more). */
function completeLength(data: Uint8Array): number {
  for (let back = 1; back <= 3 && back <= data.length; back += 1) {
    const byte = data[data.length - back]!;
    if (byte < 0x80) return data.length;
    if (byte >= 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return needed > back ? data.length - back : data.length;
    }
  }
  return data.length;
}

/** Text from bytes given a piece at a time in a known encoding; invalid bytes are a problem. */
export class TextPieces {
  private readonly decoder: InstanceType<typeof TextDecoder> | undefined;
  /** UTF-8 already checked to be valid (Utf8Check): decoded without checking again, several times faster. */
  private readonly checked: StringDecoder | undefined;
  private skip: number;
  private odd = 0;
  /** The checked decoder holds the first bytes of a character that the next piece completes. */
  private partial = false;

  constructor(
    readonly encoding: TextEncodingName,
    private readonly plan: { skip: number; how: string },
    validUtf8 = false,
  ) {
    this.skip = plan.skip;
    this.checked = validUtf8 && encoding === 'utf-8' ? new StringDecoder('utf8') : undefined;
    this.decoder =
      encoding === 'windows-1252' || this.checked !== undefined
        ? undefined
        : new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  }

  push(chunk: Uint8Array): string | StatementProblem {
    let bytes = chunk;
    if (this.skip > 0) {
      const skipped = Math.min(this.skip, bytes.length);
      bytes = bytes.subarray(skipped);
      this.skip -= skipped;
    }
    this.odd = (this.odd + bytes.length) % 2;
    if (this.checked !== undefined) {
      // Most pieces are plain ASCII: read byte for byte, unless a character began in the last piece.
      if (!this.partial && isAscii(bytes))
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
      this.partial = completeLength(bytes) !== bytes.length;
      return this.checked.write(bytes as Buffer);
    }
    if (this.decoder === undefined) return decodeWindows1252(bytes);
    try {
      return this.decoder.decode(bytes, { stream: true });
    } catch {
      return this.invalid(false);
    }
  }

  end(): string | StatementProblem {
    if (this.checked !== undefined) return this.checked.end();
    if (this.decoder === undefined) return '';
    try {
      return this.decoder.decode();
    } catch {
      return this.invalid(true);
    }
  }

  private invalid(atEnd: boolean): StatementProblem {
    if (this.encoding === 'utf-8')
      return PROBLEM(
        'The file starts with a UTF-8 byte order mark but contains bytes that are not UTF-8. Export the statement again.',
      );
    const why = atEnd && this.odd === 1 ? 'an odd number of bytes: probably cut short' : 'broken characters';
    return PROBLEM(
      `The file looks like UTF-16 text (${this.plan.how}) but is not valid UTF-16 (${why}). Export the statement again.`,
    );
  }
}

/** Decode a whole statement file; a byte order mark is removed from the text. */
export function decodeStatementBytes(bytes: Uint8Array): DecodeResult {
  const plan = planEncoding(bytes);
  if (!plan.ok) return plan;
  const encoding = plan.known || isUtf8(bytes) ? plan.encoding : 'windows-1252';
  const pieces = new TextPieces(encoding, plan);
  const text = pieces.push(bytes);
  if (typeof text !== 'string') return { ok: false, problem: text };
  const rest = pieces.end();
  if (typeof rest !== 'string') return { ok: false, problem: rest };
  return { ok: true, text: text + rest, encoding };
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
