/**
 * Reading the platform's error envelope, tolerant of its known variants (platform-notes.md):
 * `{"code": "433", "status": "error", "message": "...", "data"?: ...}` where `data` is an object of
 * strings, an object of string arrays or an array of strings; the transfer-request 422 carries
 * `messages` instead of `message`; 502/504 may have no body at all. Parsed losslessly (wire.ts).
 */
import type { FieldIssue } from '../../../shared/ipc/errors';
import { parseLossless } from './wire';

export interface ErrorEnvelope {
  platformCode?: string;
  message?: string;
  /** `data`, or `messages` when that is an object or array. */
  data?: unknown;
}

const MAX_ISSUES = 50;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function problemText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** The field messages of a validation answer, whatever shape the platform used. */
export function fieldIssues(data: unknown, prefix = ''): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const add = (field: string, value: unknown): void => {
    if (issues.length >= MAX_ISSUES) return;
    const problem = problemText(value);
    if (problem !== undefined) issues.push({ field, problem });
    else if (Array.isArray(value)) for (const item of value) add(field, item);
    else if (isRecord(value) && prefix.split('.').length < 4)
      issues.push(...fieldIssues(value, field).slice(0, MAX_ISSUES - issues.length));
  };
  if (Array.isArray(data)) for (const item of data) add(prefix, item);
  else if (isRecord(data))
    for (const [key, value] of Object.entries(data)) add(prefix ? `${prefix}.${key}` : key, value);
  return issues;
}

/**
 * The envelope of an error answer's body; {} when the body is empty or not a JSON object (a gateway's
 * HTML page, an empty 502): the taxonomy then goes by HTTP status alone.
 */
export function readErrorEnvelope(body: string): ErrorEnvelope {
  if (body.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = parseLossless(body);
  } catch {
    return {};
  }
  if (!isRecord(parsed)) return {};
  const envelope: ErrorEnvelope = {};
  const code = parsed.code;
  // A code sent as a JSON number (70) arrives as its text; the platform's codes have 3 digits.
  if (typeof code === 'string' && code !== '')
    envelope.platformCode = /^\d{1,2}$/.test(code) ? code.padStart(3, '0') : code;
  const message = typeof parsed.message === 'string' ? parsed.message : undefined;
  const messages = parsed.messages;
  if (message !== undefined) envelope.message = message;
  else if (typeof messages === 'string') envelope.message = messages;
  if (parsed.data !== undefined && parsed.data !== null) envelope.data = parsed.data;
  else if (typeof messages === 'object' && messages !== null) envelope.data = messages;
  if (envelope.message === undefined && envelope.data !== undefined) {
    const first = fieldIssues(envelope.data)[0];
    if (first) envelope.message = first.field ? `${first.field}: ${first.problem}` : first.problem;
  }
  return envelope;
}
