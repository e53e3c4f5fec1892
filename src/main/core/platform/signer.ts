/**
 * HMAC-SHA256 request signing (platform-notes.md, "Authentication"). Pure: the caller passes the
 * clock reading, so every attempt of a request is signed afresh with its own Timestamp.
 */
import { createHmac } from 'node:crypto';
import type { HttpMethod, PlatformCredentials } from './types';

export interface SignatureHeaders {
  'API-Key': string;
  Signature: string;
  Timestamp: string;
}

/** 'float/request-payment-transfer' → 'float-request-payment-transfer' (leading /api/v2/ and slashes ignored). */
export function endpointName(path: string): string {
  const rest = path.replace(/^\/+/, '').replace(/^api\/v2\//, '');
  return rest.replace(/\/+$/, '').replaceAll('/', '-');
}

/**
 * KEY-METHOD-ENDPOINT[-param...]-TIMESTAMP. Absent (undefined or empty) parameters are left out
 * entirely, never written as an empty field.
 */
export function stringToSign(
  apiKey: string,
  method: HttpMethod | string,
  path: string,
  signedParams: ReadonlyArray<string | undefined>,
  timestamp: string | number,
): string {
  const params = signedParams.filter((param): param is string => param !== undefined && param !== '');
  return [apiKey, method.toUpperCase(), endpointName(path), ...params, String(timestamp)].join('-');
}

/** Lowercase hex HMAC-SHA256 of `text` keyed with `secret`. */
export function sign(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** The three authentication headers for one attempt, signed at `nowMs` (epoch milliseconds). */
export function signatureHeaders(
  credentials: Pick<PlatformCredentials, 'apiKey' | 'apiSecret'>,
  method: HttpMethod,
  path: string,
  signedParams: ReadonlyArray<string | undefined>,
  nowMs: number,
): SignatureHeaders {
  const timestamp = String(Math.trunc(nowMs));
  const text = stringToSign(credentials.apiKey, method, path, signedParams, timestamp);
  return {
    'API-Key': credentials.apiKey,
    Signature: sign(credentials.apiSecret, text),
    Timestamp: timestamp,
  };
}
