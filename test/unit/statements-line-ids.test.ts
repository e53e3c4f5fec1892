/**
 * Line ids (statements/line-id.ts): a content id is the SHA-256 of the line's normalised content as
 * JSON, worked out here independently with node:crypto's hash object; repeats are counted past the
 * counter's first table size.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIds, type DraftLine } from '../../src/main/core/recon/statements/line-id';

function draft(n: number, bankTransactionId: string | null = null): DraftLine {
  return {
    bankTransactionId,
    bookingDate: '2026-10-01',
    valueDate: null,
    amount: `-${n}.50`,
    currency: 'GBP',
    reference: n % 2 === 0 ? `RF${n}` : null,
    remittance: `CARD PAYMENT ${n} "CAFÉ" \\ \u{1F600}`,
    counterpartyName: null,
    counterpartyAccount: null,
    sourceLine: n + 2,
  };
}

function expectedId(line: DraftLine, occurrence: number): string {
  const content = JSON.stringify([
    line.bookingDate,
    line.valueDate,
    line.amount,
    line.currency,
    line.reference,
    line.remittance,
    line.counterpartyName,
    line.counterpartyAccount,
  ]);
  return `sha256:${createHash('sha256').update(content, 'utf8').digest('hex').slice(0, 32)}:${occurrence}`;
}

describe('line ids', () => {
  it('name a line by the digest of its content, and count identical lines, past the first table size', () => {
    const ids = new LineIds();
    const lines = 3_000;
    for (let round = 1; round <= 2; round++)
      for (let n = 0; n < lines; n++)
        expect(ids.assign(draft(n)).bankTransactionId).toBe(expectedId(draft(n), round));
  });

  it('are the digest of exactly the JSON of the content, whatever its texts hold', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({
        unit: fc.constantFrom('a', ' ', '"', '\\', '\u0001', '\u001f', '\u2028', '\ud83d', '\ude00', 'é'),
      }),
    );
    fc.assert(
      fc.property(fc.option(text), fc.option(text), text, (reference, counterpartyName, remittance) => {
        const line: DraftLine = { ...draft(1), reference, counterpartyName, remittance };
        const cleaned = new LineIds().assign({ ...line }).bankTransactionId;
        // assign cleans texts first (spaces folded, ends trimmed, empty = none), as the content does.
        const clean = (value: string | null): string | null => {
          if (value === null) return null;
          const folded = value.replace(/\s+/g, ' ').trim();
          return folded === '' ? null : folded;
        };
        const expected = expectedId(
          {
            ...line,
            reference: clean(reference),
            counterpartyName: clean(counterpartyName),
            remittance: clean(remittance),
          },
          1,
        );
        expect(cleaned).toBe(expected);
      }),
    );
  });

  it("keep a bank's own id, numbering its repeats within the file", () => {
    const ids = new LineIds();
    expect(ids.assign(draft(1, 'TX-1')).bankTransactionId).toBe('TX-1');
    expect(ids.assign(draft(2, 'TX-1')).bankTransactionId).toBe('TX-1#2');
    expect(ids.assign(draft(3, 'TX-1#2')).bankTransactionId).toBe('TX-1#2#2');
    expect(ids.assign(draft(4, 'sha256:abc')).bankTransactionId).toBe('bank:sha256:abc');
  });
});
