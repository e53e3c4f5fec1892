/** Messages between the core and the statement worker. */
import type { BankLine } from '../../../../shared/domain/statements';
import type { ErrorShape } from '../../../../shared/ipc/errors';
import type { ReadEvent, ReadJob } from './read-job';

/**
 * Core → worker: the job (once), then one credit per event the core has handled. A worker may also
 * be started for one checkpoint of the ledger's log (after a large import).
 */
export type ToWorker =
  | { type: 'job'; job: ReadJob }
  | { type: 'credit' }
  | { type: 'checkpoint'; ledgerPath: string; nativeBinding?: string };
/**
 * Worker → core. A batch of lines travels as one string: cheaper to pass between threads than
 * thousands of small objects, and to split again than JSON. Every text of a line has passed the
 * statement text checks, so no control character occurs in one: U+0001 separates fields (a line has
 * ten, and the last field of a line is followed by the first of the next, so one split cuts a whole
 * batch), and U+0003 stands for null.
 */
export type FromWorker =
  | Exclude<ReadEvent, { type: 'lines' }>
  | { type: 'packed-lines'; packed: string }
  | { type: 'checkpointed'; error?: ErrorShape };

const FIELD = '\u0001';
const FIELDS_PER_LINE = 10;
const NULL = '\u0003';

const text = (value: string | null): string => (value === null ? NULL : value);
const nullable = (value: string): string | null => (value === NULL ? null : value);

export function packLines(lines: readonly BankLine[]): string {
  let packed = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (i > 0) packed += FIELD;
    packed +=
      line.bankTransactionId +
      FIELD +
      line.bookingDate +
      FIELD +
      text(line.valueDate) +
      FIELD +
      line.amount +
      FIELD +
      line.currency +
      FIELD +
      text(line.reference) +
      FIELD +
      text(line.remittance) +
      FIELD +
      text(line.counterpartyName) +
      FIELD +
      text(line.counterpartyAccount) +
      FIELD +
      String(line.sourceLine);
  }
  return packed;
}

export function unpackLines(packed: string): BankLine[] {
  if (packed === '') return [];
  const f = packed.split(FIELD);
  const lines = new Array<BankLine>(f.length / FIELDS_PER_LINE);
  for (let i = 0, at = 0; at < f.length; i++, at += FIELDS_PER_LINE) {
    lines[i] = {
      bankTransactionId: f[at]!,
      bookingDate: f[at + 1]!,
      valueDate: nullable(f[at + 2]!),
      amount: f[at + 3]!,
      currency: f[at + 4]!,
      reference: nullable(f[at + 5]!),
      remittance: nullable(f[at + 6]!),
      counterpartyName: nullable(f[at + 7]!),
      counterpartyAccount: nullable(f[at + 8]!),
      sourceLine: Number(f[at + 9]),
    };
  }
  return lines;
}

export function toMessage(event: ReadEvent): FromWorker {
  return event.type === 'lines' ? { type: 'packed-lines', packed: packLines(event.lines) } : event;
}

export function fromMessage(message: Exclude<FromWorker, { type: 'checkpointed' }>): ReadEvent {
  return message.type === 'packed-lines' ? { type: 'lines', lines: unpackLines(message.packed) } : message;
}

/** Events the worker may send ahead of the core (bounded memory, and the core sets the pace). */
export const EVENTS_AHEAD = 4;
