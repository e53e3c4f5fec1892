import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError, toErrorShape, type Envelope, type ErrorShape } from '../shared/ipc/errors';
import { parsePageCall } from '../shared/ipc/page-limits';
import { RENDERER_CSP } from '../shared/security/csp';
import type { CoreWorker } from '../main/core/worker-client';
import { ExportDownloads } from './export-downloads';
import {
  checkApiRequest,
  checkConnection,
  checkPreviewRequest,
  type GuardVerdict,
  type RequestFacts,
  type ServerFacts,
} from './http-guards';
import { handleTemplatePreview } from './preview-route';
import {
  derivePreviewToken,
  isTemplatePreviewPath,
  PREVIEW_TOKEN_PARAM,
} from '../shared/security/template-preview';
import { readStaticFile } from './static-files';

const MAX_BODY_BYTES = 1024 * 1024;
/**
 * Channels that carry a file: the limit follows the contract's own (recon:import takes up to 40 MB
 * of base64, about 30 MB of statement) plus room for the JSON around it.
 */
const FILE_BODY_BYTES: Readonly<Record<string, number>> = { 'recon:import': 41 * 1024 * 1024 };

function bodyLimitOf(channel: string): number {
  return Object.hasOwn(FILE_BODY_BYTES, channel) ? (FILE_BODY_BYTES[channel] as number) : MAX_BODY_BYTES;
}
const KEEPALIVE_MS = 15_000;

export interface BrowserShellOptions {
  core: CoreWorker;
  rendererDir: string;
  /** 0 picks a free port. */
  port: number;
  token?: string;
}

export interface BrowserShell {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

function factsOf(request: IncomingMessage): RequestFacts {
  return {
    host: request.headers.host,
    origin: request.headers.origin,
    authorization: request.headers.authorization,
    localAddress: request.socket.localAddress,
    remoteAddress: request.socket.remoteAddress,
  };
}

function sendJson(response: ServerResponse, status: number, body: Envelope<unknown>): void {
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end(JSON.stringify(body));
}

function refuse(response: ServerResponse, status: number, error: ErrorShape): void {
  sendJson(response, status, { ok: false, error });
}

class BodyTooLarge extends AppError {
  constructor(limitBytes: number) {
    const limit =
      limitBytes >= 1024 * 1024 ? `${Math.floor(limitBytes / (1024 * 1024))} MiB` : `${limitBytes} bytes`;
    super('invalid_input', `The request is too large (at most ${limit}).`, { limitBytes });
  }
}

function readBody(request: IncomingMessage, limitBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > limitBytes) {
      reject(new BodyTooLarge(limitBytes));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limitBytes) {
        request.off('data', onData);
        reject(new BodyTooLarge(limitBytes));
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function statusFor(error: ErrorShape): number {
  if (error.code === 'invalid_input') return 400;
  if (error.code === 'unknown_channel') return 404;
  return 200;
}

async function handleRpc(
  core: CoreWorker,
  channel: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if (request.method !== 'POST') {
    response.setHeader('Allow', 'POST');
    refuse(response, 405, { code: 'invalid_input', message: 'Contract calls use POST.' });
    return;
  }
  try {
    if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
      throw new AppError('invalid_input', 'Contract calls must send Content-Type: application/json.');
    }
    const text = await readBody(request, bodyLimitOf(channel));
    let body: unknown;
    try {
      body = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      throw new AppError('invalid_input', `The body of ${channel} is not valid JSON.`);
    }
    // The page never chooses which local file the core reads or writes (exports are downloaded).
    const call = parsePageCall(channel, body);
    const envelope = await core.invoke(call.channel, call.input);
    sendJson(response, envelope.ok ? 200 : statusFor(envelope.error), envelope);
  } catch (error) {
    const shape = toErrorShape(error);
    if (error instanceof BodyTooLarge) {
      // Answer, then drop the connection instead of reading the rest of an oversized body.
      response.setHeader('Connection', 'close');
      response.once('finish', () => request.destroy());
      refuse(response, 413, shape);
      return;
    }
    refuse(response, statusFor(shape), shape);
  }
}

function handleEvents(core: CoreWorker, request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
  });
  response.write(': connected\n\n');
  const unsubscribe = core.onEvent((name, payload) => {
    response.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
  });
  const keepalive = setInterval(() => response.write(': keep-alive\n\n'), KEEPALIVE_MS);
  request.on('close', () => {
    clearInterval(keepalive);
    unsubscribe();
  });
}

async function handleStatic(
  rendererDir: string,
  path: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { ...SECURITY_HEADERS, Allow: 'GET, HEAD' }).end();
    return;
  }
  const file = await readStaticFile(rendererDir, path);
  if (!file) {
    response
      .writeHead(404, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' })
      .end('Not found');
    return;
  }
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': file.contentType,
    'Content-Security-Policy': RENDERER_CSP,
    'Cache-Control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-store',
  });
  response.end(request.method === 'HEAD' ? undefined : file.body);
}

/** Serve the built renderer and carry the contract as POST /rpc/<channel> plus server-sent events. */
export async function startBrowserShell(options: BrowserShellOptions): Promise<BrowserShell> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const facts: ServerFacts = { port: options.port, token, previewToken: await derivePreviewToken(token) };
  // Downloads an earlier run left behind (never fetched, or cut short by a crash) are removed first.
  await ExportDownloads.removeWorkspaceLeftovers(options.core);
  const downloads = new ExportDownloads();
  const stopDownloads = options.core.onEvent((name, payload) => downloads.onEvent(name, payload));

  const route = (request: IncomingMessage, response: ServerResponse): void => {
    const rawPath = request.url ?? '/';
    if (!rawPath.startsWith('/')) {
      request.resume();
      refuse(response, 400, { code: 'invalid_input', message: 'Malformed request path.' });
      return;
    }
    // Parsed against a fixed origin so that "//host/..." is a path, never an authority.
    const { pathname, searchParams } = new URL(`http://127.0.0.1${rawPath}`);
    const isApi = pathname.startsWith('/rpc/') || pathname === '/events' || pathname.startsWith('/export/');
    const isPreview = isTemplatePreviewPath(pathname);
    const queryToken = searchParams.get(PREVIEW_TOKEN_PARAM);
    let verdict: GuardVerdict;
    if (isPreview) verdict = checkPreviewRequest(factsOf(request), facts, queryToken);
    else if (isApi) verdict = checkApiRequest(factsOf(request), facts, queryToken);
    else verdict = checkConnection(factsOf(request), facts);
    if (!verdict.ok) {
      request.resume();
      refuse(response, verdict.status, { code: 'forbidden', message: verdict.reason });
      return;
    }
    if (pathname.startsWith('/rpc/')) {
      // Channel names are plain ASCII; an escaped name is simply not a channel.
      void handleRpc(options.core, pathname.slice('/rpc/'.length), request, response);
    } else if (pathname === '/events') {
      handleEvents(options.core, request, response);
    } else if (isPreview) {
      void handleTemplatePreview(options.core, pathname, request, response, SECURITY_HEADERS);
    } else if (pathname.startsWith('/export/')) {
      downloads.serve(pathname.slice('/export/'.length), request, response, SECURITY_HEADERS);
    } else {
      void handleStatic(options.rendererDir, pathname, request, response);
    }
  };

  const server: Server = createServer((request, response) => {
    try {
      route(request, response);
    } catch (error) {
      if (!response.headersSent) {
        refuse(response, 400, {
          code: 'invalid_input',
          message: 'The request could not be understood.',
          details: { cause: String(error) },
        });
      } else {
        response.destroy();
      }
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  facts.port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${facts.port}/?token=${token}`,
    port: facts.port,
    token,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      stopDownloads();
      await downloads.close();
    },
  };
}
