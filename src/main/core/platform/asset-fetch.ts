/**
 * Downloading brand images (logo, gift-card picture) for offline viewing. The URLs come from the
 * platform's catalogue, so they are treated as untrusted:
 * - https: only; plain http: solely to 127.0.0.1 / localhost / [::1], and only when the explicit
 *   `allowLoopbackHttp` test option is on. No user:password@ in the URL.
 * - At most `maxRedirects` redirects (default 2), each target checked by the same rules.
 * - Only HTTP 200 with Content-Type image/png, image/jpeg, image/webp or image/gif, and content whose
 *   first bytes match that type. SVG is refused: an SVG is a document that can carry scripts and
 *   external references, and the raster types cover every logo the platform serves.
 * - At most `maxBytes` (2 MB): a larger Content-Length is refused before reading, a body that grows
 *   past it is cut off. Connect, headers, body and whole-download timeouts.
 * - Written to `<file>.part`, then renamed into place: the final name is complete or absent.
 * - Saved owner-only, every byte checked to have landed (files/write-fully.ts).
 * A failure is a result with a one-line reason (for brand_assets.error), never a throw, except: a
 * cancellation through `signal` rejects (with the signal's reason), and so does a file that cannot
 * be written (disk_full or file_access, files/fs-errors.ts): the next image would meet the same full
 * disk, so the caller stops instead of failing every image in turn. A host that cannot be reached
 * (no DNS answer, refused, connect timeout) is remembered for the fetcher's life, so a catalogue
 * whose images all live on one dead host costs one lookup, not one per image.
 */
import { createHash } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Agent, type Dispatcher } from 'undici';
import { localFileError } from '../files/fs-errors';
import { openPrivate } from '../files/private-files';
import { writeFully } from '../files/write-fully';

export const ASSET_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export interface AssetFetchOptions {
  maxBytes: number;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** The whole download, redirects included. */
  totalTimeoutMs: number;
  maxRedirects: number;
  /** Tests only: also fetch http://127.0.0.1, http://localhost and http://[::1]. */
  allowLoopbackHttp: boolean;
}

export const DEFAULT_ASSET_FETCH_OPTIONS: Readonly<AssetFetchOptions> = {
  maxBytes: 2 * 1024 * 1024,
  connectTimeoutMs: 5_000,
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 10_000,
  totalTimeoutMs: 30_000,
  maxRedirects: 2,
  allowLoopbackHttp: false,
};

export type AssetFetchResult =
  | { ok: true; file: string; contentType: string; bytes: number; sha256: string }
  | { ok: false; error: string };

export interface AssetFetcher {
  /** Download `url` to `<targetBase>.<extension of its type>`. */
  fetch(url: string, targetBase: string, signal?: AbortSignal): Promise<AssetFetchResult>;
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const ACCEPT = Object.keys(ASSET_TYPES).join(', ');
const HOST_LEVEL = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NODATA', 'EAI_NONAME', 'ECONNREFUSED']);
const HOST_LEVEL_TIMEOUT = new Set(['UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

class Refusal extends Error {}
class DiskFailure extends Error {
  constructor(
    readonly file: string,
    readonly error: unknown,
  ) {
    super('the image could not be saved');
  }
}

const refuse = (reason: string): never => {
  throw new Refusal(reason);
};

/** The URL, or a Refusal saying why it is not fetched. */
export function checkAssetUrl(text: string, allowLoopbackHttp: boolean): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('not a valid address');
  }
  const loopbackHttp = url.protocol === 'http:' && allowLoopbackHttp && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp)
    refuse(`only https: addresses are fetched (this one is ${url.protocol})`);
  if (url.username !== '' || url.password !== '') refuse('the address carries a user name or password');
  return url;
}

/** Whether the first bytes are those of `contentType`. */
function looksLike(contentType: string, head: Buffer): boolean {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  switch (contentType) {
    case 'image/png':
      return head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/jpeg':
      return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    case 'image/gif':
      return ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a';
    case 'image/webp':
      return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
    default:
      return false;
  }
}

function lowLevelCode(error: unknown): string | undefined {
  for (let item = error, depth = 0; item instanceof Error && depth < 5; depth++) {
    const code = (item as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    item = item.cause;
  }
  return undefined;
}

function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

export function createAssetFetcher(overrides: Partial<AssetFetchOptions> = {}): AssetFetcher {
  const options: AssetFetchOptions = { ...DEFAULT_ASSET_FETCH_OPTIONS, ...overrides };
  const agent = new Agent({
    connect: { timeout: options.connectTimeoutMs },
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs,
  });
  const unreachable = new Map<string, string>();

  async function save(
    body: Dispatcher.ResponseData['body'],
    contentType: string,
    targetBase: string,
  ): Promise<AssetFetchResult> {
    const file = `${targetBase}.${ASSET_TYPES[contentType] ?? 'bin'}`;
    const part = `${file}.part`;
    const hash = createHash('sha256');
    const head: Buffer[] = [];
    let bytes = 0;
    const onDisk = <T>(work: Promise<T>): Promise<T> =>
      work.catch((error: unknown) => {
        throw new DiskFailure(file, error);
      });
    const handle = await onDisk(openPrivate(part, 'w')).catch((error: unknown) => {
      discard(body);
      throw error;
    });
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > options.maxBytes) refuse(`larger than the ${megabytes(options.maxBytes)} limit`);
        if (bytes - chunk.length < 16) head.push(chunk);
        hash.update(chunk);
        await onDisk(writeFully(handle, chunk));
      }
      if (!looksLike(contentType, Buffer.concat(head)))
        refuse(`the content does not match its declared type ${contentType}`);
      await onDisk(handle.close());
      await onDisk(rename(part, file));
      return { ok: true, file, contentType, bytes, sha256: hash.digest('hex') };
    } catch (error) {
      discard(body);
      await handle.close().catch(() => undefined);
      await rm(part, { force: true });
      throw error;
    }
  }

  async function fetchOnce(
    url: URL,
    targetBase: string,
    signal: AbortSignal,
    redirectsLeft: number,
    trail: { current?: URL },
  ): Promise<AssetFetchResult> {
    trail.current = url;
    const known = unreachable.get(url.host);
    if (known !== undefined) return { ok: false, error: known };
    const response = await agent.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: { accept: ACCEPT },
      signal,
    });
    const { statusCode, headers, body } = response;
    const header = (name: string): string => {
      const value = headers[name];
      return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
    };
    if (REDIRECTS.has(statusCode) && header('location') !== '') {
      discard(body);
      if (redirectsLeft <= 0) refuse(`more than ${options.maxRedirects} redirects`);
      let next: URL;
      try {
        next = checkAssetUrl(new URL(header('location'), url).href, options.allowLoopbackHttp);
      } catch (error) {
        return refuse(`redirected to a refused address: ${(error as Error).message}`);
      }
      return fetchOnce(next, targetBase, signal, redirectsLeft - 1, trail);
    }
    if (statusCode !== 200) {
      discard(body);
      refuse(`the server answered HTTP ${statusCode}`);
    }
    const contentType = header('content-type').split(';')[0]?.trim().toLowerCase() ?? '';
    if (ASSET_TYPES[contentType] === undefined) {
      discard(body);
      const svg = contentType === 'image/svg+xml' ? ' (SVG is refused: it can carry scripts)' : '';
      refuse(`${contentType || 'no content type'} is not an accepted image type${svg}`);
    }
    const declared = Number(header('content-length'));
    if (header('content-length') !== '' && Number.isFinite(declared) && declared > options.maxBytes) {
      discard(body);
      refuse(`larger than the ${megabytes(options.maxBytes)} limit (${megabytes(declared)})`);
    }
    return save(body, contentType, targetBase);
  }

  return {
    async fetch(text, targetBase, signal) {
      const deadline = AbortSignal.timeout(options.totalTimeoutMs);
      const combined = signal === undefined ? deadline : AbortSignal.any([signal, deadline]);
      const trail: { current?: URL } = {};
      try {
        const url = checkAssetUrl(text, options.allowLoopbackHttp);
        return await fetchOnce(url, targetBase, combined, options.maxRedirects, trail);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (error instanceof Refusal) return { ok: false, error: `Not downloaded: ${error.message}.` };
        if (error instanceof DiskFailure)
          throw localFileError(error.error, {
            what: 'a brand image',
            folder: dirname(error.file),
            path: error.file,
          });
        if (deadline.aborted)
          return {
            ok: false,
            error: `Failed: no complete answer within ${options.totalTimeoutMs / 1000} s.`,
          };
        const code = lowLevelCode(error) ?? (error instanceof Error ? error.name : 'unknown');
        const host = trail.current?.host;
        const message = `Failed: ${host ?? 'the server'} could not be reached or broke off (${code}).`;
        if (host !== undefined && (HOST_LEVEL.has(code) || HOST_LEVEL_TIMEOUT.has(code)))
          unreachable.set(host, message);
        return { ok: false, error: message };
      }
    },
    close: () => agent.close(),
  };
}
