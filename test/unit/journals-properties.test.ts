import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requireMinorUnits } from '../../src/shared/domain/money';
import { parseAccountMapping } from '../../src/main/core/journals/account-mapping';
import { xeroCsvFiles } from '../../src/main/core/journals/formats/xero-csv';
import { linesOf } from '../../src/main/core/journals/journal-amounts';
import { buildJournals } from '../../src/main/core/journals/journal-rules';
import type { PeriodFacts } from '../../src/main/core/journals/types';
import { readCsv } from '../../src/main/core/recon/statements/csv';
import { CURRENCIES, factsArb, FLOATS } from '../helpers/journals-arbitraries';
import { runs } from '../helpers/property-runs';

// Random periods (journals-arbitraries.ts) over floats A, B, C in JPY, GBP and KWD, mapped here.

const mapping = parseAccountMapping(
  'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account,tax_code\n' +
    CURRENCIES.flatMap((currency, c) =>
      FLOATS.map((float, f) => `${float},${currency},F${c}${f},BANK${c},COST${c}${f},VAR${c},REF${c},None`),
    ).join('\n'),
);

const sumMinor = (amounts: readonly string[], currency: string): bigint =>
  amounts.reduce((total, amount) => total + requireMinorUnits(amount, currency), 0n);

describe('journal properties', () => {
  it('every entry balances exactly per currency, with no zero line', () => {
    fc.assert(
      fc.property(factsArb, (facts) => {
        for (const journal of buildJournals(facts, mapping).journals) {
          for (const entry of journal.entries) {
            expect(
              sumMinor(
                entry.lines.map((line) => line.amount),
                journal.currency,
              ),
            ).toBe(0n);
            expect(entry.lines.every((line) => requireMinorUnits(line.amount, journal.currency) !== 0n)).toBe(
              true,
            );
          }
        }
      }),
      runs(200),
    );
  });

  it('every matched top-up appears in exactly one entry, at its exact amounts', () => {
    fc.assert(
      fc.property(factsArb, (facts) => {
        const { journals, notPosted } = buildJournals(facts, mapping);
        for (const topUp of facts.topUps) {
          const references = topUp.requests.map((request) => request.paymentReference);
          const holding = journals.flatMap((journal) =>
            journal.entries
              .filter((entry) =>
                entry.lines.some((line) => line.reference.split(' ').includes(references[0]!)),
              )
              .map((entry) => ({ journal, entry })),
          );
          const awaiting = !topUp.closed && topUp.requests.some((request) => request.approved === null);
          if (awaiting) {
            expect(holding).toEqual([]);
            expect(notPosted.filter((item) => references.includes(item.id)).length).toBe(references.length);
            continue;
          }
          expect(holding.length).toBe(1);
          const [{ journal, entry }] = holding as [(typeof holding)[number]];
          expect(journal.kind).toBe(topUp.closed ? 'refunds' : 'top_ups');
          expect(journal.currency).toBe(topUp.currency);
          const bank = entry.lines
            .filter((line) => line.account.startsWith('BANK'))
            .map((line) => line.amount);
          expect(sumMinor(bank, topUp.currency)).toBe(
            sumMinor(
              topUp.lines.map((line) => line.amount),
              topUp.currency,
            ),
          );
          if (!topUp.closed) {
            for (const request of topUp.requests) {
              const floatLeg = entry.lines.filter(
                (line) => line.account.startsWith('F') && line.reference === request.paymentReference,
              );
              expect(floatLeg.map((line) => line.amount)).toEqual([request.approved]);
            }
          }
        }
      }),
      runs(200),
    );
  });

  it('the same facts in any order give identical journals', () => {
    fc.assert(
      fc.property(factsArb, fc.integer(), (facts, seed) => {
        const rotate = <T>(items: readonly T[]): T[] =>
          items.length === 0
            ? []
            : [
                ...items.slice(Math.abs(seed) % items.length),
                ...items.slice(0, Math.abs(seed) % items.length),
              ];
        const moved: PeriodFacts = {
          ...facts,
          topUps: rotate(facts.topUps).map((t) => ({
            ...t,
            requests: rotate(t.requests),
            lines: rotate(t.lines),
          })),
          spend: rotate(facts.spend),
          resolutions: rotate(facts.resolutions),
        };
        expect(JSON.stringify(buildJournals(moved, mapping))).toBe(
          JSON.stringify(buildJournals(facts, mapping)),
        );
      }),
      runs(100),
    );
  });

  it('Xero files hold at most the limit and each journal in each file balances', () => {
    fc.assert(
      fc.property(factsArb, fc.integer({ min: 8, max: 40 }), (facts, limit) => {
        const { journals } = buildJournals(facts, mapping);
        const currencyOf = new Map(journals.map((journal) => [journal.narration, journal.currency]));
        const files = xeroCsvFiles(journals, limit);
        let rows = 0;
        for (const file of files) {
          const records = readCsv(file.text, ',').records.slice(1);
          expect(records.length).toBe(file.lines);
          expect(records.length).toBeLessThanOrEqual(limit);
          rows += records.length;
          const sums = new Map<string, bigint>();
          for (const { fields } of records) {
            const narration = fields[0]!;
            const currency = currencyOf.get(narration.replace(/ \(part \d+ of \d+\)$/, ''))!;
            sums.set(narration, (sums.get(narration) ?? 0n) + requireMinorUnits(fields[5]!, currency));
          }
          expect([...sums.values()].every((sum) => sum === 0n)).toBe(true);
        }
        expect(rows).toBe(journals.reduce((n, journal) => n + linesOf(journal).length, 0));
        const narrations = files.flatMap((file) => [
          ...new Set(
            readCsv(file.text, ',')
              .records.slice(1)
              .map((r) => r.fields[0]),
          ),
        ]);
        expect(new Set(narrations).size).toBe(narrations.length);
      }),
      runs(100),
    );
  });
});
