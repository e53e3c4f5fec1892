import { createHash } from 'node:crypto';

const SAFE = /^[a-z0-9](?:[a-z0-9._-]{0,78}[a-z0-9_-])?$/;
/** Names Windows reserves whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/;

/**
 * A platform value (a slug, a template name, an opaque version) as one safe path segment. Plain
 * lower-case values stay as they are; anything else (separators, '..', control characters, capitals
 * that a case-insensitive disk would fold together, a trailing dot, Windows device names, very
 * long text) becomes
 * its safe characters plus a short hash of the original, so two values never share a name.
 */
export function safeSegment(value: string): string {
  if (SAFE.test(value) && !RESERVED.test(value)) return value;
  const readable = value
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^[._-]+/, '')
    .slice(0, 60);
  const hash = createHash('sha256').update(value, 'utf8').digest('hex').slice(0, 12);
  return readable === '' ? hash : `${readable}-${hash}`;
}
