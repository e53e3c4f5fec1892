/**
 * Ids that sort in the order they were made (UUID version 7, RFC 9562): 48 bits of Unix time in
 * milliseconds, then random bits. A team change's id is a key of B-tree indexes on every desktop
 * (team_outbox, team_log) and on the server (changes.change_id): a random id (version 4) lands
 * each new change on a random page of them, so writing a long run of changes touches nearly every
 * page again at each commit; ids made one after another land next to each other instead.
 */
import { randomFillSync } from 'node:crypto';

const POOL_IDS = 256;
const pool = Buffer.alloc(16 * POOL_IDS);
let used = POOL_IDS;

const hex = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** A new UUID version 7 in its usual text form (36 characters, lower case). */
export function timeOrderedId(now: number = Date.now()): string {
  if (used === POOL_IDS) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = pool.subarray(used * 16, used * 16 + 16);
  used += 1;
  // 48-bit big-endian milliseconds (beyond 32 bits: two writes).
  bytes.writeUIntBE(Math.trunc(now / 2 ** 24), 0, 3);
  bytes.writeUIntBE(now % 2 ** 24, 3, 3);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  let text = '';
  for (let i = 0; i < 16; i++) {
    text += hex[bytes[i]!];
    if (i === 3 || i === 5 || i === 7 || i === 9) text += '-';
  }
  return text;
}
