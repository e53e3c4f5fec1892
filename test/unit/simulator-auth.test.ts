import { describe, expect, it } from 'vitest';
import {
  authenticate,
  constantTimeEqual,
  endpointName,
  sign,
  stringToSign,
  type AuthConfig,
  type AuthInput,
} from '../../src/simulator/auth';

const TS = '1533025425488';
const config: AuthConfig = {
  apiKey: 'abc123',
  apiSecret: 'test_secret_key',
  timestampSkewMs: 300_000,
  allowedIps: ['127.0.0.1'],
  clock: () => Number(TS) + 1_000,
};

function request(
  overrides: Partial<AuthInput> & { signature?: string; timestamp?: string; key?: string },
): AuthInput {
  const { signature, timestamp = TS, key = 'abc123', ...rest } = overrides;
  return {
    method: 'GET',
    path: '/api/v2/brands',
    params: {},
    remoteAddress: '127.0.0.1',
    headers: { 'api-key': key, signature, timestamp },
    ...rest,
  };
}

describe('simulator auth: the worked values of platform-notes.md', () => {
  it.each([
    ['abc123-GET-brands-1533025425488', '8bdabebc6d3cabd975e58f47058b0022459b7a7017be978a6977a4ba6f8bae4c'],
    [
      'abc123-GET-check-floats-1533025425488',
      '8eff9483b46be91bd6c6cb361f6826b06707ecafc4e42e273f0dd093f354adb2',
    ],
    [
      'abc123-POST-float-request-payment-transfer-1533025425488',
      'a344541889af6f869b72827aefe975ac622126ca2265701a00448e9133ae8216',
    ],
  ])('%s', (text, signature) => {
    expect(sign('test_secret_key', text)).toBe(signature);
  });

  it('builds the strings to sign, leaving absent parameters out', () => {
    const base = { apiKey: 'abc123', timestamp: TS };
    expect(stringToSign({ ...base, method: 'get', endpoint: 'brands', params: [undefined] })).toBe(
      'abc123-GET-brands-1533025425488',
    );
    expect(stringToSign({ ...base, method: 'GET', endpoint: 'brands', params: ['some-brand'] })).toBe(
      'abc123-GET-brands-some-brand-1533025425488',
    );
    expect(
      stringToSign({ ...base, method: 'POST', endpoint: 'digital-issue', params: ['req-1', 'some-brand'] }),
    ).toBe('abc123-POST-digital-issue-req-1-some-brand-1533025425488');
    expect(
      stringToSign({ ...base, method: 'DELETE', endpoint: 'digital-issue', params: [undefined, 'b'] }),
    ).toBe('abc123-DELETE-digital-issue-b-1533025425488');
    expect(
      stringToSign({
        ...base,
        method: 'POST',
        endpoint: 'float-request-payment-transfer',
        params: [undefined, undefined],
      }),
    ).toBe('abc123-POST-float-request-payment-transfer-1533025425488');
  });

  it('names endpoints from their path', () => {
    expect(endpointName('/api/v2/check-floats')).toBe('check-floats');
    expect(endpointName('/api/v2/float/request-payment-transfer')).toBe('float-request-payment-transfer');
    expect(endpointName('/api/v2/float/transfer-requests')).toBe('float-transfer-requests');
    expect(endpointName('/api/v2/digital/cash-out-original-transaction')).toBe(
      'digital-cash-out-original-transaction',
    );
  });

  it('compares in constant time, whatever the lengths', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
  });
});

describe('simulator auth: authenticate', () => {
  const good = '8bdabebc6d3cabd975e58f47058b0022459b7a7017be978a6977a4ba6f8bae4c';

  it('accepts the worked GET /brands request', () => {
    expect(authenticate(request({ signature: good }), config)).toEqual({ ok: true });
  });

  it('signs the brand query parameter of a GET', () => {
    const signature = sign('test_secret_key', 'abc123-GET-brands-acme-1533025425488');
    expect(authenticate(request({ signature, params: { brand: 'acme' } }), config).ok).toBe(true);
    expect(authenticate(request({ signature: good, params: { brand: 'acme' } }), config).ok).toBe(false);
  });

  it('signs client_request_id then brand of a POST body', () => {
    const signature = sign('test_secret_key', 'abc123-POST-digital-issue-r1-acme-1533025425488');
    const input = request({
      signature,
      method: 'POST',
      path: '/api/v2/digital/issue',
      params: { clientRequestId: 'r1', brand: 'acme' },
    });
    expect(authenticate(input, config).ok).toBe(true);
    expect(authenticate({ ...input, params: { clientRequestId: 'acme', brand: 'r1' } }, config).ok).toBe(
      false,
    );
  });

  it.each([
    ['a missing key', { key: '' }, 401, /API-Key header is missing/],
    ['a wrong key', { key: 'abc124' }, 404, /unknown API key/],
    ['a missing signature', {}, 401, /Signature header is missing/],
    ['a wrong signature', { signature: good.replace(/^8/, '9') }, 401, /Signature does not match/],
    ['an upper-case signature', { signature: good.toUpperCase() }, 401, /Signature does not match/],
    ['a missing timestamp', { signature: good, timestamp: '' }, 401, /Timestamp header is missing/],
    ['a non-numeric timestamp', { signature: good, timestamp: '2026-11-02' }, 401, /epoch milliseconds/],
  ])('rejects %s with code 434 and HTTP %i', (_name, overrides, status, message) => {
    const result = authenticate(request(overrides), config);
    expect(result).toMatchObject({ ok: false, httpStatus: status, code: '434' });
    if (!result.ok) {
      expect(result.message).toMatch(message);
      expect(result.message).not.toContain(good);
    }
  });

  it('rejects a timestamp outside the window, in either direction', () => {
    const late = { ...config, clock: () => Number(TS) + 300_001 };
    const early = { ...config, clock: () => Number(TS) - 300_001 };
    const edge = { ...config, clock: () => Number(TS) + 300_000 };
    expect(authenticate(request({ signature: good }), late)).toMatchObject({ code: '434' });
    expect(authenticate(request({ signature: good }), early)).toMatchObject({ code: '434' });
    expect(authenticate(request({ signature: good }), edge).ok).toBe(true);
    expect(authenticate(request({ signature: good }), { ...config, forceSkew: true })).toMatchObject({
      code: '434',
      message: expect.stringMatching(/outside the allowed window/),
    });
  });

  it('rejects an address that is not allow-listed with 401 code 210', () => {
    expect(authenticate(request({ signature: good, remoteAddress: '10.1.2.3' }), config)).toMatchObject({
      ok: false,
      httpStatus: 401,
      code: '210',
    });
  });
});
