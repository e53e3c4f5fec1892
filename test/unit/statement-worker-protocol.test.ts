/** Lines between the statement worker and the core: a batch packed into one string comes back the same. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { fromMessage, packLines, toMessage, unpackLines } from '../../src/main/core/recon/import/protocol';
import type { BankLine } from '../../src/shared/domain/statements';

// Texts as the statement text checks let them through: no control character.
const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', 'é', '€', '"', '\\', ',', ';', '😀', '0') });
const line: fc.Arbitrary<BankLine> = fc.record({
  bankTransactionId: text.filter((t) => t !== ''),
  bookingDate: fc.constantFrom('2026-10-01', '2026-10-31'),
  valueDate: fc.option(fc.constant('2026-10-02')),
  amount: fc.constantFrom('-12.50', '0.01', '25000.00', '1.0000001'),
  currency: fc.constantFrom('GBP', 'EUR', 'JPY'),
  reference: fc.option(text),
  remittance: fc.option(text),
  counterpartyName: fc.option(text),
  counterpartyAccount: fc.option(text),
  sourceLine: fc.integer({ min: 1, max: 10_000_000 }),
});

it('unpacks every batch of lines exactly as it was packed', () => {
  fc.assert(
    fc.property(fc.array(line, { maxLength: 40 }), (lines) => {
      expect(unpackLines(packLines(lines))).toEqual(lines);
    }),
  );
});

it('sends lines as one packed string and receives them as lines', () => {
  const lines: BankLine[] = [
    {
      bankTransactionId: 'sha256:50624c83b8a57bc3e7a4749d0383dd52:1',
      bookingDate: '2026-10-01',
      valueDate: null,
      amount: '-100.00',
      currency: 'GBP',
      reference: null,
      remittance: 'CARD PAYMENT TO X, LONDON',
      counterpartyName: '',
      counterpartyAccount: null,
      sourceLine: 2,
    },
  ];
  const message = toMessage({ type: 'lines', lines });
  expect(message.type).toBe('packed-lines');
  expect(fromMessage(message as Exclude<typeof message, { type: 'checkpointed' }>)).toEqual({
    type: 'lines',
    lines,
  });
  expect(unpackLines(packLines([]))).toEqual([]);
});
