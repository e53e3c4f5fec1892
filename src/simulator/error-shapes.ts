/**
 * Shapes of the details of a validation error. The platform is not consistent (platform-notes.md,
 * "Base URL and envelope"): `data` may be an object of strings, an object of string arrays or an
 * array of strings, and POST /float/request-payment-transfer answers `messages` instead of `message`.
 * The simulator keeps details in one canonical form (field → messages) and writes them in the shape
 * of the endpoint, so a client meets every shape deterministically:
 *
 *   GET endpoints (filter validation: /float/transfer-requests, /brands)   array of strings
 *   /digital/* transaction endpoints                                       object of strings
 *   /physical/* transaction endpoints, the admin API                       object of string arrays
 *   POST /float/request-payment-transfer                                   `messages`: object of string arrays
 *
 * The `errorDataShape` option (or POST /__admin/settings) forces one shape everywhere instead, the
 * transfer request's `messages` included (it keeps its key).
 */
import type { JsonValue } from './json';

export const ERROR_DATA_SHAPES = ['object-of-strings', 'object-of-arrays', 'array-of-strings'] as const;
export type ErrorDataShape = (typeof ERROR_DATA_SHAPES)[number];
/** 'mixed': each endpoint its own shape (the table above). */
export type ErrorShapeSetting = 'mixed' | ErrorDataShape;
export const ERROR_SHAPE_SETTINGS: readonly ErrorShapeSetting[] = ['mixed', ...ERROR_DATA_SHAPES];

/** Canonical details: field → messages, in the order found. */
export type Details = Record<string, string[]>;

export function naturalShape(method: string, path: string): ErrorDataShape {
  if (method === 'GET') return 'array-of-strings';
  if (path.startsWith('/api/v2/digital/')) return 'object-of-strings';
  return 'object-of-arrays';
}

export function shapeFor(setting: ErrorShapeSetting, method: string, path: string): ErrorDataShape {
  return setting === 'mixed' ? naturalShape(method, path) : setting;
}

export function shapeDetails(details: Details, shape: ErrorDataShape): JsonValue {
  if (shape === 'object-of-arrays') return details;
  if (shape === 'array-of-strings') return Object.values(details).flat();
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(details)) out[field] = messages.join(' ');
  return out;
}
