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
import { describe, expect, it } from 'vitest';
import type { Ledger } from '../../src/main/core/ledger/db';
import { dateOfDay, dayNumber } from '../../src/main/core/recon/match/amounts';
import { AS_OF, KEPT, connect, ranLedger, useLedgerFolder } from '../helpers/recon-follow';
import { propertyTimeout, runs } from '../helpers/property-runs';

const folder = useLedgerFolder();

/** What a run keeps besides the decisions: taken away, the full run works everything out. */
const KEPT_BY_RUN = [...KEPT, 'recon_run_marks'];

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
  it(
    'never matches automatically what the run over every open item would not',
    async () => {
      let ledgers = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.nat(),
          fc.boolean(),
          fc.boolean(),
          fc.array(
            fc.tuple(
              fc.constantFrom('reference', 'amount', 'typo', 'fee', 'again', 'contested', 'contested-typo'),
              fc.nat(50),
              // Imported (and run) before the statement judged; paid months after the request.
              fc.boolean(),
              fc.boolean(),
            ),
            {
              minLength: 1,
              maxLength: 8,
            },
          ),
          async (seed, start, splits, lines) => {
            const path = join(folder(), `ledger-${++ledgers}.sqlite`);
            const { db, service } = ranLedger(path, seed, start);
            if (splits) {
              // Split payments matched without a person too: the widest reach the engine has.
              const { automatic, tolerances, startDate } = service.settings();
              service.updateSettings({ automatic: { ...automatic, splitSum: true }, tolerances, startDate });
              service.run({ asOf: AS_OF });
            }
            const requests = service
              .items({ asOf: AS_OF, limit: 500 })
              .items.filter((item) => item.kind === 'request' && item.match === null);
            // Requests other lines already compete for (named in a suggestion), and open lines.
            const contested = new Set(
              db
                .prepare("SELECT row_id FROM recon_suggestion_rows WHERE kind = 'request'")
                .pluck()
                .all() as number[],
            );
            const contestedIds = new Set(
              (
                db.prepare('SELECT id, payment_reference FROM transfer_requests').all() as Array<{
                  id: number;
                  payment_reference: string;
                }>
              )
                .filter((row) => contested.has(row.id))
                .map((row) => row.payment_reference),
            );
            const disputed = requests.filter((request) => contestedIds.has(request.id));
            const freeLines = db
              .prepare(
                `SELECT booking_date, amount_minor, currency, reference FROM bank_lines l
                WHERE NOT EXISTS (SELECT 1 FROM recon_current c WHERE c.line_id = l.id) ORDER BY id`,
              )
              .all() as Array<{
              booking_date: string;
              amount_minor: number;
              currency: string;
              reference: string | null;
            }>;
            const rows = lines.map(([kind, pick, earlier, late], index) => {
              const id = `${earlier ? 'OLD' : 'NEW'}-${seed}-${index}`;
              if (kind === 'again' && freeLines.length > 0) {
                const line = freeLines[pick % freeLines.length]!;
                const amount = (line.amount_minor / 100).toFixed(2);
                return [line.booking_date, id, amount, line.currency, line.reference ?? '', 'Again'];
              }
              const among = kind.startsWith('contested') && disputed.length > 0 ? disputed : requests;
              const request = among[pick % Math.max(1, among.length)];
              const requested = request?.date.slice(0, 10) ?? '2026-10-20';
              const date = late ? dateOfDay(dayNumber(requested) + 150) : requested;
              const amount = request === undefined ? '-75.00' : `-${request.amount.amount}`;
              const currency = request?.amount.currency ?? 'GBP';
              const reference =
                kind === 'reference' || kind === 'contested'
                  ? (request?.id ?? '')
                  : kind === 'typo' || kind === 'contested-typo'
                    ? `${(request?.id ?? 'X').slice(0, -1)}7`
                    : '';
              return kind === 'fee'
                ? ['2026-10-25', id, '-3.50', 'GBP', '', 'Bank charges']
                : [date, id, amount, currency, reference, 'Transfer'];
            });
            const importing = async (which: string[][]): Promise<string> => {
              const csv = [
                'Date,Transaction ID,Amount,Currency,Reference,Details',
                ...which.map((row) => row.join(',')),
              ];
              const imported = await service.import({
                fileName: `more-${which[0]![1]}.csv`,
                contentBase64: Buffer.from(`${csv.join('\n')}\n`).toString('base64'),
              });
              expect(imported.refusal).toBeNull();
              return csv.join('\n');
            };
            const before = rows.filter((row) => row[1]!.startsWith('OLD'));
            const judged = rows.filter((row) => row[1]!.startsWith('NEW'));
            if (before.length > 0) {
              await importing(before);
              service.run({ asOf: AS_OF });
            }
            const context = judged.length > 0 ? await importing(judged) : '';
            const lastDecision = db
              .prepare('SELECT coalesce(max(id), 0) FROM recon_decisions')
              .pluck()
              .get() as number;

            // The full run, on a copy with nothing kept.
            const copy = join(folder(), `copy-${ledgers}.sqlite`);
            db.prepare('VACUUM INTO ?').run(copy);
            const full = connect(copy);
            for (const table of KEPT_BY_RUN) full.db.prepare(`DELETE FROM ${table}`).run();
            full.service.run({ asOf: AS_OF });

            service.run({ asOf: AS_OF });
            const made = automaticSince(db, lastDecision);
            const fullMade = automaticSince(full.db, lastDecision);
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
        runs(30),
      );
    },
    propertyTimeout(120_000),
  );
});
