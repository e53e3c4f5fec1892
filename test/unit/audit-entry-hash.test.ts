import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AuditDetailsError,
  canonicalDetails,
  entryHash,
  GENESIS_HASH,
  hashInput,
  MAX_DETAILS_LENGTH,
  type HashedFields,
} from '../../src/main/core/recon/audit/entry-hash';

const NOTE = 'Paid twice — see "ticket" ü\n';

/** Frozen: computed once with Python's json + hashlib (see the recipe in entry-hash.ts). */
const FIRST: HashedFields = {
  prevHash: GENESIS_HASH,
  workspaceId: 1,
  seq: 1,
  at: '2026-11-22T09:00:00.000Z',
  actor: 'user',
  action: 'match.confirmed',
  subject: 'bank-line:42',
  details: canonicalDetails({ requestId: 7, amount: '1250.00', currency: 'GBP', note: NOTE }),
};
const FIRST_HASH = '380cbbabea878279a10c198fde5a73476ca0d7c7b12b10720162025a000844bd';
const SECOND: HashedFields = {
  prevHash: FIRST_HASH,
  workspaceId: 1,
  seq: 2,
  at: '2026-11-22T09:05:00.000Z',
  actor: 'cli',
  action: 'item.resolved',
  subject: 'RF-2026-0001',
  details: '{"reason":"bank_fee"}',
};
const SECOND_HASH = '6bff9506ce59dac1452d67fdac69d4fdaf417e2c969c1ef70c828d30b1205cc7';

describe('audit entry hash', () => {
  it('matches the frozen vectors, computed outside FloatDesk', () => {
    expect(FIRST.details).toBe(
      '{"amount":"1250.00","currency":"GBP","note":"Paid twice — see \\"ticket\\" ü\\n","requestId":7}',
    );
    expect(hashInput(FIRST)).toBe(
      '["0000000000000000000000000000000000000000000000000000000000000000",1,1,"2026-11-22T09:00:00.000Z",' +
        '"user","match.confirmed","bank-line:42",' +
        '"{\\"amount\\":\\"1250.00\\",\\"currency\\":\\"GBP\\",\\"note\\":\\"Paid twice — see \\\\\\"ticket\\\\\\" ü\\\\n\\",\\"requestId\\":7}"]',
    );
    expect(entryHash(FIRST)).toBe(FIRST_HASH);
    expect(entryHash(SECOND)).toBe(SECOND_HASH);
    expect(GENESIS_HASH).toMatch(/^0{64}$/);
  });

  it('changes when any single field changes', () => {
    const changed: HashedFields[] = [
      { ...FIRST, prevHash: `1${GENESIS_HASH.slice(1)}` },
      { ...FIRST, workspaceId: 2 },
      { ...FIRST, seq: 2 },
      { ...FIRST, at: '2026-11-22T09:00:00.001Z' },
      { ...FIRST, actor: 'cli' },
      { ...FIRST, action: 'match.rejected' },
      { ...FIRST, subject: 'bank-line:43' },
      { ...FIRST, details: FIRST.details.replace('1250.00', '1250.01') },
      { ...FIRST, details: FIRST.details.replace('"requestId":7', '"requestId":8') },
    ];
    const hashes = new Set(changed.map(entryHash));
    expect(hashes.size).toBe(changed.length);
    expect(hashes.has(FIRST_HASH)).toBe(false);
  });

  it('is unambiguous: moving text between neighbouring fields changes the hash', () => {
    const a = { ...FIRST, actor: 'user', action: 'x.y' };
    const b = { ...FIRST, actor: 'userx', action: '.y' };
    expect(entryHash(a)).not.toBe(entryHash(b));
    const c = { ...FIRST, subject: 'a","b' };
    const d = { ...FIRST, subject: 'a', details: 'b' };
    expect(entryHash(c)).not.toBe(entryHash(d));
  });

  it('any change of any field changes the hash (property)', () => {
    const field = fc.constantFrom<keyof HashedFields>(
      'prevHash',
      'workspaceId',
      'seq',
      'at',
      'actor',
      'action',
      'subject',
      'details',
    );
    fc.assert(
      fc.property(field, fc.string({ minLength: 1 }), fc.integer({ min: 1, max: 1e9 }), (name, text, n) => {
        const value = typeof FIRST[name] === 'number' ? (FIRST[name] as number) + n : `${FIRST[name]}${text}`;
        expect(entryHash({ ...FIRST, [name]: value })).not.toBe(FIRST_HASH);
      }),
    );
  });
});

describe('canonical details', () => {
  it('sorts keys at every depth and writes no whitespace, so key order does not matter', () => {
    const one = canonicalDetails({ b: 1, a: { d: [1, { z: true, y: null }], c: 'x' } });
    const two = canonicalDetails({ a: { c: 'x', d: [1, { y: null, z: true }] }, b: 1 });
    expect(one).toBe('{"a":{"c":"x","d":[1,{"y":null,"z":true}]},"b":1}');
    expect(two).toBe(one);
    expect(entryHash({ ...FIRST, details: one })).toBe(entryHash({ ...FIRST, details: two }));
  });

  it('gives the same text for any key order (property)', () => {
    const entries = fc.uniqueArray(
      fc.tuple(fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,10}$/), fc.oneof(fc.string(), fc.integer())),
      { selector: ([key]) => key, maxLength: 12 },
    );
    fc.assert(
      fc.property(entries, (pairs) => {
        const forwards = Object.fromEntries(pairs);
        const backwards = Object.fromEntries([...pairs].reverse());
        expect(canonicalDetails(backwards)).toBe(canonicalDetails(forwards));
        expect(JSON.parse(canonicalDetails(forwards))).toEqual(forwards);
      }),
    );
  });

  it('leaves out undefined members and refuses what another tool could write differently', () => {
    expect(canonicalDetails({ note: undefined, id: 3 } as never)).toBe('{"id":3}');
    for (const bad of [
      { amount: 12.5 },
      { amount: Number.NaN },
      { amount: 2 ** 53 },
      { amount: 10n },
      { at: new Date(0) },
      { list: [undefined] },
      { text: 'broken \uD800 surrogate' },
      { 'naïve key': 1 },
      { '': 1 },
    ]) {
      expect(() => canonicalDetails(bad as never), JSON.stringify(Object.keys(bad))).toThrow(
        AuditDetailsError,
      );
    }
    expect(() => canonicalDetails([] as never)).toThrow(AuditDetailsError);
    expect(() => canonicalDetails({ note: 'x'.repeat(MAX_DETAILS_LENGTH) })).toThrow(/at most/);
  });

  it('refuses keys that would carry secrets or personal data', () => {
    for (const key of [
      'apiSecret',
      'password',
      'token',
      'api_key',
      'authorization',
      'iban',
      'email',
      'phone',
    ])
      expect(() => canonicalDetails({ [key]: 'x' }), key).toThrow(/never go into the audit log/);
    expect(() => canonicalDetails({ nested: { accountNumber: '1' } })).toThrow(
      /details\.nested\.accountNumber/,
    );
    expect(canonicalDetails({ bankLineId: 'L1', reasonCode: 'bank_fee', note: 'typed' })).toBe(
      '{"bankLineId":"L1","note":"typed","reasonCode":"bank_fee"}',
    );
  });
});
