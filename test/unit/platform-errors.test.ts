import { describe, expect, it } from 'vitest';
import { fieldIssues, readErrorEnvelope } from '../../src/main/core/platform/envelope-errors';
import {
  malformedResponse,
  networkError,
  offlineError,
  platformError,
  timeoutError,
} from '../../src/main/core/platform/errors';
import { ERROR_CODES } from '../../src/shared/ipc/errors';

const at = { path: 'float/request-payment-transfer', method: 'POST' };

function mapped(httpStatus: number, platformCode?: string, message?: string, data?: unknown) {
  return platformError({ ...at, httpStatus, platformCode, message, data });
}

/** Every row of platform-notes.md "Errors and limits", each code with each status it comes with. */
const TABLE: Array<[code: string, status: number, errorCode: string, wording: RegExp]> = [
  ['070', 400, 'platform_rejected', /required value is missing \("The float field is required\."\)/],
  ['072', 400, 'platform_rejected', /does not know this brand.*refresh the catalogue/],
  ['072', 401, 'platform_rejected', /not available to your account/],
  ['100', 422, 'platform_rejected', /under its rules \("The float field is required\."\)/],
  ['210', 401, 'auth_failed', /allow-list this computer's IP address/],
  ['211', 429, 'rate_limited', /wait a minute/],
  ['433', 422, 'invalid_input', /did not accept the request — The float field is required\./],
  [
    '434',
    401,
    'auth_failed',
    /check the API key and secret in Settings, and that this computer's clock is right/,
  ],
  ['434', 404, 'auth_failed', /check the API key and secret in Settings/],
  ['600', 500, 'platform_rejected', /internal error: try again later/],
  ['600', 503, 'platform_rejected', /internal error: try again later/],
  ['602', 503, 'platform_rejected', /down for maintenance: try again later/],
  ['602', 500, 'platform_rejected', /down for maintenance/],
  ['603', 500, 'platform_rejected', /payment processor.*try again later/],
  ['604', 503, 'platform_rejected', /health check: try again later/],
  ['610', 403, 'platform_rejected', /not have enough funds/],
  ['610', 422, 'platform_rejected', /not have enough funds/],
  ['615', 403, 'platform_rejected', /not have enough credit/],
  ['615', 422, 'platform_rejected', /not have enough credit/],
  ['704', 400, 'platform_rejected', /outside the range the platform accepts/],
  ['716', 400, 'platform_rejected', /no such template: refresh the template list/],
  ['716', 401, 'platform_rejected', /no such template/],
  ['717', 400, 'platform_rejected', /no access to this template/],
  ['717', 401, 'platform_rejected', /no access to this template/],
  ['719', 422, 'platform_rejected', /does not support this kind of transaction/],
  ['720', 422, 'platform_rejected', /brand does not support this kind of transaction/],
  ['999', 404, 'platform_rejected', /does not know this address \(HTTP 404\): check the base URL/],
  ['999', 405, 'platform_rejected', /does not allow this request \(HTTP 405\)/],
  ['999', 500, 'platform_rejected', /internal error: try again later/],
];

describe('platform error taxonomy', () => {
  it.each(TABLE)('code %s with HTTP %i → %s', (code, status, errorCode, wording) => {
    const error = mapped(status, code, 'The float field is required.');
    expect(error.code).toBe(errorCode);
    expect(ERROR_CODES).toContain(error.code);
    expect(error.message).toMatch(wording);
    expect(error.message).not.toMatch(/\n/);
    expect(error.details).toMatchObject({
      endpoint: at.path,
      method: 'POST',
      httpStatus: status,
      platformCode: code,
      platformMessage: 'The float field is required.',
    });
  });

  it('says how long to wait when the platform said so', () => {
    const error = platformError({ ...at, httpStatus: 429, platformCode: '211', retryAfterSeconds: 7 });
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(/wait 7 seconds/);
    expect(error.details).toMatchObject({ retryAfterSeconds: 7 });
    expect(platformError({ ...at, httpStatus: 429, retryAfterSeconds: 1 }).message).toMatch(/wait 1 second /);
  });

  it('maps 5xx without a body (502/504 from the gateway) and without a code', () => {
    for (const [status, wording] of [
      [502, /gateway gave no proper answer \(HTTP 502\): try again later/],
      [503, /temporarily unavailable \(HTTP 503\)/],
      [504, /gateway timed out \(HTTP 504\): try again later/],
      [500, /had a problem \(HTTP 500\): try again later/],
    ] as const) {
      const error = mapped(status);
      expect(error.code).toBe('platform_rejected');
      expect(error.message).toMatch(wording);
      expect(error.details).toMatchObject({ httpStatus: status, platformCode: null, platformMessage: null });
    }
  });

  it('maps answers without a code by status', () => {
    expect(mapped(401).code).toBe('auth_failed');
    expect(mapped(404).message).toMatch(/check the base URL/);
    expect(mapped(302).message).toMatch(/redirected \(HTTP 302\)/);
    expect(mapped(418).message).toMatch(/refused the request \(HTTP 418\)/);
  });

  it('quotes the platform message for unknown codes', () => {
    const error = mapped(400, '812', 'Card\nblocked   by issuer');
    expect(error.code).toBe('platform_rejected');
    expect(error.message).toBe(
      'The platform refused the request (code 812, HTTP 400) ("Card blocked by issuer"): if it keeps happening, report it with the diagnostics.',
    );
    expect(mapped(500, '812', 'Boom').message).toMatch(/code 812, HTTP 500\) \("Boom"\): try again later/);
    expect(mapped(400, '812', 'x'.repeat(500)).message.length).toBeLessThan(320);
  });

  it('puts every field message of a 433 in details, whatever shape data has', () => {
    const shapes: Array<[unknown, Array<{ field: string; problem: string }>]> = [
      [{ amount: 'Too small' }, [{ field: 'amount', problem: 'Too small' }]],
      [
        { amount: ['Too small', 'Two decimals'], float: ['Unknown'] },
        [
          { field: 'amount', problem: 'Too small' },
          { field: 'amount', problem: 'Two decimals' },
          { field: 'float', problem: 'Unknown' },
        ],
      ],
      [
        ['Amount too small', 'Float unknown'],
        [
          { field: '', problem: 'Amount too small' },
          { field: '', problem: 'Float unknown' },
        ],
      ],
    ];
    for (const [data, issues] of shapes) {
      const error = mapped(422, '433', 'The given data was invalid.', data);
      expect(error.code).toBe('invalid_input');
      expect(error.details?.issues).toEqual(issues);
      expect(error.message).toContain(issues[0]!.problem);
    }
    const many = mapped(422, '433', 'Invalid', { a: ['1'], b: ['2'], c: ['3'] });
    expect(many.message).toBe(
      'The platform did not accept the request — a: 1 (and 2 more): correct it and try again.',
    );
  });

  it('reads the transfer 422 variant with `messages` instead of `message`', () => {
    const envelope = readErrorEnvelope(
      '{"code":"433","status":"error","messages":{"payment_reference":["At most 18 characters"]}}',
    );
    expect(envelope).toEqual({
      platformCode: '433',
      message: 'payment_reference: At most 18 characters',
      data: { payment_reference: ['At most 18 characters'] },
    });
    const error = platformError({ ...at, httpStatus: 422, ...envelope });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/payment_reference: At most 18 characters/);
    expect(error.details?.issues).toEqual([{ field: 'payment_reference', problem: 'At most 18 characters' }]);
  });

  it('reads error envelopes tolerantly and losslessly', () => {
    expect(readErrorEnvelope('')).toEqual({});
    expect(readErrorEnvelope('<html>Bad gateway</html>')).toEqual({});
    expect(readErrorEnvelope('[1,2]')).toEqual({});
    expect(readErrorEnvelope('{"code":"434","status":"error","message":"Bad signature"}')).toEqual({
      platformCode: '434',
      message: 'Bad signature',
    });
    expect(readErrorEnvelope('{"code":70,"message":"Missing"}').platformCode).toBe('070');
    expect(
      readErrorEnvelope('{"code":"704","message":"x","data":{"amount":12345678901234.56}}').data,
    ).toEqual({
      amount: '12345678901234.56',
    });
    expect(fieldIssues({ proforma_invoice: { address: ['Required'] } })).toEqual([
      { field: 'proforma_invoice.address', problem: 'Required' },
    ]);
    expect(fieldIssues(null)).toEqual([]);
  });

  it('says which phase timed out', () => {
    const error = timeoutError(at, 'body', 250);
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(/stopped responding in the middle of its answer/);
    expect(error.details).toEqual({ endpoint: at.path, method: 'POST', phase: 'body', timeoutMs: 250 });
    expect(timeoutError(at, 'connect').message).toMatch(/while connecting/);
  });

  it('classifies network failures by their low-level code', () => {
    const withCode = (code: string, wrap = false) => {
      const inner = Object.assign(new Error(`boom ${code}`), { code });
      return wrap ? new TypeError('fetch failed', { cause: inner }) : inner;
    };
    const cases: Array<[string, string, string]> = [
      ['ECONNREFUSED', 'offline', 'refused'],
      ['ENOTFOUND', 'offline', 'dns'],
      ['EAI_AGAIN', 'offline', 'dns'],
      ['ECONNRESET', 'offline', 'reset'],
      ['UND_ERR_SOCKET', 'offline', 'reset'],
      ['EHOSTUNREACH', 'offline', 'unreachable'],
      ['UND_ERR_CONNECT_TIMEOUT', 'timeout', 'connect'],
      ['UND_ERR_HEADERS_TIMEOUT', 'timeout', 'headers'],
      ['UND_ERR_BODY_TIMEOUT', 'timeout', 'body'],
    ];
    for (const [code, errorCode, reason] of cases)
      for (const wrap of [false, true]) {
        const error = networkError(at, withCode(code, wrap), { body: 10 });
        expect(error.code).toBe(errorCode);
        expect(error.details).toMatchObject(
          errorCode === 'timeout' ? { phase: reason } : { reason, cause: code },
        );
      }
    expect(networkError(at, withCode('HPE_INVALID_CONSTANT')).code).toBe('malformed_response');
    expect(networkError(at, new Error('strange')).details).toMatchObject({ reason: 'other', cause: 'Error' });
    const original = offlineError(at, 'dns');
    expect(networkError(at, original)).toBe(original);
  });

  it('names the endpoint and the reason of a malformed answer', () => {
    const error = malformedResponse({ ...at, httpStatus: 200 }, 'empty answer');
    expect(error.code).toBe('malformed_response');
    expect(error.message).toMatch(/float\/request-payment-transfer could not be read \(empty answer\)/);
    expect(error.details).toMatchObject({ endpoint: at.path, httpStatus: 200, reason: 'empty answer' });
  });
});
