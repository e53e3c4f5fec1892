import { checkFloatsDataSchema, type CheckFloatsData } from '../schemas';
import type { Transport } from '../http';
import { callJson } from './call';

/** GET check-floats: every float's available balance and pending payments, exactly as sent. */
export function checkFloats(
  transport: Transport,
  filters: { currency?: string } = {},
  signal?: AbortSignal,
): Promise<CheckFloatsData> {
  return callJson(
    transport,
    {
      method: 'GET',
      path: 'check-floats',
      query: { currency: filters.currency },
      signedParams: [],
      retry: 'safe',
      signal,
    },
    checkFloatsDataSchema,
  );
}
