import type { ServerResponse } from 'node:http';
import { shapeDetails, type Details, type ErrorDataShape } from './error-shapes';
import { SimError } from './errors';
import { writeJson, type JsonValue } from './json';
import { PLATFORM_CODES } from '../shared/domain/platform';

/** A finished answer, before faults decide how (and whether) it reaches the wire. */
export interface SimResponse {
  status: number;
  headers: Record<string, string>;
  /** Null: no body at all (an empty 502/504 from the gateway). Chunks are written in order, uncopied. */
  body: Buffer | readonly Buffer[] | null;
}

/** The whole body as one buffer (copies only when it is in chunks). */
export function bodyBytes(body: SimResponse['body']): Buffer {
  if (body === null) return Buffer.alloc(0);
  return Buffer.isBuffer(body) ? body : Buffer.concat(body);
}

/** Write status, headers (with Content-Length) and the body's chunks, then end. */
export function writeWhole(
  res: ServerResponse,
  status: number,
  headers: Record<string, string | number>,
  body: SimResponse['body'],
): void {
  const chunks = body === null ? [] : Buffer.isBuffer(body) ? [body] : body;
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  res.writeHead(status, { ...headers, 'Content-Length': length });
  for (const chunk of chunks) res.write(chunk);
  res.end();
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export function rawJson(
  status: number,
  json: string | Buffer,
  headers: Record<string, string> = {},
): SimResponse {
  return {
    status,
    headers: { 'Content-Type': JSON_TYPE, ...headers },
    body: typeof json === 'string' ? Buffer.from(json, 'utf8') : json,
  };
}

/** `{"code":"000","status":"success","message"?,"data":...}` */
export function success(data: JsonValue, message?: string): SimResponse {
  return rawJson(
    200,
    writeJson({ code: PLATFORM_CODES.success, status: 'success', message, data: data ?? null }),
  );
}

/** `{"code","status":"error","message","data"?}` */
export function failure(httpStatus: number, code: string, message: string, data?: JsonValue): SimResponse {
  return rawJson(httpStatus, writeJson({ code, status: 'error', message, data }));
}

/** The transfer-request 422 variant: `messages` (by default field → string array) instead of `message`. */
export function validationMessages(
  messages: Details,
  shape: ErrorDataShape = 'object-of-arrays',
): SimResponse {
  return rawJson(
    422,
    writeJson({ code: PLATFORM_CODES.validation, status: 'error', messages: shapeDetails(messages, shape) }),
  );
}

export function fromSimError(error: SimError, shape: ErrorDataShape): SimResponse {
  const data = error.data === undefined ? undefined : shapeDetails(error.data, shape);
  return failure(error.httpStatus, error.platformCode, error.message, data);
}

/** Any throw inside a handler becomes an envelope: SimError as itself, anything else 500 code 999. */
export function fromThrown(error: unknown, shape: ErrorDataShape): SimResponse {
  if (error instanceof SimError) return fromSimError(error, shape);
  return failure(500, PLATFORM_CODES.endpointNotFound, 'Internal error');
}

export function notFound(): SimResponse {
  return failure(404, PLATFORM_CODES.endpointNotFound, 'Endpoint not found');
}

export function methodNotAllowed(allowed: readonly string[]): SimResponse {
  const response = failure(405, PLATFORM_CODES.endpointNotFound, 'Method not allowed');
  response.headers.Allow = allowed.join(', ');
  return response;
}

/** Shorthand for handlers: throw a platform error. */
export function reject(httpStatus: number, code: string, message: string, data?: Details): never {
  throw new SimError(httpStatus, code, message, data);
}

/** 422 code 433 with the field messages in `data` (the variant used by every endpoint but transfer requests). */
export function invalid(field: string, message: string): never {
  return invalidAll({ [field]: [message] });
}

/** 422 code 433 with several fields' messages in `data`. */
export function invalidAll(details: Details): never {
  return reject(422, PLATFORM_CODES.validation, 'The given data was invalid.', details);
}

/** Write a whole answer. */
export function send(res: ServerResponse, response: SimResponse): void {
  writeWhole(res, response.status, response.headers, response.body);
}
