/**
 * A small random reconciliation ledger and what its screen shows, for the tests that check the kept
 * reading follows a change (a decision, an import, a run) to exactly the screen worked out from the
 * whole ledger.
 */
import { rmSync } from 'node:fs';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { BankStatementsRepository } from '../../src/main/core/ledger/repositories/bank-statements';
import { TransfersRepository } from '../../src/main/core/ledger/repositories/transfers';
import { ReconService } from '../../src/main/core/recon/service';
import { afterEach, beforeEach } from 'vitest';
import { booksLedger } from './recon-fixture';
import { makeTempDir } from './temp-dir';

export const AS_OF = '2026-10-31';
export const NOW = new Date('2026-10-31T18:00:00.000Z');
export const KEPT = ['recon_summaries', 'recon_item_readings', 'recon_item_rows', 'recon_suggestion_queues'];

/** A small deterministic generator, so one seed is one ledger. */
export function random(seed: number): (n: number) => number {
  let state = seed >>> 0 || 1;
  return (n) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

export const day = (n: number): string => `2026-10-${String(1 + (n % 28)).padStart(2, '0')}`;

/**
 * Requests of two currencies with few distinct amounts (so amounts tie), and a statement that pays
 * some by reference, some by amount alone, some by a typo'd reference, some twice, plus fees and a
 * credit: enough for automatic matches, suggestions with several options, and open items.
 */
export function seedLedger(path: string, seed: number): void {
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

/** Ledgers opened by connect, for the test to close. */
export const opened: Ledger[] = [];

export function connect(path: string): { db: Ledger; service: ReconService } {
  const db = openLedger(path);
  opened.push(db);
  return { db, service: new ReconService(db, 1, () => NOW, 'user') };
}

/** What the screen shows: the summary, every item in two orders, open items, every open suggestion. */
export function screen(service: ReconService): unknown {
  return {
    summary: service.summary({ asOf: AS_OF }),
    items: service.items({ asOf: AS_OF, limit: 500 }),
    byAmount: service.items({ asOf: AS_OF, limit: 500, sort: { column: 'amount', descending: true } }),
    open: service.items({ asOf: AS_OF, states: ['awaiting_payment', 'unmatched_bank_payment'] }),
    // Totals from the reading's cells, which every change moves.
    moneyIn: service.items({ asOf: AS_OF, direction: 'in', limit: 5 }),
    suggestions: service.suggestions({}),
  };
}

/** The same screen worked out from the whole ledger (a copy of it with nothing kept). */
export function computed(db: Ledger, copy: string): unknown {
  for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
  db.prepare('VACUUM INTO ?').run(copy);
  const other = connect(copy);
  for (const table of KEPT) other.db.prepare(`DELETE FROM ${table}`).run();
  const shown = screen(other.service);
  other.db.close();
  return shown;
}

/** Whether the item rows, queue and summary are kept at the ledger's version now. */
export function keptNow(db: Ledger): Record<string, boolean> {
  const version = db.prepare('SELECT version FROM recon_inputs_version').pluck().get() as number;
  const at = (sql: string): boolean => (db.prepare(sql).pluck().all() as number[]).includes(version);
  return {
    rows: at('SELECT inputs_version FROM recon_item_readings'),
    queue: at('SELECT inputs_version FROM recon_suggestion_queues'),
    summary: at('SELECT inputs_version FROM recon_summaries'),
  };
}

/**
 * A seeded ledger (with the reconciliation start date or not) after its first run, with everything
 * the screen asks for kept.
 */
export function ranLedger(path: string, seed: number, start: boolean): { db: Ledger; service: ReconService } {
  seedLedger(path, seed);
  const connected = connect(path);
  if (start) {
    const { automatic, tolerances } = connected.service.settings();
    connected.service.updateSettings({ automatic, tolerances, startDate: '2026-10-10' });
  }
  connected.service.run({ asOf: AS_OF });
  screen(connected.service);
  return connected;
}

/**
 * A fresh folder per test for its ledgers (the returned function names it); every ledger connect
 * opened is closed after the test.
 */
export function useLedgerFolder(): () => string {
  let temp: ReturnType<typeof makeTempDir> | undefined;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => {
    for (const db of opened.splice(0)) if (db.open) db.close();
    temp?.cleanup();
  });
  return () => {
    if (temp === undefined) throw new Error('The folder exists only while a test runs.');
    return temp.dir;
  };
}
