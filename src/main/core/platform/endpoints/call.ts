import type { z } from 'zod';
import { AppError } from '../../../../shared/ipc/errors';
import { decodeSuccessWithMembers } from '../decode';
import { readErrorEnvelope } from '../envelope-errors';
import { platformError, redactError } from '../errors';
import type { Transport } from '../http';
import type { PlatformRequest } from '../types';
import type { MemberTexts } from '../wire';

/**
 * Send one request and decode its `data`. A 2xx whose envelope carries an error code is mapped
 * through the same taxonomy as any other platform error instead of being called malformed, with the
 * request's redacted values (a card code) taken out of it, as the transport does for other errors.
 */
export async function callJson<S extends z.ZodType>(
  transport: Transport,
  request: Omit<PlatformRequest, 'expect'>,
  schema: S,
): Promise<z.output<S>> {
  return (await callJsonWithMembers(transport, request, schema, undefined)).data;
}

/** callJson, also answering the exact text of each member at `membersAt` (decode.ts). */
export async function callJsonWithMembers<S extends z.ZodType>(
  transport: Transport,
  request: Omit<PlatformRequest, 'expect'>,
  schema: S,
  membersAt: readonly string[] | undefined,
): Promise<{ data: z.output<S>; members: MemberTexts | undefined }> {
  const response = await transport.send({ ...request, expect: 'json' });
  try {
    return decodeSuccessWithMembers(request.path, schema, response.body, membersAt);
  } catch (error) {
    const envelope = readErrorEnvelope(response.body);
    if (error instanceof AppError && envelope.platformCode !== undefined && envelope.platformCode !== '000') {
      const refused = platformError({
        ...envelope,
        path: request.path,
        method: request.method,
        httpStatus: response.status,
      });
      throw redactError(refused, { loose: request.redact });
    }
    throw error;
  }
}
