/**
 * An import and the run after it move what is kept of the reconciliation (the item rows, the
 * suggestion queue, the summary) by what they changed (follow-import.ts, follow-effect.ts), on a
 * real ledger file, through recon:import as a person imports. The property: over random ledgers
 * and random statements — payments by reference and by amount, fees, credits, a line dated after
 * the as-of date, with and without a reconciliation start date — the screen after the import and
 * after the run is exactly the one worked out from the whole ledger; the import is followed unless
 * it reuses a bank id of another account (every line with it gets a qualified id), the summary too
 * unless it brings a new currency or days before the period's start.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { ReconService } from '../../src/main/core/recon/service';
import { AS_OF, computed, keptNow, ranLedger, useLedgerFolder, screen } from '../helpers/recon-follow';
import { propertyTimeout, runs } from '../helpers/property-runs';

/** How often the states of every item were worked out (the full path), by a caller outside report.ts. */
const fullReadings = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/main/core/recon/report', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/main/core/recon/report')>();
  return {
    ...original,
    reconcileAsOf: (...args: Parameters<typeof original.reconcileAsOf>) => {
      fullReadings.count++;
      return original.reconcileAsOf(...args);
    },
    summarize: (...args: Parameters<typeof original.summarize>) => {
      fullReadings.count++;
      return original.summarize(...args);
    },
  };
});

const folder = useLedgerFolder();

type LineKind = 'reference' | 'amount' | 'fee' | 'credit' | 'later' | 'dollars' | 'earlier' | 'reused';

interface Statement {
  csv: string;
  kinds: Set<LineKind>;
  /** Its first booking date. */
  first: string;
}

/** A statement of the lines asked for, paying the open requests the screen shows. */
function statementOf(
  service: ReconService,
  seed: number,
  kinds: readonly LineKind[],
  picks: readonly number[],
): Statement {
  const requests = service
    .items({ asOf: AS_OF, limit: 500 })
    .items.filter((item) => item.kind === 'request' && item.match === null);
  const rows = kinds.map((kind, index) => {
    const request = requests[picks[index]! % Math.max(1, requests.length)];
    const paying =
      request === undefined
        ? { amount: '-75.00', currency: 'GBP', id: null, date: '2026-10-20' }
        : {
            amount: `-${request.amount.amount}`,
            currency: request.amount.currency,
            id: request.id,
            date: request.date.slice(0, 10),
          };
    const id = kind === 'reused' ? `TX-${seed}-0` : `NEW-${seed}-${index}`;
    switch (kind) {
      case 'reference':
        return [paying.date, id, paying.amount, paying.currency, paying.id ?? '', 'Float top-up'];
      case 'amount':
        return [paying.date, id, paying.amount, paying.currency, '', 'Transfer'];
      case 'fee':
        return ['2026-10-25', id, '-3.50', 'GBP', '', 'Bank charges'];
      case 'credit':
        return ['2026-10-26', id, '40.00', 'GBP', '', 'Refund'];
      case 'later':
        return ['2026-11-03', id, '-20.00', 'GBP', '', 'After the month'];
      case 'dollars':
        return ['2026-10-22', id, '-310.00', 'USD', '', 'Dollar float'];
      case 'earlier':
        return ['2026-09-20', id, '-55.00', 'GBP', '', 'Before the period'];
      case 'reused':
        return ['2026-10-21', id, '-12.00', 'GBP', '', 'Same id in another account'];
    }
  });
  const csv = [
    'Date,Transaction ID,Amount,Currency,Reference,Details',
    ...rows.map((row) => row.join(',')),
  ].join('\n');
  const first = rows.map((row) => row[0]!).sort()[0]!;
  return { csv: `${csv}\n`, kinds: new Set(kinds), first };
}

describe('an import and the run after it move what is kept by what they changed', () => {
  it(
    'leave exactly the screen worked out from the whole ledger',
    async () => {
      const kind = fc.constantFrom<LineKind>(
        'reference',
        'reference',
        'reference',
        'amount',
        'amount',
        'fee',
        'credit',
        'later',
        'dollars',
        'earlier',
        'reused',
      );
      let importsFollowed = 0;
      let runsFollowed = 0;
      let ledgers = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.nat(),
          fc.boolean(),
          fc.array(fc.tuple(kind, fc.nat(50)), { minLength: 1, maxLength: 8 }),
          async (seed, start, lines) => {
            const path = join(folder(), `ledger-${++ledgers}.sqlite`);
            const copy = join(folder(), 'copy.sqlite');
            const { db, service } = ranLedger(path, seed, start);
            fullReadings.count = 0;
            const statement = statementOf(
              service,
              seed,
              lines.map(([k]) => k),
              lines.map(([, n]) => n),
            );
            // The roll-forward's period starts with the first day a statement covers.
            const first = db.prepare('SELECT min(booking_date) FROM bank_lines').pluck().get() as string;
            const imported = await service.import({
              fileName: 'more.csv',
              contentBase64: Buffer.from(statement.csv).toString('base64'),
            });
            expect(imported.refusal).toBeNull();
            expect(fullReadings.count, statement.csv).toBe(0);
            const reused = statement.kinds.has('reused');
            const summaryStays = !reused && !statement.kinds.has('dollars') && statement.first >= first;
            expect(keptNow(db), statement.csv).toEqual({
              rows: !reused,
              queue: !reused,
              summary: summaryStays,
            });
            if (!reused) {
              importsFollowed++;
              // The run after it will know these are the only lines since the last run.
              const added = db
                .prepare("SELECT id FROM bank_lines WHERE bank_transaction_id LIKE 'NEW-%' ORDER BY id")
                .pluck()
                .all();
              const pending = db.prepare('SELECT lines FROM recon_run_pending').pluck().get() as string;
              expect(JSON.parse(pending), statement.csv).toEqual(added);
            }
            expect(screen(service), statement.csv).toEqual(computed(db, copy));

            // The screen kept everything at the import's version: the run follows its own matches.
            fullReadings.count = 0;
            const run = service.run({ asOf: AS_OF });
            expect(fullReadings.count, statement.csv).toBe(0);
            expect(keptNow(db), statement.csv).toEqual({ rows: true, queue: true, summary: true });
            if (run.matchesAdded > 0) runsFollowed++;
            expect(db.prepare('SELECT count(*) FROM recon_run_pending').pluck().get()).toBe(0);
            expect(screen(service), statement.csv).toEqual(computed(db, copy));
            db.close();
          },
        ),
        runs(30),
      );
      expect(importsFollowed).toBeGreaterThan(15);
      expect(runsFollowed).toBeGreaterThan(5);
    },
    propertyTimeout(120_000),
  );
});
