/**
 * The audit log's hash recipe and the canonical form of an entry's details.
 *
 * An entry's `hash` is the lowercase hex SHA-256 of the UTF-8 bytes of one JSON array:
 *
 *     [prev_hash, workspace_id, seq, at, actor, action, subject, details]
 *
 * written with no whitespace, where `workspace_id` and `seq` are JSON integers and every other
 * member is a JSON string holding the column's text exactly as stored — `details` included, as a
 * string (it is already canonical JSON, see below), not as a nested object. Strings are escaped as
 * JSON requires and nothing more (`"` `\` and U+0000–U+001F; `\b \f \n \r \t` short, the others as
 * lowercase `\u00xx`; everything else, non-ASCII too, as itself). `prev_hash` is the previous entry's
 * `hash`, or 64 zeros for seq 1. This is what JavaScript's `JSON.stringify`, SQLite's `json_array` and
 * Python's `json.dumps(..., ensure_ascii=False, separators=(",", ":"))` all produce, so an auditor
 * can recompute any entry without FloatDesk, e.g.
 *
 *     sqlite3 ledger.sqlite "SELECT json_array(prev_hash, workspace_id, seq, at, actor, action,
 *       subject, details) FROM audit_log WHERE seq = 5" | head -c -1 | sha256sum
 *
 * (`head -c -1` drops the newline sqlite3 prints; the JSON itself never contains a raw newline).
 *
 * Canonical details: a JSON object; keys sorted by code point (they are printable ASCII, so every
 * tool sorts them alike); no whitespace; values are strings, whole numbers within ±(2^53 − 1),
 * true, false, null, arrays and objects of the same. Amounts go in as decimal strings ("1250.00"),
 * never as fractional numbers, so no tool's number formatting can change the text.
 *
 * What may go into details: ids, references, amounts, currency codes, reason codes, the notes a
 * person typed for the decision, and `by`: the name of the person who acted, as set in Settings
 * (the actor column only says user, cli or sync). Never credentials, tokens or other personal data
 * (counterparties' names, e-mail addresses, account numbers/IBANs): pass the bank line's or
 * request's id instead.
 * Keys that look like either are refused, as a guard, not a guarantee. A member whose value is
 * undefined is left out (as JSON.stringify does); NaN, Infinity, fractions, bigints, dates and
 * other objects are refused: convert them to strings first.
 */
import { createHash } from 'node:crypto';

export const GENESIS_HASH = '0'.repeat(64);

/** The stored columns an entry's hash covers, in the order they are hashed. */
export interface HashedFields {
  prevHash: string;
  workspaceId: number;
  seq: number;
  at: string;
  actor: string;
  action: string;
  subject: string;
  /** The canonical JSON text, exactly as stored in the `details` column. */
  details: string;
}

export type DetailsValue =
  string | number | boolean | null | DetailsValue[] | { [key: string]: DetailsValue };
export type AuditDetails = { [key: string]: DetailsValue };

/** Keys that suggest a secret or personal data; details with such a key are refused. */
const FORBIDDEN_KEY = /secret|passw|token|credential|api_?key|^auth|iban|account_?number|e_?mail|phone/i;
const KEY = /^[\x21-\x7e]{1,64}$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_DEPTH = 8;
export const MAX_DETAILS_LENGTH = 16_384;

export class AuditDetailsError extends Error {}

function canonicalValue(value: unknown, path: string, depth: number): string {
  if (value === null || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) throw new AuditDetailsError(`${path} is not well-formed Unicode text.`);
    return JSON.stringify(value);
  }
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value))
      throw new AuditDetailsError(`${path} must be a whole number (put amounts in as decimal strings).`);
    return JSON.stringify(value); // -0 is written 0
  }
  if (depth >= MAX_DEPTH) throw new AuditDetailsError(`${path} is nested too deeply.`);
  if (Array.isArray(value))
    return `[${value.map((item, index) => canonicalValue(item, `${path}[${index}]`, depth + 1)).join(',')}]`;
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return canonicalObject(value as Record<string, unknown>, path, depth + 1);
  }
  throw new AuditDetailsError(`${path} is not a JSON value (${typeof value}).`);
}

function canonicalObject(value: Record<string, unknown>, path: string, depth: number): string {
  // A member whose value is undefined is left out, as JSON.stringify does.
  const keys = Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .sort();
  const members = keys.map((key) => {
    if (!KEY.test(key))
      throw new AuditDetailsError(`${path} has a key that is not printable ASCII: ${JSON.stringify(key)}.`);
    if (FORBIDDEN_KEY.test(key))
      throw new AuditDetailsError(`${path}.${key}: secrets and personal data never go into the audit log.`);
    return `${JSON.stringify(key)}:${canonicalValue(value[key], `${path}.${key}`, depth)}`;
  });
  return `{${members.join(',')}}`;
}

/** The canonical JSON text of an entry's details (see the file comment); throws AuditDetailsError. */
export function canonicalDetails(details: AuditDetails): string {
  if (details === null || typeof details !== 'object' || Array.isArray(details))
    throw new AuditDetailsError('details must be a JSON object.');
  const text = canonicalValue(details, 'details', 0);
  if (text.length > MAX_DETAILS_LENGTH)
    throw new AuditDetailsError(`details are ${text.length} characters; at most ${MAX_DETAILS_LENGTH}.`);
  return text;
}

/** The exact text that is hashed: the JSON array of the hashed columns. */
export function hashInput(fields: HashedFields): string {
  return JSON.stringify([
    fields.prevHash,
    fields.workspaceId,
    fields.seq,
    fields.at,
    fields.actor,
    fields.action,
    fields.subject,
    fields.details,
  ]);
}

/** Lowercase hex SHA-256 of the hash input's UTF-8 bytes. */
export function entryHash(fields: HashedFields): string {
  return createHash('sha256').update(hashInput(fields), 'utf8').digest('hex');
}
