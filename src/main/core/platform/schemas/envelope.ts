/**
 * The platform's answer envelope (platform-notes.md, "Base URL and envelope").
 *   success: {"code": "000", "status": "success", "message"?: string, "data": ...}
 *   error:   {"code": "433", "status": "error", "message": string, "data"?: ...}
 *            (the transfer-request 422 answer has `messages` instead of `message`)
 * The success check is written by hand rather than as a schema: it runs on every answer, must name
 * exactly what is wrong, and must not copy `data`. Error envelopes are read by envelope-errors.ts.
 */
import { PLATFORM_CODES } from '../../../../shared/domain/platform';
import { describeInput, MISSING } from './primitives';

export const SUCCESS_CODE = PLATFORM_CODES.success;

export type EnvelopeCheck = { ok: true; data: unknown } | { ok: false; path: string; problem: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `data` of a success envelope, or what is wrong with it. A `message` is optional and never checked
 * (some successes have none). An envelope that looks like a success but carries another code is not
 * a success: it breaks the contract, so it is reported here rather than treated as either.
 */
export function checkSuccessEnvelope(value: unknown): EnvelopeCheck {
  if (!isPlainObject(value)) {
    return { ok: false, path: '(answer)', problem: `expected an object, got ${describeInput(value)}` };
  }
  const { code, status } = value;
  if (status !== 'success') {
    const problem =
      status === undefined
        ? MISSING
        : typeof status === 'string'
          ? `expected "success", got "${status.slice(0, 20)}"`
          : `expected "success", got ${describeInput(status)}`;
    return { ok: false, path: 'status', problem };
  }
  if (code !== SUCCESS_CODE) {
    const problem =
      code === undefined
        ? MISSING
        : typeof code === 'string'
          ? `a success must carry code ${SUCCESS_CODE}, got "${code.slice(0, 10)}"`
          : `expected the text "${SUCCESS_CODE}", got ${describeInput(code)}`;
    return { ok: false, path: 'code', problem };
  }
  if (!('data' in value) || value.data === undefined) return { ok: false, path: 'data', problem: MISSING };
  return { ok: true, data: value.data };
}
