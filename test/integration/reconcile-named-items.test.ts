/**
 * A decision that names its items by id (a resolution, a match by hand) reads only the rows that
 * could carry those ids (page-world.ts: readNamedWorld), not the whole ledger — and an id names the
 * very row the whole workspace's world gives it, qualified ids included (world.ts): the same bank
 * id in two accounts, one reference used by two requests.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ledger } from '../../src/main/core/ledger/db';
import { BankStatementsRepository } from '../../src/main/core/ledger/repositories/bank-statements';
import { TransfersRepository } from '../../src/main/core/ledger/repositories/transfers';
import { loadWorld } from '../../src/main/core/recon/load';
import { readNamedWorld } from '../../src/main/core/recon/page-world';
import { ReconService } from '../../src/main/core/recon/service';
import { booksLedger } from '../helpers/recon-fixture';
import { makeTempDir } from '../helpers/temp-dir';

const AS_OF = '2026-10-31';
let temp: ReturnType<typeof makeTempDir>;
let db: Ledger;
let service: ReconService;

function line(id: string, day: string, amount: string) {
  return {
    bankTransactionId: id,
    bookingDate: `2026-10-${day}`,
    valueDate: null,
    amount,
    currency: 'GBP',
    reference: null,
    remittance: `Payment ${id}`,
    counterpartyName: null,
    counterpartyAccount: null,
    sourceLine: 2,
  };
}

beforeEach(() => {
  temp = makeTempDir();
  const books = booksLedger(join(temp.dir, 'ledger.sqlite'));
  db = books.db;
  const workspace = { id: books.workspaceId };
  const request = (reference: string, day: string, amount: string) => ({
    float: 'main',
    requested: { amount, currency: 'GBP' },
    approved: null,
    payment_reference: reference,
    status: 'pending',
    created_at: `2026-10-${day}T10:00:00+00:00`,
  });
  new TransfersRepository(db).upsertTransferRequests(
    workspace.id,
    [request('REF1', '01', '100.00'), request('REF1', '02', '250.00'), request('REF2', '03', '75.00')],
    { syncRunId: null, observedAt: '2026-10-31T12:00:00.000Z' },
  );
  const statements = new BankStatementsRepository(db);
  for (const [account, sha, lines] of [
    ['GB29NWBK', 'a', [line('B1', '05', '-100.00'), line('B2', '06', '-75.00')]],
    ['DE89BANK', 'b', [line('B1', '07', '-250.00')]],
  ] as const) {
    statements.store(
      workspace.id,
      { format: 'csv', account, lines: [...lines], errors: [], opening: null, closing: null },
      { fileName: `${account}.csv`, fileSha256: sha.repeat(64), importedAt: '2026-10-31T13:00:00Z' },
    );
  }
  service = new ReconService(db, workspace.id, () => new Date('2026-10-31T18:00:00Z'), 'user');
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

describe('items named by id', () => {
  it('are the rows the whole world gives those ids, qualified or not, and no others', () => {
    const whole = loadWorld(service.context);
    const lineIds = whole.lines.map((line) => line.key);
    const requestReferences = whole.requests.map((request) => request.key);
    expect(lineIds).toEqual(expect.arrayContaining(['B1@GB29NWBK', 'B1@DE89BANK', 'B2']));
    expect(requestReferences).toEqual(
      expect.arrayContaining(['REF1@2026-10-01T10:00:00Z', 'REF1@2026-10-02T10:00:00Z', 'REF2']),
    );
    for (const id of lineIds) {
      const named = readNamedWorld(service.context, { lineIds: [id], requestReferences: [] });
      expect(named.lineByKey.get(id)?.id).toBe(whole.lineByKey.get(id)!.id);
    }
    for (const reference of requestReferences) {
      const named = readNamedWorld(service.context, { lineIds: [], requestReferences: [reference] });
      expect(named.requestByKey.get(reference)?.rowId).toBe(whole.requestByKey.get(reference)!.rowId);
    }
    // An unqualified id where two rows share it names neither, as in the whole world.
    const bare = readNamedWorld(service.context, { lineIds: ['B1'], requestReferences: ['REF1'] });
    expect(bare.lineByKey.get('B1')).toBeUndefined();
    expect(bare.requestByKey.get('REF1')).toBeUndefined();
  });

  it('resolve and match by hand by qualified ids, reading only those rows', () => {
    const read = vi.spyOn(BankStatementsRepository.prototype, 'listLines');
    service.manual({ lineIds: ['B1@DE89BANK'], requestReferences: ['REF1@2026-10-02T10:00:00Z'] });
    service.resolve({ kind: 'line', id: 'B1@GB29NWBK', reasonCode: 'bank_fee', note: 'Charges' });
    expect(read).not.toHaveBeenCalled();
    const items = service.items({ asOf: AS_OF }).items;
    const state = (id: string) => items.find((item) => item.id === id)?.state;
    expect(state('B1@DE89BANK')).toBe('matched');
    expect(state('REF1@2026-10-02T10:00:00Z')).toBe('paid_awaiting_approval');
    expect(state('B1@GB29NWBK')).toBe('resolved');
    expect(() => service.manual({ lineIds: ['B1'], requestReferences: ['REF2'] })).toThrow(
      /no bank line has the id "B1"/,
    );
    expect(() =>
      service.resolve({ kind: 'request', id: 'REF9', reasonCode: 'duplicate', note: 'x' }),
    ).toThrow(/No transfer request has the reference "REF9"/);
  });
});
