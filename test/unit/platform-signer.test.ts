import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { runs } from '../helpers/property-runs';
import { describe, expect, it } from 'vitest';
import { endpointName, sign, signatureHeaders, stringToSign } from '../../src/main/core/platform/signer';

const KEY = 'abc123';
const SECRET = 'test_secret_key';
const TIMESTAMP = 1533025425488;
const credentials = { apiKey: KEY, apiSecret: SECRET };

describe('platform signer', () => {
  it('names endpoints from their paths', () => {
    expect(endpointName('float/request-payment-transfer')).toBe('float-request-payment-transfer');
    expect(endpointName('check-floats')).toBe('check-floats');
    expect(endpointName('/float/transfer-requests')).toBe('float-transfer-requests');
    expect(endpointName('/api/v2/digital/issue')).toBe('digital-issue');
    expect(endpointName('brands/')).toBe('brands');
  });

  it('builds the string to sign, leaving absent parameters out entirely', () => {
    expect(stringToSign(KEY, 'GET', 'brands', [], TIMESTAMP)).toBe('abc123-GET-brands-1533025425488');
    expect(stringToSign(KEY, 'GET', 'brands', ['some-brand'], TIMESTAMP)).toBe(
      'abc123-GET-brands-some-brand-1533025425488',
    );
    expect(stringToSign(KEY, 'POST', 'float/request-payment-transfer', [], String(TIMESTAMP))).toBe(
      'abc123-POST-float-request-payment-transfer-1533025425488',
    );
    expect(stringToSign(KEY, 'POST', 'digital/issue', ['req-1', 'amazon-uk'], TIMESTAMP)).toBe(
      'abc123-POST-digital-issue-req-1-amazon-uk-1533025425488',
    );
    expect(stringToSign(KEY, 'DELETE', 'digital/issue', [undefined, 'amazon-uk'], TIMESTAMP)).toBe(
      'abc123-DELETE-digital-issue-amazon-uk-1533025425488',
    );
    expect(stringToSign(KEY, 'POST', 'digital/issue', ['req-1', ''], TIMESTAMP)).toBe(
      'abc123-POST-digital-issue-req-1-1533025425488',
    );
  });

  it('matches the worked values of platform-notes.md', () => {
    const cases: Array<[string, string]> = [
      ['abc123-GET-brands-1533025425488', '8bdabebc6d3cabd975e58f47058b0022459b7a7017be978a6977a4ba6f8bae4c'],
      [
        'abc123-GET-check-floats-1533025425488',
        '8eff9483b46be91bd6c6cb361f6826b06707ecafc4e42e273f0dd093f354adb2',
      ],
      [
        'abc123-POST-float-request-payment-transfer-1533025425488',
        'a344541889af6f869b72827aefe975ac622126ca2265701a00448e9133ae8216',
      ],
    ];
    for (const [text, signature] of cases) expect(sign(SECRET, text)).toBe(signature);
  });

  it('produces the three headers, signed at the given time', () => {
    expect(signatureHeaders(credentials, 'GET', 'brands', [], TIMESTAMP)).toEqual({
      'API-Key': 'abc123',
      Signature: '8bdabebc6d3cabd975e58f47058b0022459b7a7017be978a6977a4ba6f8bae4c',
      Timestamp: '1533025425488',
    });
    expect(signatureHeaders(credentials, 'GET', 'check-floats', [], TIMESTAMP).Signature).toBe(
      '8eff9483b46be91bd6c6cb361f6826b06707ecafc4e42e273f0dd093f354adb2',
    );
    expect(
      signatureHeaders(credentials, 'POST', 'float/request-payment-transfer', [], TIMESTAMP).Signature,
    ).toBe('a344541889af6f869b72827aefe975ac622126ca2265701a00448e9133ae8216');
  });

  it('signs the brand and client_request_id when present', () => {
    const brand = signatureHeaders(credentials, 'GET', 'brands', ['some-brand'], TIMESTAMP);
    expect(brand.Signature).toBe(sign(SECRET, 'abc123-GET-brands-some-brand-1533025425488'));
    const issue = signatureHeaders(credentials, 'POST', 'digital/issue', ['cr-42', 'tesco'], TIMESTAMP);
    expect(issue.Signature).toBe(sign(SECRET, 'abc123-POST-digital-issue-cr-42-tesco-1533025425488'));
    expect(issue.Signature).not.toBe(brand.Signature);
  });

  it('gives a fresh Timestamp and signature for every clock reading', () => {
    const first = signatureHeaders(credentials, 'GET', 'check-floats', [], TIMESTAMP);
    const second = signatureHeaders(credentials, 'GET', 'check-floats', [], TIMESTAMP + 1);
    expect(second.Timestamp).toBe('1533025425489');
    expect(second.Signature).not.toBe(first.Signature);
  });

  it('is lowercase hex HMAC-SHA256 for any input', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (secret, text) => {
        const signature = sign(secret, text);
        expect(signature).toMatch(/^[0-9a-f]{64}$/);
        expect(signature).toBe(createHmac('sha256', secret).update(text, 'utf8').digest('hex'));
      }),
      runs(200),
    );
  });
});
