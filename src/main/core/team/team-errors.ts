/**
 * What a failure of the team database means to a person: a wrong login, a server out of reach (the
 * desktop keeps working offline), a step the person's role does not allow, a team made by a newer
 * FloatDesk. Never the connection URL's password (there is none in it) and never "internal" for
 * what the server said plainly.
 */
import { AppError } from '../../../shared/ipc/errors';

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EPIPE',
]);

export function teamError(error: unknown, where: string): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === '28P01' || code === '28000')
    return new AppError(
      'auth_failed',
      `The team database refused the login for ${where}: check the user name and password (Settings → Team).`,
      { sqlState: code },
    );
  if (code === '42501')
    return new AppError('forbidden', `The team database refused this: ${message}`, { sqlState: code });
  if (code === '3D000')
    return new AppError(
      'not_found',
      `The team database named for ${where} does not exist: check its name with your administrator.`,
      {
        sqlState: code,
      },
    );
  if (
    code === '57P01' ||
    code === '57P03' ||
    (typeof code === 'string' && UNREACHABLE.has(code)) ||
    /Connection terminated/i.test(message)
  )
    return new AppError(
      'offline',
      `The team database at ${where} cannot be reached now. FloatDesk keeps working on this computer and sends what waits when it is back.`,
      { cause: String(code ?? message) },
    );
  if (typeof code === 'string' && /^(22|23)/.test(code))
    return new AppError('invalid_input', `The team database refused the change: ${message}`, {
      sqlState: code,
    });
  return new AppError(
    'internal',
    `The team database answered something FloatDesk did not expect: ${message}`,
    {
      sqlState: typeof code === 'string' ? code : undefined,
    },
  );
}
