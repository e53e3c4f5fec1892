/**
 * Reading one statement file for an import: its size against its format's limit, its SHA-256 and
 * encoding in a first pass, then its text through the statement reader in a second, handing on each
 * statement and each batch of lines as soon as they are known. It runs in the statement worker (or,
 * where that was not built, on the core's own thread) and never touches the ledger.
 */
import { createHash } from 'node:crypto';
import type { BankLine, StatementProblem } from '../../../../shared/domain/statements';
import { AppError, toErrorShape, type ErrorShape } from '../../../../shared/ipc/errors';
import { planEncoding, TextPieces, Utf8Check, type TextEncodingName } from '../statements/decode';
import { detectFormat, FORMAT_SNIFF_CHARS, type StatementFormat } from '../statements/format';
import { MAX_FILE_BYTES } from '../statements/limits';
import { StatementReader, type ReadSummary, type SectionHead } from '../statements/reader';
import { sourceChunks, sourceSize, tooLarge, type StatementSource } from './source';

export interface ReadJob {
  source: StatementSource;
  /** The name a person knows the file by, for messages. */
  fileName: string;
  format: 'auto' | StatementFormat;
  /** The CSV column profile, when the person chose one. */
  profile?: unknown;
  /** The account's currency, for a CSV read by its titles that names none. */
  currency?: string;
}

export type ReadEvent =
  | { type: 'file'; sha256: string; encoding: TextEncodingName | null; format: StatementFormat }
  | { type: 'section'; head: SectionHead }
  | { type: 'lines'; lines: BankLine[] }
  | { type: 'end'; summary: ReadSummary }
  | { type: 'failed'; error: ErrorShape };

/** Lines handed on at a time: small enough that storing a batch takes a few milliseconds. */
export const BATCH_LINES = 2_000;
const HEAD_BYTES = 64 * 1024;

export type Emit = (event: ReadEvent) => Promise<void>;

export async function readStatementJob(job: ReadJob, emit: Emit): Promise<void> {
  // An error of the one taking the events (the ledger, on the core's own thread) is its own, not
  // the reader's: it goes back unchanged.
  let sinkError: { error: unknown } | undefined;
  const handOn: Emit = async (event) => {
    try {
      await emit(event);
    } catch (error) {
      sinkError = { error };
      throw error;
    }
  };
  try {
    await read(job, handOn);
  } catch (error) {
    if (sinkError !== undefined) throw sinkError.error;
    await emit({ type: 'failed', error: toErrorShape(readerError(error, job.fileName)) });
  }
}

/** A file beyond what the reader can hold (too many lines, too deep) is said as such. */
export function readerError(error: unknown, fileName: string): unknown {
  if (
    error instanceof RangeError ||
    (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY'
  )
    return new AppError(
      'invalid_input',
      `${fileName} is too large or too deeply nested for FloatDesk to read as a statement. Nothing was stored: ask the bank for statements of shorter periods.`,
      { cause: String(error) },
    );
  return error;
}

async function read(job: ReadJob, emit: Emit): Promise<void> {
  const { source } = job;
  const head = await firstBytes(source);
  const plan = planEncoding(head);
  const headText = plan.ok ? new TextDecoder(plan.encoding).decode(head.subarray(plan.skip)) : '';
  const format = job.format === 'auto' ? detectFormat(headText.slice(0, FORMAT_SNIFF_CHARS)) : job.format;
  const size = sourceSize(source);
  if (size > MAX_FILE_BYTES[format])
    throw tooLarge(job.fileName, size, MAX_FILE_BYTES[format], `${FORMAT_NAMES[format]} files`);

  // First pass: the file's SHA-256 and, without a byte order mark, whether all of it is UTF-8.
  const hash = createHash('sha256');
  // Every UTF-8 file is checked here: with a byte order mark it must be UTF-8, without one it decides.
  const utf8 = plan.ok && plan.encoding === 'utf-8' ? new Utf8Check() : undefined;
  for await (const chunk of sourceChunks(source)) {
    hash.update(chunk);
    utf8?.push(chunk);
  }
  const sha256 = hash.digest('hex');
  if (!plan.ok) {
    await emit({ type: 'file', sha256, encoding: null, format });
    await emit({ type: 'end', summary: failedSummary(format, plan.problem) });
    return;
  }
  const validUtf8 = utf8?.end() === true;
  const encoding: TextEncodingName =
    utf8 === undefined || validUtf8 || plan.known ? plan.encoding : 'windows-1252';
  await emit({ type: 'file', sha256, encoding, format });

  // Second pass: the text, through the reader.
  const pending: ReadEvent[] = [];
  let batch: BankLine[] = [];
  const closeBatch = (): void => {
    if (batch.length > 0) pending.push({ type: 'lines', lines: batch });
    batch = [];
  };
  const reader = new StatementReader(
    format,
    job.profile,
    {
      section: (sectionHead) => {
        closeBatch();
        pending.push({ type: 'section', head: sectionHead });
      },
      line: (line) => {
        batch.push(line);
        if (batch.length >= BATCH_LINES) closeBatch();
      },
    },
    {
      ...(job.currency === undefined ? {} : { currency: job.currency }),
      // About 80 bytes a line (a guess: the counts grow if it is short).
      expectedLines: Math.ceil(size / 80),
    },
  );
  const flush = async (): Promise<void> => {
    for (const event of pending.splice(0)) await emit(event);
  };
  const pieces = new TextPieces(encoding, plan, validUtf8);
  const again = createHash('sha256');
  for await (const chunk of sourceChunks(source)) {
    again.update(chunk);
    const text = pieces.push(chunk);
    if (typeof text !== 'string') {
      await emit({ type: 'end', summary: failedSummary(format, text) });
      return;
    }
    reader.push(text);
    await flush();
  }
  const rest = pieces.end();
  if (typeof rest !== 'string') {
    await emit({ type: 'end', summary: failedSummary(format, rest) });
    return;
  }
  reader.push(rest);
  const summary = reader.end();
  closeBatch();
  await flush();
  if (again.digest('hex') !== sha256)
    throw new AppError(
      'invalid_input',
      `${job.fileName} changed while FloatDesk was reading it. Import it again when nothing is writing to it.`,
      { issues: [{ field: 'file', problem: 'changed while it was read' }] },
    );
  await emit({ type: 'end', summary });
}

const FORMAT_NAMES: Readonly<Record<StatementFormat, string>> = {
  csv: 'CSV statement',
  camt053: 'camt.053',
  mt940: 'MT940',
  ofx: 'OFX',
};

async function firstBytes(source: StatementSource): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of sourceChunks(source, HEAD_BYTES)) parts.push(chunk);
  return Buffer.concat(parts);
}

function failedSummary(format: StatementFormat, problem: StatementProblem): ReadSummary {
  return {
    format,
    account: null,
    opening: null,
    closing: null,
    sections: [],
    linesRead: 0,
    errors: [problem],
    errorsTotal: 1,
    unbalanced: [],
  };
}
