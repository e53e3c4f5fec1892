/**
 * A decision moves what is kept of the reconciliation (the item rows, the suggestion queue, the
 * summary) by the few items it changed (follow-decision.ts), on a real ledger file. The property:
 * over random ledgers and random sequences of decisions — confirmations, rejections, matches by
 * hand, resolutions, undos, with a sign-off and its unlock in between, with and without a
 * reconciliation start date — every decision is followed (what is kept is at the ledger's version
 * right after it), and the screen it answers is exactly the one worked out from the whole ledger.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { BankStatementsRepository } from '../../src/main/core/ledger/repositories/bank-statements';
import { TransfersRepository } from '../../src/main/core/ledger/repositories/transfers';
import { ReconService } from '../../src/main/core/recon/service';
import { RESOLUTION_REASONS } from '../../src/shared/ipc/contract-recon';
import { booksLedger } from '../helpers/recon-fixture';
import { makeTempDir } from '../helpers/temp-dir';

const AS_OF = '2026-10-31';
const NOW = new Date('2026-10-31T18:00:00.000Z');
const KEPT = ['recon_summaries', 'recon_item_readings', 'recon_item_rows', 'recon_suggestion_queues'];

let temp: ReturnType<typeof makeTempDir>;
const opened: Ledger[] = [];

beforeEach(() => {
  temp = makeTempDir();
});
afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
  temp.cleanup();
});

/** A small deterministic generator, so one seed is one ledger. */
function random(seed: number): (n: number) => number {
  let state = seed >>> 0 || 1;
  return (n) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

const day = (n: number): string => `2026-10-${String(1 + (n % 28)).padStart(2, '0')}`;

/**
 * Requests of two currencies with few distinct amounts (so amounts tie), and a statement that pays
 * some by reference, some by amount alone, some by a typo'd reference, some twice, plus fees and a
 * credit: enough for automatic matches, suggestions with several options, and open items.
 */
function seedLedger(path: string, seed: number): void {
  const pick = random(seed);
  const { db, workspaceId } = booksLedger(path);
  try {
    const amounts = ['100.00', '250.00', '1000.00', '1250.50'];
    const statuses = ['pending', 'approved', 'approved', 'approved_edited', 'cancelled'] as const;
    const requests = Array.from({ length: 14 + pick(8) }, (_, index) => {
      const currency = pick(3) === 0 ? 'EUR' : 'GBP';
      const amount = amounts[pick(amounts.length)]!;
      const status = statuses[pick(statuses.length)]!;
      const edited = status === 'approved_edited' ? '90.00' : amount;
      return {
        float: currency === 'EUR' ? 'euro' : 'main',
        requested: { amount, currency },
        approved: status === 'approved' || status === 'approved_edited' ? { amount: edited, currency } : null,
        payment_reference: `FDREF${String(1000 + index)}`,
        status,
        created_at: `${day(pick(20))}T10:00:00+00:00`,
      };
    });
    new TransfersRepository(db).upsertTransferRequests(workspaceId, requests, {
      syncRunId: null,
      observedAt: '2026-10-31T12:00:00.000Z',
    });
    const lines = Array.from({ length: 12 + pick(8) }, (_, index) => {
      const paid = requests[pick(requests.length)]!;
      const how = pick(6);
      const reference =
        how === 0 ? paid.payment_reference : how === 1 ? `${paid.payment_reference.slice(0, -1)}9` : null;
      const amount = how === 5 ? (pick(2) === 0 ? '-3.50' : '40.00') : `-${paid.requested.amount}`;
      return {
        bankTransactionId: `TX-${seed}-${index}`,
        bookingDate: day(Number(paid.created_at.slice(8, 10)) + pick(4)),
        valueDate: null,
        amount,
        currency: paid.requested.currency,
        reference,
        remittance: how === 5 ? 'Bank charges' : null,
        counterpartyName: null,
        counterpartyAccount: null,
        sourceLine: index + 2,
      };
    });
    new BankStatementsRepository(db).store(
      workspaceId,
      { format: 'csv', account: 'GB00TEST', lines, errors: [], opening: null, closing: null },
      { fileName: 'october.csv', fileSha256: 'a'.repeat(64), importedAt: '2026-10-31T13:00:00Z' },
    );
  } finally {
    db.close();
  }
}

function connect(path: string): { db: Ledger; service: ReconService } {
  const db = openLedger(path);
  opened.push(db);
  return { db, service: new ReconService(db, 1, () => NOW, 'user') };
}

/** What the screen shows: the summary, every item in two orders, every open suggestion. */
function screen(service: ReconService): unknown {
  return {
    summary: service.summary({ asOf: AS_OF }),
    items: service.items({ asOf: AS_OF, limit: 500 }),
    byAmount: service.items({ asOf: AS_OF, limit: 500, sort: { column: 'amount', descending: true } }),
    open: service.items({ asOf: AS_OF, states: ['awaiting_payment', 'unmatched_bank_payment'] }),
    suggestions: service.suggestions({}),
  };
}

/** The same screen worked out from the whole ledger (a copy of it with nothing kept). */
function computed(db: Ledger, copy: string): unknown {
  for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
  db.prepare('VACUUM INTO ?').run(copy);
  const other = connect(copy);
  for (const table of KEPT) other.db.prepare(`DELETE FROM ${table}`).run();
  const shown = screen(other.service);
  other.db.close();
  return shown;
}

/** Whether the item rows, queue and summary are kept at the ledger's version now. */
function keptNow(db: Ledger): Record<string, boolean> {
  const version = db.prepare('SELECT version FROM recon_inputs_version').pluck().get() as number;
  const at = (sql: string): boolean => (db.prepare(sql).pluck().all() as number[]).includes(version);
  return {
    rows: at('SELECT inputs_version FROM recon_item_readings'),
    queue: at('SELECT inputs_version FROM recon_suggestion_queues'),
    summary: at('SELECT inputs_version FROM recon_summaries'),
  };
}

type Step = { kind: 'confirm' | 'reject' | 'resolve' | 'undo' | 'manual' | 'signoff'; a: number; b: number };

/** Runs one step against the screen as it is now; false when there was nothing to decide on. */
function decide(service: ReconService, step: Step): 'decided' | 'refused' | 'none' {
  const items = service.items({ asOf: AS_OF, limit: 500 }).items;
  const suggestions = service.suggestions({}).suggestions;
  const nth = <T>(list: readonly T[], n: number): T | undefined => list[n % Math.max(1, list.length)];
  try {
    switch (step.kind) {
      case 'confirm':
      case 'reject': {
        const suggestion = nth(suggestions, step.a);
        if (suggestion === undefined) return 'none';
        if (step.kind === 'reject') service.reject({ key: suggestion.key });
        else service.confirm({ key: suggestion.key, option: step.b % suggestion.options.length });
        return 'decided';
      }
      case 'resolve': {
        const open = items.filter((item) => item.resolution === null && item.match === null);
        const item = nth(open, step.a);
        if (item === undefined) return 'none';
        const reasonCode = RESOLUTION_REASONS[step.b % RESOLUTION_REASONS.length]!;
        service.resolve({ kind: item.kind, id: item.id, reasonCode, note: 'Checked against the bank' });
        return 'decided';
      }
      case 'undo': {
        const decided = items.flatMap((item) => {
          const id = item.match?.decisionId ?? item.resolution?.decisionId;
          return id === undefined ? [] : [id];
        });
        const decisionId = nth(decided, step.a);
        if (decisionId === undefined) return 'none';
        service.undo({ decisionId, reason: 'Not this one' });
        return 'decided';
      }
      case 'manual': {
        const lines = items.filter((item) => item.kind === 'line' && item.match === null);
        const requests = items.filter((item) => item.kind === 'request' && item.match === null);
        const line = nth(lines, step.a);
        const request = nth(requests, step.b);
        if (line === undefined || request === undefined) return 'none';
        service.manual({ lineIds: [line.id], requestReferences: [request.id] });
        return 'decided';
      }
      case 'signoff': {
        const signed = service.signOffs().signOffs.find((signOff) => signOff.state === 'signed_off');
        if (signed !== undefined) service.unlock({ id: signed.id, reason: 'Bank corrected a line' });
        else service.signOff({ asOf: day(step.a), acknowledgeOpenItems: true });
        return 'none';
      }
    }
  } catch (error) {
    // A refusal (a locked item, a match by hand across currencies...) changes nothing.
    if ((error as { code?: string }).code !== undefined) return 'refused';
    throw error;
  }
}

describe('a decision moves what is kept by what it changed', () => {
  it('leaves exactly the screen worked out from the whole ledger, after every decision', () => {
    const step: fc.Arbitrary<Step> = fc.record({
      kind: fc.constantFrom('confirm', 'confirm', 'reject', 'resolve', 'undo', 'undo', 'manual', 'signoff'),
      a: fc.nat(50),
      b: fc.nat(50),
    });
    let followed = 0;
    fc.assert(
      fc.property(
        fc.nat(),
        fc.boolean(),
        fc.array(step, { minLength: 4, maxLength: 10 }),
        (seed, start, steps) => {
          const path = join(temp.dir, `ledger-${seed}-${start}-${steps.length}.sqlite`);
          const copy = join(temp.dir, 'copy.sqlite');
          seedLedger(path, seed);
          const { db, service } = connect(path);
          if (start) {
            const { automatic, tolerances } = service.settings();
            service.updateSettings({ automatic, tolerances, startDate: '2026-10-10' });
          }
          service.run({ asOf: AS_OF });
          screen(service);
          for (const [index, chosen] of steps.entries()) {
            const outcome = decide(service, chosen);
            if (outcome === 'decided') {
              expect(keptNow(db), `step ${index}: ${chosen.kind}`).toEqual({
                rows: true,
                queue: true,
                summary: true,
              });
              followed++;
            }
            expect(screen(service), `step ${index}: ${chosen.kind}`).toEqual(computed(db, copy));
          }
          db.close();
        },
      ),
      { numRuns: 25 },
    );
    expect(followed).toBeGreaterThan(60);
  });
});
