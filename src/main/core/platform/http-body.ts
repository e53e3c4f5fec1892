/**
 * Reading an answer's body for the transport, within the size cap: into memory as UTF-8 text, or
 * streamed to `<file>.part` (owner-only), fsynced and renamed into place (the .part removed on any
 * failure). Failures are AppErrors: malformed_response for too large / not UTF-8, offline or timeout
 * for a body that breaks off or stalls (errors.ts networkError), and disk_full or file_access when
 * the file cannot be written (files/fs-errors.ts): a local failure, never taken for a network one.
 */
import { rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Dispatcher } from 'undici';
import { AppError } from '../../../shared/ipc/errors';
import { localFileError } from '../files/fs-errors';
import { openPrivate } from '../files/private-files';
import { writeFully } from '../files/write-fully';
import { malformedResponse, networkError, type RequestContext, type TimeoutPhase } from './errors';

export type Body = Dispatcher.ResponseData['body'];

export interface BodyLimits {
  maxBytes: number;
  timeouts: Partial<Record<TimeoutPhase, number>>;
}

/**
 * Drop a body that will not be read. Destroying an undici body emits an 'error' (request aborted);
 * with nobody listening that would surface as an uncaught exception, so listen first.
 */
export function discard(body: Body): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** What the sink threw: passed on as it is, never read as a network failure. */
class SinkFailure {
  constructor(readonly error: unknown) {}
}

/**
 * Feed each chunk to `sink`; the number of bytes read. Destroys the body on any failure. A failure
 * of the body is mapped by networkError; a failure of the sink (a disk that is full) is rethrown
 * unchanged for the caller to say.
 */
export async function readCapped(
  body: Body,
  context: RequestContext & { httpStatus?: number },
  limits: BodyLimits,
  sink: (chunk: Buffer) => unknown,
): Promise<number> {
  let bytes = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > limits.maxBytes)
        throw malformedResponse(context, `too large: over ${limits.maxBytes} bytes`, {
          limit: limits.maxBytes,
        });
      await Promise.resolve(sink(chunk)).catch((error: unknown) => {
        throw new SinkFailure(error);
      });
    }
  } catch (error) {
    discard(body);
    if (error instanceof SinkFailure) throw error.error;
    throw networkError(context, error, limits.timeouts);
  }
  return bytes;
}

export async function readText(
  body: Body,
  context: RequestContext & { httpStatus?: number },
  limits: BodyLimits,
): Promise<string> {
  const chunks: Buffer[] = [];
  await readCapped(body, context, limits, (chunk) => chunks.push(chunk));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw malformedResponse(context, 'not UTF-8 text');
  }
}

/** Stream the body to `file` via `file.part`; the number of bytes saved. */
export async function saveToFile(
  body: Body,
  file: string,
  context: RequestContext & { httpStatus?: number },
  limits: BodyLimits,
): Promise<number> {
  const part = `${file}.part`;
  let handle;
  try {
    handle = await openPrivate(part, 'w');
  } catch (error) {
    discard(body);
    throw diskError(file, error);
  }
  let closed = false;
  try {
    const bytes = await readCapped(body, context, limits, (chunk) => writeFully(handle, chunk));
    await handle.sync();
    await handle.close();
    closed = true;
    await rename(part, file);
    return bytes;
  } catch (error) {
    if (!closed) await handle.close().catch(() => undefined);
    await rm(part, { force: true });
    throw error instanceof AppError ? error : diskError(file, error);
  }
}

function diskError(file: string, error: unknown): AppError {
  return localFileError(error, { what: 'a downloaded file', folder: dirname(file), path: file });
}
