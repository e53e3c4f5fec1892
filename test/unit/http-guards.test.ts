import { describe, expect, it } from 'vitest';
import {
  bearerToken,
  checkApiRequest,
  checkConnection,
  checkPreviewRequest,
  isLoopbackAddress,
  type RequestFacts,
} from '../../src/cli/http-guards';

const server = { port: 4321, token: 'abc_DEF-123' };
const good: RequestFacts = {
  host: '127.0.0.1:4321',
  origin: undefined,
  authorization: 'Bearer abc_DEF-123',
  localAddress: '127.0.0.1',
  remoteAddress: '127.0.0.1',
};

describe('browser shell guards', () => {
  it('accept the page own origin with the token', () => {
    expect(checkApiRequest(good, server)).toEqual({ ok: true });
    expect(checkApiRequest({ ...good, origin: 'http://127.0.0.1:4321' }, server)).toEqual({ ok: true });
    expect(
      checkApiRequest({ ...good, host: 'localhost:4321', origin: 'http://localhost:4321' }, server),
    ).toEqual({ ok: true });
  });

  it('refuse a missing or wrong token with 401', () => {
    expect(checkApiRequest({ ...good, authorization: undefined }, server)).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(checkApiRequest({ ...good, authorization: 'Bearer abc_DEF-124' }, server)).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(checkApiRequest({ ...good, authorization: 'Basic abc_DEF-123' }, server)).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(checkApiRequest({ ...good, authorization: 'Bearer abc' }, server)).toMatchObject({
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
    expect(checkApiRequest({ ...good, remoteAddress: undefined }, server)).toMatchObject({
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
  it('accepts the right token on the right host', () => {
    expect(checkPreviewRequest(frame, server, 'abc_DEF-123')).toEqual({ ok: true });
  });
  it.each([null, '', 'abc_DEF-124', 'abc_DEF-123 ', 'abc_DEF-1234', 'abc%5FDEF-123'])(
    'refuses token %j with 401',
    (token) => {
      expect(checkPreviewRequest(frame, server, token)).toMatchObject({ ok: false, status: 401 });
    },
  );
  it('refuses a foreign Host or Origin even with the right token', () => {
    expect(checkPreviewRequest({ ...frame, host: 'evil.example:4321' }, server, 'abc_DEF-123')).toMatchObject(
      {
        ok: false,
        status: 403,
      },
    );
    expect(
      checkPreviewRequest({ ...frame, origin: 'https://evil.example' }, server, 'abc_DEF-123'),
    ).toMatchObject({ ok: false, status: 403 });
  });
});
