/**
 * What a log entry must never carry, removed before anything is written: (a) exact values
 * registered as secrets (API key and secret, the browser shell's token) wherever they appear in a
 * string, (b) the values of fields whose names say they are secret, (c) personal data: the proforma
 * invoice block and its members, finance e-mails, e-mail addresses and phone numbers, at any depth.
 */

export const REDACTED = '[redacted]';

/** Key names (lower case, letters and digits only) whose values are secrets. */
const SECRET_KEY_PARTS = [
  'auth', // authorization, proxyAuthenticate, x-auth, basicAuth, authToken, ...
  'apikey',
  'apisecret',
  'secret',
  'password',
  'passwd',
  'passphrase',
  'token',
  'signature',
  'cookie',
  'credential',
  'privatekey',
];

/** Key names of personal data: the proforma invoice block, its members, contacts and tax ids. */
const PERSONAL_KEYS = new Set([
  'proformainvoice',
  'proforma',
  'company',
  'companyname',
  'financeemail',
  'address',
  'city',
  'postcode',
  'zip',
  'zipcode',
  'county',
  'country',
  'contactname',
  'fullname',
  'firstname',
  'lastname',
  'personname',
  'taxid',
  'taxnumber',
  'vatid',
  'vatnumber',
]);
const PERSONAL_KEY_PARTS = ['email', 'phone', 'telephone', 'mobile', 'addressline'];

const URL_CREDENTIALS = /\/\/[^/\s:@]+:[^/\s@]+@/g;
/** Something@domain; a match is an e-mail address when its domain ends in a dot and letters. */
const EMAIL_LIKE = /[\w.%+-]+@[\w.-]+/g;
const EMAIL_DOMAIN_END = /\.[A-Za-z]{2,}$/;

const MAX_DEPTH = 8;
const MAX_ITEMS = 100;
const MAX_STRING = 4000;

function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Whether a field of this name holds a secret or personal data (its value is never written). */
export function isSensitiveKey(key: string): boolean {
  const name = normaliseKey(key);
  if (name === '') return false;
  if (SECRET_KEY_PARTS.some((part) => name.includes(part))) return true;
  if (PERSONAL_KEYS.has(name)) return true;
  return PERSONAL_KEY_PARTS.some((part) => name.includes(part));
}

/**
 * The spellings of a secret that can reach a line: as it is, URL-encoded (a query string, a form
 * body) and in base64 (a header or a body encoded on the way), standard and URL-safe, padded or not.
 */
function spellingsOf(secret: string): string[] {
  const base64 = btoa(
    Array.from(new TextEncoder().encode(secret), (byte) => String.fromCharCode(byte)).join(''),
  );
  const unpadded = base64.replace(/=+$/, '');
  const urlSafe = unpadded.replace(/\+/g, '-').replace(/\//g, '_');
  return [...new Set([secret, encodeURIComponent(secret), base64, unpadded, urlSafe])];
}

export type SecretSource = () => Iterable<string | undefined | null>;

export class Redactor {
  readonly #secrets = new Set<string>();
  /** Every spelling of every secret, longest first (so one that contains another goes whole). */
  #spellings: string[] = [];
  readonly #sources: SecretSource[] = [];

  /** A value that must never be written, whatever string it ends up in. Empty values are ignored. */
  addSecret(value: string | undefined | null): void {
    if (typeof value !== 'string' || value.length === 0 || this.#secrets.has(value)) return;
    this.#secrets.add(value);
    const all = new Set([...this.#spellings, ...spellingsOf(value)]);
    this.#spellings = [...all].sort((a, b) => b.length - a.length);
  }

  /**
   * Secrets that can change (credentials entered in Settings): read before each redaction, and
   * every value ever read stays registered (a replaced key must not appear in later lines either).
   */
  addSource(source: SecretSource): void {
    this.#sources.push(source);
  }

  #refresh(): void {
    for (const source of this.#sources) {
      try {
        for (const value of source()) this.addSecret(value);
      } catch {
        // A source that cannot be read now adds nothing; what it gave before stays registered.
      }
    }
  }

  /** Whether `text` still holds a registered secret, in any spelling, or as JSON escapes it. */
  containsSecret(text: string): boolean {
    this.#refresh();
    return this.#holdsSecret(text);
  }

  #holdsSecret(text: string): boolean {
    for (const spelling of this.#spellings) {
      if (text.includes(spelling) || text.includes(JSON.stringify(spelling).slice(1, -1))) return true;
    }
    return false;
  }

  /** One string: secrets, credentials in URLs and e-mail addresses replaced; cut at `limit` characters. */
  text(value: string, limit = MAX_STRING): string {
    this.#refresh();
    return this.#text(value, limit);
  }

  #text(value: string, limit = MAX_STRING): string {
    let out = value;
    // Longest first, so a secret that contains another is replaced whole.
    for (const spelling of this.#spellings)
      if (out.includes(spelling)) out = out.split(spelling).join(REDACTED);
    // The replacement next to the text around it could spell a secret again: then nothing is kept.
    if (this.#holdsSecret(out)) return REDACTED;
    if (out.length > limit) out = `${out.slice(0, limit)}…(${out.length} characters)`;
    return out
      .replace(URL_CREDENTIALS, `//${REDACTED}@`)
      .replace(EMAIL_LIKE, (match) => (EMAIL_DOMAIN_END.test(match) ? '[redacted-email]' : match));
  }

  /** A copy of any value with every rule applied, at any depth (cycles and depth cut short). */
  value(value: unknown): unknown {
    this.#refresh();
    return this.#walk(value, 0, new WeakSet());
  }

  #walk(value: unknown, depth: number, seen: WeakSet<object>): unknown {
    if (typeof value === 'string') return this.#text(value);
    if (typeof value === 'bigint') return value.toString();
    if (value === null || typeof value !== 'object') {
      return typeof value === 'function' || typeof value === 'symbol' ? String(typeof value) : value;
    }
    if (seen.has(value)) return '[circular]';
    if (depth >= MAX_DEPTH) return '[too deep]';
    seen.add(value);
    try {
      if (value instanceof Error) return this.#walk(errorFields(value), depth, seen);
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
      // Raw bytes (a Buffer, a typed array, a ciphertext): their size, never their content.
      if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[bytes ${value.byteLength}]`;
      if (Array.isArray(value)) {
        const items = value.slice(0, MAX_ITEMS).map((item) => this.#walk(item, depth + 1, seen));
        if (value.length > MAX_ITEMS) items.push(`…(${value.length - MAX_ITEMS} more)`);
        return items;
      }
      const out: Record<string, unknown> = {};
      let fields: Array<[string, unknown]>;
      try {
        fields = Object.entries(value);
      } catch {
        return '[unreadable]';
      }
      for (const [key, item] of fields.slice(0, MAX_ITEMS)) {
        out[this.#text(key)] = isSensitiveKey(key) ? REDACTED : this.#walk(item, depth + 1, seen);
      }
      return out;
    } finally {
      seen.delete(value);
    }
  }
}

/** What an error can tell the log: name, message, code and details (an AppError's), and its cause. */
function errorFields(error: Error): Record<string, unknown> {
  const fields: Record<string, unknown> = { name: error.name, message: error.message };
  const extra = error as Error & { code?: unknown; details?: unknown; cause?: unknown };
  if (extra.code !== undefined) fields.code = extra.code;
  if (extra.details !== undefined) fields.details = extra.details;
  if (extra.cause !== undefined) fields.cause = extra.cause;
  return fields;
}
