/**
 * Reading an answer's body for the transport, within the size cap: into memory as UTF-8 text, or
 * streamed to `<file>.part`, fsynced and renamed into place (the .part removed on any failure).
 * Failures are AppErrors: malformed_response for too large / not UTF-8, offline or timeout for a
 * body that breaks off or stalls (errors.ts networkError), internal when the disk refuses.
 */
import { open, rename, rm } from 'node:fs/promises';
import type { Dispatcher } from 'undici';
import { AppError } from '../../../shared/ipc/errors';
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

/** Feed each chunk to `sink`; the number of bytes read. Destroys the body on any failure. */
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
      await sink(chunk);
    }
  } catch (error) {
    discard(body);
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
    handle = await open(part, 'w');
  } catch (error) {
    discard(body);
    throw diskError(file, error);
  }
  let closed = false;
  try {
    const bytes = await readCapped(body, context, limits, (chunk) => handle.write(chunk));
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
  const cause = (error as { code?: unknown }).code;
  return new AppError(
    'internal',
    'FloatDesk could not save the downloaded file: check free disk space and folder permissions.',
    { file, cause: typeof cause === 'string' ? cause : 'unknown' },
  );
}
