/**
 * What the reconciliation keeps in the file (kept-reading.ts, migration 0020) on a real ledger: a
 * run with nothing new is answered without matching, a fresh start answers the summary without
 * reading the ledger, and nothing kept is ever stale — after a decision, an import on another
 * connection, a change of settings — nor kept where the ledger cannot take it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { BankStatementsRepository } from '../../src/main/core/ledger/repositories/bank-statements';
import { ReconItemRowsRepository } from '../../src/main/core/ledger/repositories/recon-item-rows';
import { ReconReadingsRepository } from '../../src/main/core/ledger/repositories/recon-readings';
import { ReconSuggestionsRepository } from '../../src/main/core/ledger/repositories/recon-suggestions';
import { readWithLocks } from '../../src/main/core/recon/context';
import { planRun } from '../../src/main/core/recon/plan';
import { ReconService } from '../../src/main/core/recon/service';
import type { MatchOptions } from '../../src/main/core/recon/match/types';
import { RECON_NOW, RECON_STATEMENT, seedReconWorkspace, statementBase64 } from '../helpers/recon-fixture';
import { statementFixture } from '../helpers/statement-fixtures';
import { makeTempDir } from '../helpers/temp-dir';

const AS_OF = '2026-10-31';
let temp: ReturnType<typeof makeTempDir>;
let path: string;
const opened: Ledger[] = [];

function connect(options: MatchOptions = {}): { db: Ledger; service: ReconService } {
  const db = openLedger(path);
  opened.push(db);
  return { db, service: new ReconService(db, 1, () => RECON_NOW, 'user', options) };
}

/** What the screen shows: the summary, every item and every open suggestion. */
function screen(service: ReconService): unknown {
  return {
    summary: service.summary({ asOf: AS_OF }),
    items: service.items({ asOf: AS_OF, limit: 500 }),
    unmatched: service.items({
      asOf: AS_OF,
      states: ['unmatched_bank_payment'],
      sort: { column: 'amount', descending: true },
    }),
    suggestions: service.suggestions({}),
  };
}

/** The screen worked out from the ledger, with nothing kept to answer it. */
function computed(): unknown {
  const { db, service } = connect();
  for (const table of [
    'recon_summaries',
    'recon_item_readings',
    'recon_item_rows',
    'recon_suggestion_queues',
  ])
    db.prepare(`DELETE FROM ${table}`).run();
  return screen(service);
}

/** The unmatched bank lines, all on one page. */
const UNMATCHED = { asOf: AS_OF, states: ['unmatched_bank_payment' as const], limit: 500 };

/** This connection after a run, another one, and the first unmatched line (of more than one). */
function twoConnections() {
  const a = connect().service;
  a.run({ asOf: AS_OF });
  const before = a.items(UNMATCHED);
  expect(before.total).toBeGreaterThan(1);
  return { a, b: connect().service, before, line: before.items[0]! };
}

/** The totals are those of the page: counted over the same items it shows. */
function expectTotalsOfPage(answer: ReturnType<ReconService['items']>): void {
  expect(answer.total).toBe(answer.items.length);
  expect((answer.totals ?? []).reduce((sum, total) => sum + total.count, 0)).toBe(answer.items.length);
}

beforeEach(async () => {
  temp = makeTempDir();
  path = seedReconWorkspace(temp.dir);
  const { service } = connect();
  await service.import({ fileName: RECON_STATEMENT, contentBase64: statementBase64() });
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const db of opened.splice(0)) if (db.open) db.close();
  temp.cleanup();
});

describe('the reconciliation kept in the file', () => {
  it('answers a run with nothing new, and a fresh start’s summary, without reading the ledger', () => {
    const first = connect().service.run({ asOf: AS_OF });
    expect(first.matchesAdded).toBeGreaterThan(0);
    const read = vi.spyOn(BankStatementsRepository.prototype, 'listLines');
    const { service } = connect();
    expect(service.run({ asOf: AS_OF })).toEqual({ ...first, matchesAdded: 0 });
    expect(service.summary({ asOf: AS_OF })).toEqual(first.summary);
    expect(read).not.toHaveBeenCalled();
    // What the mark stands for: matching again over what the run left finds nothing new.
    const { context, world, state } = readWithLocks(service.context);
    const plan = planRun(
      world,
      state,
      context.matchOptions(),
      context.locks(),
      context.policy(),
      context.format(),
    );
    expect(plan.matches).toEqual([]);
    const stored = new ReconSuggestionsRepository(context.db).all(1).map((suggestion) => suggestion.key);
    expect(plan.suggestions.map((suggestion) => suggestion.key)).toEqual(stored);
  });

  it('is never stale: every decision, setting and import is in the next answer', async () => {
    const { service } = connect();
    service.run({ asOf: AS_OF });
    const steps: Array<[string, () => unknown]> = [
      [
        'confirm',
        () => {
          const suggestion = service.suggestions({}).suggestions[0]!;
          return service.confirm({ key: suggestion.key, option: 0 });
        },
      ],
      [
        'resolve',
        () => {
          const item = service.items({ asOf: AS_OF, states: ['unmatched_bank_payment'] }).items[0]!;
          return service.resolve({ kind: 'line', id: item.id, reasonCode: 'bank_fee', note: 'Charges' });
        },
      ],
      [
        'undo',
        () => {
          const matched = service
            .items({ asOf: AS_OF })
            .items.find((item) => item.match?.decisionId !== undefined)!;
          return service.undo({ decisionId: matched.match!.decisionId!, reason: 'Wrong payment' });
        },
      ],
      [
        'settings',
        () =>
          service.updateSettings({
            automatic: { exactReference: true, fuzzyReference: false, splitSum: false },
            tolerances: [],
            startDate: '2026-10-15',
          }),
      ],
    ];
    for (const [name, step] of steps) {
      const before = screen(service);
      step();
      const after = screen(service);
      expect(after, name).toEqual(computed());
      expect(after, name).not.toEqual(before);
    }
    // Another connection imports a statement: this one's next answers see it.
    const before = screen(service);
    const other = statementFixture('camt053-v08.xml');
    await connect().service.import({ fileName: other.name, contentBase64: other.bytes.toString('base64') });
    expect(screen(service)).toEqual(computed());
    expect(screen(service)).not.toEqual(before);
  });

  it('matches again for other thresholds: the mark holds for the options it was made with', () => {
    connect().service.run({ asOf: AS_OF });
    const read = vi.spyOn(BankStatementsRepository.prototype, 'listLines');
    // The defaults written out are the same options as none.
    connect({ window: { daysBefore: 2, daysAfter: 10 } }).service.run({ asOf: AS_OF });
    expect(read).not.toHaveBeenCalled();
    connect({ window: { daysBefore: 0, daysAfter: 0 } }).service.run({ asOf: AS_OF });
    expect(read).toHaveBeenCalled();
  });

  it('still answers on a ledger that may not be written, keeping nothing', () => {
    connect().service.run({ asOf: AS_OF });
    const expected = computed();
    const { db, service } = connect();
    for (const table of [
      'recon_summaries',
      'recon_item_readings',
      'recon_item_rows',
      'recon_suggestion_queues',
    ])
      db.prepare(`DELETE FROM ${table}`).run();
    db.pragma('query_only = ON');
    expect(screen(service)).toEqual(expected);
    expect(db.prepare('SELECT count(*) FROM recon_item_rows').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM recon_summaries').pluck().get()).toBe(0);
  });

  it('after a decision rewrites only the items it changed, as part of the decision', () => {
    const { db, service } = connect();
    service.run({ asOf: AS_OF });
    screen(service);
    const rows = () =>
      db.prepare('SELECT * FROM recon_item_rows ORDER BY position').all() as Array<Record<string, unknown>>;
    const before = rows();
    const item = service.items({ asOf: AS_OF, states: ['unmatched_bank_payment'] }).items[0]!;
    const updated = vi.spyOn(ReconItemRowsRepository.prototype, 'update');
    const replaced = vi.spyOn(ReconItemRowsRepository.prototype, 'replace');
    const read = vi.spyOn(BankStatementsRepository.prototype, 'listLines');
    service.resolve({ kind: 'line', id: item.id, reasonCode: 'bank_fee', note: 'Charges' });
    expect(updated.mock.calls.map((call) => call[2].length)).toEqual([1]);
    // The screen after it is answered from what the decision kept: nothing is worked out again.
    const shown = screen(service);
    expect(updated).toHaveBeenCalledTimes(1);
    expect(replaced).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
    const after = rows();
    const changed = after.filter((row, index) => JSON.stringify(row) !== JSON.stringify(before[index]));
    expect(changed.map((row) => [row.item_id, row.state])).toEqual([[item.id, 'resolved']]);
    expect(shown).toEqual(computed());
  });

  it('reads the totals and the page in one snapshot, whatever another connection writes meanwhile', () => {
    const { a, b, before, line } = twoConnections();
    // Another process (a scheduled command-line run) resolves a line right after this connection
    // has checked that what it keeps is current, before the page is read.
    const inputsVersion = ReconReadingsRepository.prototype.inputsVersion;
    let armed = true;
    vi.spyOn(ReconReadingsRepository.prototype, 'inputsVersion').mockImplementation(function (
      this: ReconReadingsRepository,
    ) {
      const version = inputsVersion.call(this);
      if (armed) {
        armed = false;
        b.resolve({ kind: line.kind, id: line.id, reasonCode: 'bank_fee', note: 'Bank charge' });
      }
      return version;
    });
    const during = a.items(UNMATCHED);
    expect(armed).toBe(false);
    // The totals are those of the page: both from before the write, or both from after it.
    expectTotalsOfPage(during);
    vi.restoreAllMocks();
    const after = a.items(UNMATCHED);
    expect(after.total).toBe(before.total - 1);
    expect(after.items.map((item) => item.id)).not.toContain(line.id);
  });

  it('reads a page whose reading moved on twice while it was asked for under the write lock, consistently', () => {
    const { a, b, line } = twoConnections();
    // The first snapshot finds the reading moved on (as another process's import would), and so
    // does the second, after this connection kept it again: meanwhile another process's decision
    // moved the rows kept in the file.
    const inputsVersion = ReconReadingsRepository.prototype.inputsVersion;
    let calls = 0;
    let inOther = false;
    vi.spyOn(ReconReadingsRepository.prototype, 'inputsVersion').mockImplementation(function (
      this: ReconReadingsRepository,
    ) {
      if (inOther) return inputsVersion.call(this);
      calls += 1;
      if (calls === 3) {
        inOther = true;
        b.resolve({ kind: line.kind, id: line.id, reasonCode: 'bank_fee', note: 'Bank charge' });
        inOther = false;
      }
      const version = inputsVersion.call(this);
      return calls === 1 || calls === 3 ? version + 1000 : version;
    });
    const during = a.items(UNMATCHED);
    expect(calls).toBeGreaterThan(3);
    expectTotalsOfPage(during);
    expect(during.items.map((item) => item.id)).not.toContain(line.id);
  });
});
