import { createHmac } from 'node:crypto';

/**
 * Headers of a signed GET for the anchors, written from platform-notes.md (only `brand` would be
 * signed, and the anchors never filter by brand): the anchors must not share the client's code.
 */
export function signedGetHeaders(
  apiKey: string,
  apiSecret: string,
  endpoint: string,
): Record<string, string> {
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', apiSecret)
    .update(`${apiKey}-GET-${endpoint}-${timestamp}`)
    .digest('hex');
  return { 'API-Key': apiKey, Signature: signature, Timestamp: timestamp, Accept: 'application/json' };
}
