import fc from 'fast-check';
import { runs } from '../helpers/property-runs';
import { describe, expect, it } from 'vitest';
import { isSensitiveKey, REDACTED, Redactor } from '../../src/main/core/log/redact';
import { createFileLogger } from '../../src/main/core/log/logger';
import { makeTempDir } from '../helpers/temp-dir';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { personalValuesOf } from '../../src/main/core/log/personal-values';

/** Secrets as platforms issue them: long runs of letters, digits and a few symbols. */
const secretArb = fc.stringMatching(/^[A-Za-z0-9+/=_-]{12,64}$/);
/** Whatever a secret may be embedded in: any text, including the redaction marker's own characters. */
const textArb = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('[redacted]', 'ted]', '[red'),
);

describe('redaction of registered secrets', () => {
  it('a registered secret never survives in a string, whatever it is embedded in', () => {
    fc.assert(
      fc.property(
        secretArb,
        fc.array(textArb, { maxLength: 4 }),
        fc.nat({ max: 3 }),
        (secret, parts, times) => {
          const redactor = new Redactor();
          redactor.addSecret(secret);
          const text = parts.join(secret.repeat(times + 1));
          expect(redactor.text(text)).not.toContain(secret);
        },
      ),
    );
  });

  it('a registered secret never reaches a written line, in any field, key or depth', () => {
    const temp = makeTempDir('floatdesk-log-prop-');
    try {
      fc.assert(
        fc.property(secretArb, textArb, textArb, fc.nat({ max: 4 }), (secret, before, after, depth) => {
          const logger = createFileLogger({ workspaceDir: temp.dir, clock: () => new Date(0) });
          logger.redactor.addSecret(secret);
          const embedded = `${before}${secret}${after}`;
          let nested: unknown = { message: embedded, [embedded]: 'as a key', list: [embedded] };
          for (let level = 0; level < depth; level++) nested = { inner: nested };
          logger.error(`event ${embedded}`, { nested, error: new Error(embedded) });
          const written = readFileSync(join(temp.dir, 'logs', 'floatdesk.log'), 'utf8');
          expect(written).not.toContain(secret);
          expect(written).not.toContain(JSON.stringify(secret).slice(1, -1));
        }),
        runs(150),
      );
    } finally {
      temp.cleanup();
    }
  });

  it('the replacement next to its surroundings cannot spell the secret again', () => {
    const redactor = new Redactor();
    redactor.addSecret('ted]q');
    expect(redactor.text('ted]qq')).not.toContain('ted]q');
    redactor.addSecret('abcabc');
    expect(redactor.text('xxabcabcabcxx')).not.toContain('abcabc');
  });

  it('reads secrets from a source each time, and keeps those it read before', () => {
    const redactor = new Redactor();
    let current = ['first-key-1234567'];
    redactor.addSource(() => current);
    expect(redactor.text('key first-key-1234567')).toBe(`key ${REDACTED}`);
    current = ['second-key-7654321'];
    expect(redactor.text('first-key-1234567 second-key-7654321')).toBe(`${REDACTED} ${REDACTED}`);
  });

  it('ignores empty secrets and a source that throws', () => {
    const redactor = new Redactor();
    redactor.addSecret('');
    redactor.addSource(() => {
      throw new Error('not readable now');
    });
    expect(redactor.text('plain text')).toBe('plain text');
  });
});

describe('redaction by key name', () => {
  it.each([
    'apiKey',
    'apiSecret',
    'api_secret',
    'API-Key',
    'x-api-key',
    'Signature',
    'authorization',
    'Authorization',
    'password',
    'token',
    'sessionToken',
    'secret',
    'Cookie',
  ])('%s is a secret', (key) => {
    expect(isSensitiveKey(key)).toBe(true);
    expect(new Redactor().value({ [key]: 'value-123', kept: 'visible' })).toEqual({
      [key]: REDACTED,
      kept: 'visible',
    });
  });

  it.each(['channel', 'code', 'message', 'runId', 'dataset', 'outcome', 'float', 'currency', 'amount'])(
    '%s is kept',
    (key) => {
      expect(isSensitiveKey(key)).toBe(false);
    },
  );

  it('replaces secret headers inside a request description', () => {
    const out = new Redactor().value({
      request: { method: 'GET', headers: { 'API-Key': 'k-1', Signature: 's-1', Accept: 'application/json' } },
    });
    expect(out).toEqual({
      request: {
        method: 'GET',
        headers: { 'API-Key': REDACTED, Signature: REDACTED, Accept: 'application/json' },
      },
    });
  });
});

describe('redaction of proforma invoice personal data', () => {
  const proforma = {
    company_name: 'Acme Gifts Ltd',
    address_line_1: '1 High Street',
    address_line_2: 'Floor 2',
    address_line_3: 'Unit 4',
    address_line_4: 'Building B',
    city: 'Leeds',
    post_code: 'LS1 1AA',
    county: 'West Yorkshire',
    country: 'GB',
  };
  const values = Object.values(proforma);

  it('the whole proforma block and the finance e-mail are replaced, at any depth, in either spelling', () => {
    const redactor = new Redactor();
    const body = {
      float: 'Main',
      amount: '2500.00',
      proforma_invoice: proforma,
      finance_email: 'finance@acme.example',
    };
    const form = { draft: { financeEmail: 'ap@acme.example', proformaInvoice: proforma } };
    const text = JSON.stringify(redactor.value({ deep: { deeper: { body } }, form }));
    for (const value of [...values, 'finance@acme.example', 'ap@acme.example'])
      expect(text).not.toContain(value);
    expect(text).toContain('2500.00');
    expect(text).toContain('"float":"Main"');
  });

  it('each member of the block is replaced even outside the block', () => {
    const out = new Redactor().value({ rows: [proforma] }) as { rows: Array<Record<string, unknown>> };
    expect(Object.values(out.rows[0] ?? {})).toEqual(values.map(() => REDACTED));
  });

  it("the settings' company details are replaced", () => {
    const out = new Redactor().value({
      settings: { locale: 'en-GB', company: proforma, financeEmail: 'x@y.example' },
    });
    expect(out).toEqual({ settings: { locale: 'en-GB', company: REDACTED, financeEmail: REDACTED } });
  });

  it('phone numbers, e-mails and tax ids under any usual name are replaced', () => {
    const out = new Redactor().value({
      phone: '+44 1',
      contactEmail: 'a@b.example',
      vat_number: 'GB1',
      taxId: '1',
    });
    expect(Object.values(out as object)).toEqual([REDACTED, REDACTED, REDACTED, REDACTED]);
  });

  it('e-mail addresses and URL credentials in free text are replaced', () => {
    const redactor = new Redactor();
    expect(redactor.text('Platform said: finance@acme.example is not valid')).toBe(
      'Platform said: [redacted-email] is not valid',
    );
    expect(redactor.text('GET https://user:pa55@api.example/x')).toBe(
      `GET https://${REDACTED}@api.example/x`,
    );
    expect(redactor.text('version 1.2@beta')).toBe('version 1.2@beta');
  });
});

describe('what the redactor does with other values', () => {
  it('keeps numbers, booleans and null; turns errors into their fields; cuts cycles and depth', () => {
    const redactor = new Redactor();
    const cycle: Record<string, unknown> = { n: 1 };
    cycle.self = cycle;
    const error = Object.assign(new Error('boom'), { code: 'offline' });
    expect(redactor.value({ n: 1, b: true, z: null, error, cycle })).toEqual({
      n: 1,
      b: true,
      z: null,
      error: { name: 'Error', message: 'boom', code: 'offline' },
      cycle: { n: 1, self: '[circular]' },
    });
    let deep: unknown = 'bottom';
    for (let i = 0; i < 20; i++) deep = { d: deep };
    expect(JSON.stringify(redactor.value(deep))).toContain('[too deep]');
  });

  it('cuts very long strings after redacting them', () => {
    const redactor = new Redactor();
    redactor.addSecret('s3cret-value-xyz');
    const long = `${'a'.repeat(3990)}s3cret-value-xyz${'b'.repeat(5000)}`;
    const out = redactor.text(long);
    expect(out).not.toContain('s3cret-value-xyz');
    expect(out.length).toBeLessThan(4100);
  });
});

describe('company details typed in Settings', () => {
  it('are never written, in any text, once the settings hold them; short values are left alone', () => {
    const redactor = new Redactor();
    let settings = { company: {}, financeEmail: null } as Parameters<typeof personalValuesOf>[0];
    redactor.addSource(() => personalValuesOf(settings));
    expect(redactor.text('Zebra Holdings Ltd, 12 Quay Street')).toBe('Zebra Holdings Ltd, 12 Quay Street');
    settings = {
      company: { company_name: 'Zebra Holdings Ltd', address_line_1: '12 Quay Street', country: 'GB' },
      financeEmail: 'ap@zebra.example',
    };
    const line = redactor.text(
      'The platform refused the proforma invoice of Zebra Holdings Ltd (12 Quay Street, GB): write to ap@zebra.example',
    );
    expect(line).not.toContain('Zebra Holdings');
    expect(line).not.toContain('Quay Street');
    expect(line).not.toContain('zebra.example');
    // Two letters would blank out every currency code and word that contains them.
    expect(line).toContain('GB');
    // Changed later: the old values stay redacted too.
    settings = { company: { company_name: 'Yak Trading' }, financeEmail: null };
    expect(redactor.text('Zebra Holdings Ltd and Yak Trading')).not.toMatch(/Zebra|Yak/);
  });
});

describe('other spellings of a secret, auth fields and raw bytes', () => {
  const SECRET = 'Sk/9+q=z?&é-secret-42';

  it('a registered secret is replaced URL-encoded and in base64 (standard, URL-safe, padded or not)', () => {
    const redactor = new Redactor();
    redactor.addSecret(SECRET);
    const base64 = Buffer.from(SECRET, 'utf8').toString('base64');
    const spellings = [
      encodeURIComponent(SECRET),
      base64,
      base64.replace(/=+$/, ''),
      Buffer.from(SECRET, 'utf8').toString('base64url'),
    ];
    for (const spelling of spellings) {
      const out = redactor.text(`GET /floats?secret=${spelling}&x=1`);
      expect(out, spelling).not.toContain(spelling);
      expect(out).toContain(REDACTED);
      expect(redactor.containsSecret(`before ${spelling} after`)).toBe(true);
    }
    expect(redactor.value({ note: `sent ${encodeURIComponent(SECRET)}` })).toEqual({
      note: `sent ${REDACTED}`,
    });
  });

  it('property: no URL-encoded or base64 spelling of a secret reaches a written line', () => {
    fc.assert(
      fc.property(secretArb, textArb, (secret, around) => {
        const redactor = new Redactor();
        redactor.addSecret(secret);
        for (const spelling of [
          encodeURIComponent(secret),
          Buffer.from(secret).toString('base64'),
          Buffer.from(secret).toString('base64url'),
        ])
          expect(redactor.text(`${around}${spelling}${around}`)).not.toContain(spelling);
      }),
    );
  });

  it.each(['auth', 'Auth', 'basicAuth', 'x-auth-key', 'authHeader', 'Proxy-Authenticate', 'oauth'])(
    '%s is a secret',
    (key) => {
      expect(isSensitiveKey(key)).toBe(true);
      expect(new Redactor().value({ [key]: 'Basic a2V5OnNlY3JldA==' })).toEqual({ [key]: REDACTED });
    },
  );

  it('raw bytes are shown by their size, never their content', () => {
    const bytes = Buffer.from('v11-ciphertext-bytes');
    const out = new Redactor().value({
      buffer: bytes,
      view: new Uint8Array([1, 2, 3]),
      floats: new Float64Array(4),
      data: new DataView(new ArrayBuffer(7)),
      raw: new ArrayBuffer(5),
      list: [1, 2, 3],
    });
    expect(out).toEqual({
      buffer: `[bytes ${bytes.length}]`,
      view: '[bytes 3]',
      floats: '[bytes 32]',
      data: '[bytes 7]',
      raw: '[bytes 5]',
      list: [1, 2, 3],
    });
  });
});
