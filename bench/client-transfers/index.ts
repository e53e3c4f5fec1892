// Parse and validate 100,000 transfer request objects: decodeSuccess — the
// lossless scan, the native parse, the envelope check and the zod schema — against its anchor, a
// bare JSON.parse of the same text. The ratio is what exactness and validation cost on top of the
// native parser. (The platform answers at most 50 items at a time; the size is about throughput.)
import { decodeSuccess } from '../../src/main/core/platform/decode';
import { transferRequestsDataSchema } from '../../src/main/core/platform/schemas';
import { generator, transferRow } from '../transfer-rows';
import { medianMs, report } from '../harness';

const COUNT = 100_000;
const REPETITIONS = 15;
const TARGET_RATIO = 4;

/** The answer as the platform writes it: a success envelope, amounts as strings, "+00:00" times. */
function transferRequestsAnswer(count: number): string {
  const random = generator(20261102);
  const start = Date.UTC(2024, 0, 1);
  const items: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = transferRow(random, i);
    const createdAt = new Date(start + Math.floor(random() * 3 * 365 * 86_400_000))
      .toISOString()
      .replace(/\.\d{3}Z$/, '+00:00');
    items.push(JSON.stringify({ ...row, created_at: createdAt }));
  }
  return `{"code":"000","status":"success","data":[${items.join(',')}]}`;
}

const text = transferRequestsAnswer(COUNT);
console.log(`answer: ${COUNT} transfer requests, ${(text.length / 1e6).toFixed(1)} MB of JSON text`);

// The decoded list must be whole and exact before anything is timed.
const decoded = decodeSuccess('float/transfer-requests', transferRequestsDataSchema, text);
const native = (JSON.parse(text) as { data: Array<{ requested: { amount: string } }> }).data;
if (decoded.length !== COUNT) throw new Error(`decoded ${decoded.length} items, expected ${COUNT}`);
for (const index of [0, 1, 4_242, COUNT - 1]) {
  if (decoded[index]?.requested.amount !== native[index]?.requested.amount)
    throw new Error(`item ${index}: amount not kept exactly`);
}

let sink = 0;
const value = medianMs(() => {
  sink += decodeSuccess('float/transfer-requests', transferRequestsDataSchema, text).length;
}, REPETITIONS);
const anchor = medianMs(() => {
  sink += (JSON.parse(text) as { data: unknown[] }).data.length;
}, REPETITIONS);
if (sink === 0) throw new Error('nothing was parsed');

console.log(
  `decodeSuccess (lossless + envelope + schema): ${value.toFixed(1)} ms (median of ${REPETITIONS})`,
);
console.log(
  `anchor, JSON.parse of the same text:          ${anchor.toFixed(1)} ms (median of ${REPETITIONS})`,
);
console.log(`ratio: ${(value / anchor).toFixed(2)} (target <= ${TARGET_RATIO})`);
report({ bench: 'client-transfers', value, anchor, target: TARGET_RATIO, items: COUNT, bytes: text.length });
