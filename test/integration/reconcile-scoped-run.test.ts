/**
 * The run after an import judges what the import could change (#17: the run after importing one
 * more statement within 1 s at 100,000 lines and requests). Whatever it leaves out, it must never
 * do what the run over every open item would not: over random ledgers and statements imported
 * through recon:import, the run the app makes is compared with the run over everything, made on a
 * copy of the same ledger with nothing kept. The invariant:
 *   - every automatic match it stores, the full run stores too;
 *   - every new line the full run matches automatically is matched or in a suggestion;
 *   - every suggestion it lists names an item still open.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Ledger } from '../../src/main/core/ledger/db';
import { AS_OF, connect, opened, ranLedger } from '../helpers/recon-follow';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  temp = makeTempDir();
});
afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
  temp.cleanup();
});

const KEPT = [
  'recon_summaries',
  'recon_item_readings',
  'recon_item_rows',
  'recon_suggestion_queues',
  'recon_run_marks',
];

/** The automatic matches stored after `sinceDecision`, each as its sorted rows. */
function automaticSince(db: Ledger, sinceDecision: number): Set<string> {
  const rows = db
    .prepare("SELECT payload FROM recon_decisions WHERE kind = 'auto_match' AND id > ?")
    .pluck()
    .all(sinceDecision) as string[];
  return new Set(
    rows.map((text) => {
      const { lines, requests } = JSON.parse(text) as { lines: number[]; requests: number[] };
      return `${[...lines].sort((a, b) => a - b).join(',')}|${[...requests].sort((a, b) => a - b).join(',')}`;
    }),
  );
}

/** The bank line rows named by a stored suggestion. */
function suggested(db: Ledger): Set<number> {
  return new Set(
    db.prepare("SELECT row_id FROM recon_suggestion_rows WHERE kind = 'line'").pluck().all() as number[],
  );
}

function newLineRows(db: Ledger): number[] {
  return db
    .prepare("SELECT id FROM bank_lines WHERE bank_transaction_id LIKE 'NEW-%'")
    .pluck()
    .all() as number[];
}

describe('the run after an import', () => {
  it('never matches automatically what the run over every open item would not', async () => {
    let ledgers = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.boolean(),
        fc.array(fc.tuple(fc.constantFrom('reference', 'amount', 'typo', 'fee'), fc.nat(50)), {
          minLength: 1,
          maxLength: 8,
        }),
        async (seed, start, lines) => {
          const path = join(temp.dir, `ledger-${++ledgers}.sqlite`);
          const { db, service } = ranLedger(path, seed, start);
          const requests = service
            .items({ asOf: AS_OF, limit: 500 })
            .items.filter((item) => item.kind === 'request' && item.match === null);
          const rows = lines.map(([kind, pick], index) => {
            const request = requests[pick % Math.max(1, requests.length)];
            const date = request?.date.slice(0, 10) ?? '2026-10-20';
            const amount = request === undefined ? '-75.00' : `-${request.amount.amount}`;
            const currency = request?.amount.currency ?? 'GBP';
            const id = `NEW-${seed}-${index}`;
            const reference =
              kind === 'reference'
                ? (request?.id ?? '')
                : kind === 'typo'
                  ? `${(request?.id ?? 'X').slice(0, -1)}7`
                  : '';
            return kind === 'fee'
              ? ['2026-10-25', id, '-3.50', 'GBP', '', 'Bank charges']
              : [date, id, amount, currency, reference, 'Transfer'];
          });
          const csv = [
            'Date,Transaction ID,Amount,Currency,Reference,Details',
            ...rows.map((row) => row.join(',')),
          ];
          const imported = await service.import({
            fileName: 'more.csv',
            contentBase64: Buffer.from(`${csv.join('\n')}\n`).toString('base64'),
          });
          expect(imported.refusal).toBeNull();
          const lastDecision = db
            .prepare('SELECT coalesce(max(id), 0) FROM recon_decisions')
            .pluck()
            .get() as number;

          // The full run, on a copy with nothing kept.
          const copy = join(temp.dir, `copy-${ledgers}.sqlite`);
          db.prepare('VACUUM INTO ?').run(copy);
          const full = connect(copy);
          for (const table of KEPT) full.db.prepare(`DELETE FROM ${table}`).run();
          full.service.run({ asOf: AS_OF });

          service.run({ asOf: AS_OF });
          const made = automaticSince(db, lastDecision);
          const fullMade = automaticSince(full.db, lastDecision);
          const context = csv.join('\n');
          for (const match of made) expect(fullMade, context).toContain(match);
          const matchedHere = new Set(
            [...made].flatMap((match) => match.split('|')[0]!.split(',').map(Number)),
          );
          const suggestedHere = suggested(db);
          for (const match of fullMade) {
            for (const line of match.split('|')[0]!.split(',').map(Number)) {
              if (!newLineRows(db).includes(line)) continue;
              expect(matchedHere.has(line) || suggestedHere.has(line), context).toBe(true);
            }
          }
          const open = new Set(service.suggestions({}).suggestions.flatMap((suggestion) => suggestion.key));
          expect(open.size).toBe(service.summary({ asOf: AS_OF }).suggestions);
          full.db.close();
          db.close();
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
