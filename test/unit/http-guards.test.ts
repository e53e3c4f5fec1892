import { describe, expect, it } from 'vitest';
import {
  bearerToken,
  checkApiRequest,
  checkConnection,
  checkPreviewRequest,
  isLoopbackAddress,
  type RequestFacts,
} from '../../src/cli/http-guards';

const server = { port: 4321, token: 'abc_DEF-123', previewToken: 'f00d_PREVIEW-9' };
const good: RequestFacts = {
  host: '127.0.0.1:4321',
  origin: undefined,
  authorization: 'Bearer abc_DEF-123',
  localAddress: '127.0.0.1',
  remoteAddress: '127.0.0.1',
};

describe('browser shell guards', () => {
  it('accept the page own origin with the token', () => {
    expect(checkApiRequest(good, server, null)).toEqual({ ok: true });
    expect(checkApiRequest({ ...good, origin: 'http://127.0.0.1:4321' }, server, null)).toEqual({ ok: true });
    expect(
      checkApiRequest({ ...good, host: 'localhost:4321', origin: 'http://localhost:4321' }, server, null),
    ).toEqual({ ok: true });
  });

  it('refuse a missing or wrong token with 401', () => {
    expect(checkApiRequest({ ...good, authorization: undefined }, server, null)).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(checkApiRequest({ ...good, authorization: 'Bearer abc_DEF-124' }, server, null)).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(checkApiRequest({ ...good, authorization: 'Basic abc_DEF-123' }, server, null)).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(checkApiRequest({ ...good, authorization: 'Bearer abc' }, server, null)).toMatchObject({
      ok: false,
      status: 401,
    });
  });

  it('refuse foreign Host (DNS rebinding), foreign Origin and other ports with 403', () => {
    expect(checkConnection({ ...good, host: 'evil.example:4321' }, server)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(checkConnection({ ...good, host: '127.0.0.1:9999' }, server)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(checkConnection({ ...good, host: undefined }, server)).toMatchObject({ ok: false, status: 403 });
    expect(checkConnection({ ...good, origin: 'https://evil.example' }, server)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(checkConnection({ ...good, origin: 'null' }, server)).toMatchObject({ ok: false, status: 403 });
  });

  it('refuse connections that are not loopback on both ends', () => {
    expect(checkConnection({ ...good, remoteAddress: '192.168.1.20' }, server)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(checkConnection({ ...good, localAddress: '10.0.0.5' }, server)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(checkApiRequest({ ...good, remoteAddress: undefined }, server, null)).toMatchObject({
      ok: false,
      status: 403,
    });
  });

  it('recognise loopback addresses in every spelling Node reports', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.0.1', '::ffff:10.0.0.1', '', undefined].some(isLoopbackAddress)).toBe(
      false,
    );
  });

  it('parse bearer tokens strictly', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBeUndefined();
    expect(bearerToken('Bearer abc def')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});

describe('template preview guard (token in the query, since a frame sends no headers)', () => {
  const frame: RequestFacts = { ...good, authorization: undefined };
  it('accepts the preview token on the right host', () => {
    expect(checkPreviewRequest(frame, server, 'f00d_PREVIEW-9')).toEqual({ ok: true });
  });
  it.each([null, '', 'f00d_PREVIEW-8', 'f00d_PREVIEW-9 ', 'f00d_PREVIEW-99', 'f00d%5FPREVIEW-9'])(
    'refuses token %j with 401',
    (token) => {
      expect(checkPreviewRequest(frame, server, token)).toMatchObject({ ok: false, status: 401 });
    },
  );
  it('refuses the session token, in the address or as a header: it must never be in a preview URL', () => {
    expect(checkPreviewRequest(frame, server, 'abc_DEF-123')).toMatchObject({ ok: false, status: 401 });
    expect(checkPreviewRequest(good, server, null)).toMatchObject({ ok: false, status: 401 });
  });
  it('refuses a foreign Host or Origin even with the right token', () => {
    expect(
      checkPreviewRequest({ ...frame, host: 'evil.example:4321' }, server, 'f00d_PREVIEW-9'),
    ).toMatchObject({ ok: false, status: 403 });
    expect(
      checkPreviewRequest({ ...frame, origin: 'https://evil.example' }, server, 'f00d_PREVIEW-9'),
    ).toMatchObject({ ok: false, status: 403 });
  });
});

describe('API guard and the preview token', () => {
  it('refuses the preview token with 403 as a bearer header or in the query, even beside the session token', () => {
    const preview = { ...good, authorization: 'Bearer f00d_PREVIEW-9' };
    expect(checkApiRequest(preview, server, null)).toMatchObject({ ok: false, status: 403 });
    expect(checkApiRequest({ ...good, authorization: undefined }, server, 'f00d_PREVIEW-9')).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(checkApiRequest(good, server, 'f00d_PREVIEW-9')).toMatchObject({ ok: false, status: 403 });
  });
  it('never takes the session token from the query', () => {
    expect(checkApiRequest({ ...good, authorization: undefined }, server, 'abc_DEF-123')).toMatchObject({
      ok: false,
      status: 401,
    });
  });
});
