import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import {
  TransfersRepository,
  utcInstant,
  type TransferObservation,
} from '../../src/main/core/ledger/repositories/transfers';
import { WorkspacesRepository } from '../../src/main/core/ledger/repositories/workspaces';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let db: Ledger;
let repo: TransfersRepository;
let ws: number;
let run: number;

function request(overrides: Partial<TransferObservation> = {}): TransferObservation {
  return {
    float: 'Main',
    requested: { amount: '1500.00', currency: 'GBP' },
    approved: null,
    payment_reference: 'RF18000000000001',
    status: 'pending',
    created_at: '2026-07-01T00:30:00+01:00',
    ...overrides,
  };
}

const at = (time: string, runId: number | null = null) => ({ syncRunId: runId, observedAt: time });

beforeEach(() => {
  temp = makeTempDir();
  db = openLedger(join(temp.dir, 'ledger.sqlite'));
  migrate(db, MIGRATIONS);
  ws = new WorkspacesRepository(db).ensure({
    name: 't',
    kind: 'demo',
    baseUrl: null,
    now: '2026-11-02T09:00:00Z',
  }).id;
  run = Number(
    db
      .prepare(
        "INSERT INTO sync_runs (workspace_id, trigger, started_at, outcome) VALUES (?, 'manual', ?, 'running')",
      )
      .run(ws, '2026-11-02T09:00:00Z').lastInsertRowid,
  );
  repo = new TransfersRepository(db);
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

describe('creation instants', () => {
  it('are computed exactly in UTC from the offset, fractions kept digit for digit', () => {
    expect(utcInstant('2026-07-01T00:30:00+01:00')).toBe('2026-06-30T23:30:00Z');
    expect(utcInstant('2026-06-30T23:30:00Z')).toBe('2026-06-30T23:30:00Z');
    expect(utcInstant('2026-01-01 05:45:00+0545')).toBe('2026-01-01T00:00:00Z');
    expect(utcInstant('2026-03-01T00:00:00.123456789-03:30')).toBe('2026-03-01T03:30:00.123456789Z');
    expect(utcInstant('2026-03-01T00:00:00.500+00:00')).toBe('2026-03-01T00:00:00.5Z');
    expect(utcInstant('2026-03-01T00:00:00.000Z')).toBe('2026-03-01T00:00:00Z');
    expect(utcInstant('2024-02-29T23:59+02')).toBe('2024-02-29T21:59:00Z');
    expect(() => utcInstant('2026-02-30T10:00:00Z')).toThrow(
      expect.objectContaining({ code: 'malformed_response' }),
    );
    expect(() => utcInstant('2026-01-01T24:00:00Z')).toThrow(
      expect.objectContaining({ code: 'malformed_response' }),
    );
  });
});

describe('upserting transfer requests', () => {
  it('inserts on first sight with a history row, then leaves identical rows alone', () => {
    expect(repo.upsertTransferRequests(ws, [request()], at('2026-11-02T09:00:00Z', run))).toEqual({
      inserted: 1,
      changed: 0,
      unchanged: 0,
    });
    // The same instant written in UTC is the same request.
    const again = request({ created_at: '2026-06-30T23:30:00+00:00' });
    expect(repo.upsertTransferRequests(ws, [again], at('2026-11-02T10:00:00Z', run))).toEqual({
      inserted: 0,
      changed: 0,
      unchanged: 1,
    });
    expect(repo.count(ws)).toBe(1);
    expect(repo.history(ws, 'RF18000000000001')).toHaveLength(1);
    const [row] = repo.list(ws);
    expect(row).toMatchObject({
      createdAt: '2026-07-01T00:30:00+01:00',
      createdUtc: '2026-06-30T23:30:00Z',
      requested: { amount: '1500.00', currency: 'GBP' },
      approved: null,
      status: 'pending',
      origin: 'platform',
      firstSeenAt: '2026-11-02T09:00:00Z',
      lastSeenAt: '2026-11-02T10:00:00Z',
    });
  });

  it('appends history when the status or the approved amount changes', () => {
    repo.upsertTransferRequests(ws, [request()], at('2026-11-02T09:00:00Z', run));
    const edited = request({ status: 'approved_edited', approved: { amount: '1499.10', currency: 'GBP' } });
    expect(repo.upsertTransferRequests(ws, [edited], at('2026-11-03T09:00:00Z', run)).changed).toBe(1);
    const history = repo.history(ws, 'RF18000000000001');
    expect(history.map((h) => [h.status, h.approved?.amount ?? null, h.syncRunId])).toEqual([
      ['pending', null, run],
      ['approved_edited', '1499.10', run],
    ]);
    expect(repo.listOpen(ws)).toEqual([]);
  });

  it('keeps amounts exact: minor units when they fit, the text as sent otherwise', () => {
    const items = [
      request({ payment_reference: 'A', requested: { amount: '0.1', currency: 'EUR' } }),
      request({ payment_reference: 'B', requested: { amount: '1234.567', currency: 'KWD' } }),
      request({ payment_reference: 'C', requested: { amount: '10.005', currency: 'GBP' } }),
      request({ payment_reference: 'D', requested: { amount: '92233720368547758.08', currency: 'GBP' } }),
      request({ payment_reference: 'E', requested: { amount: '1500', currency: 'JPY' } }),
      request({ payment_reference: 'F', requested: { amount: '12.50', currency: 'XTS' } }),
      request({ payment_reference: 'G', requested: { amount: '100.000', currency: 'GBP' } }),
    ];
    repo.upsertTransferRequests(ws, items, at('2026-11-02T09:00:00Z'));
    const amounts = Object.fromEntries(repo.list(ws).map((row) => [row.paymentReference, row]));
    expect(amounts.A?.requested.amount).toBe('0.10');
    expect(amounts.B?.requested.amount).toBe('1234.567');
    expect(amounts.C).toMatchObject({ requested: { amount: '10.005' }, exactText: true });
    expect(amounts.D).toMatchObject({ requested: { amount: '92233720368547758.08' }, exactText: true });
    expect(amounts.E?.requested.amount).toBe('1500');
    expect(amounts.F).toMatchObject({ requested: { amount: '12.50', currency: 'XTS' }, exactText: true });
    expect(amounts.G).toMatchObject({ requested: { amount: '100.00' }, exactText: false });
    // Read again exactly as stored: nothing changes.
    expect(repo.upsertTransferRequests(ws, items, at('2026-11-02T10:00:00Z')).unchanged).toBe(items.length);
  });

  it('writes nothing of a batch with a malformed time, and commits state with the rows', () => {
    const good = request({ payment_reference: 'OK' });
    const bad = request({ payment_reference: 'BAD', created_at: '2026-13-01T00:00:00Z' });
    expect(() =>
      repo.upsertTransferRequests(ws, [good, bad], { ...at('2026-11-02T09:00:00Z'), state: { x: '1' } }),
    ).toThrow(expect.objectContaining({ code: 'malformed_response' }));
    expect(repo.count(ws)).toBe(0);
    expect(repo.readState(ws)).toEqual({});
    repo.upsertTransferRequests(ws, [good], {
      ...at('2026-11-02T09:00:00Z'),
      state: { covered_through: '2026-07-01' },
    });
    expect(repo.readState(ws)).toEqual({ covered_through: '2026-07-01' });
  });

  it('answers the planning questions: open requests, newest instant, counts per local day, values seen', () => {
    repo.upsertTransferRequests(
      ws,
      [
        request({ payment_reference: 'P1', created_at: '2026-07-01T00:30:00+01:00' }),
        request({ payment_reference: 'P2', created_at: '2026-07-01T23:10:00+01:00', status: 'approved' }),
        request({ payment_reference: 'P3', created_at: '2026-07-02T09:00:00+01:00', status: 'on_hold' }),
        request({ payment_reference: 'P4', float: 'Ops', requested: { amount: '5', currency: 'USD' } }),
      ],
      at('2026-11-02T09:00:00Z'),
    );
    expect(repo.listOpen(ws).map((r) => r.paymentReference)).toEqual(['P1', 'P4', 'P3']);
    expect(repo.newestCreatedUtc(ws)).toBe('2026-07-02T08:00:00Z');
    expect([...repo.dayCounts(ws, '2026-07-01', '2026-07-02')]).toEqual([
      ['2026-07-01', 3],
      ['2026-07-02', 1],
    ]);
    const known = repo.knownValues(ws);
    expect(known.statuses).toContain('on_hold');
    expect(known.statuses).toContain('cancelled');
    expect(known.floats).toEqual(['Main', 'Ops']);
    expect(known.currencies).toEqual(['GBP', 'USD']);
  });

  it('derives the origin from this workspace’s submissions (a refused one does not count)', () => {
    repo.upsertTransferRequests(
      ws,
      [request({ payment_reference: 'MINE' }), request({ payment_reference: 'THEIRS' })],
      at('2026-11-02T09:00:00Z'),
    );
    const submission = {
      float: 'Main',
      currency: 'GBP',
      amount: '1500',
      submittedAt: '2026-07-01T00:29:00Z',
    };
    repo.recordSubmission(ws, { ...submission, paymentReference: 'MINE', outcome: 'registered' });
    repo.recordSubmission(ws, {
      ...submission,
      paymentReference: 'THEIRS',
      outcome: 'refused',
      errorCode: '433',
    });
    const origins = Object.fromEntries(repo.list(ws).map((row) => [row.paymentReference, row.origin]));
    expect(origins).toEqual({ MINE: 'submitted', THEIRS: 'platform' });
    const stored = db.prepare('SELECT amount_minor FROM transfer_submissions ORDER BY id').all();
    expect(stored).toEqual([{ amount_minor: 150000 }, { amount_minor: 150000 }]);
    expect(() =>
      repo.recordSubmission(ws, {
        ...submission,
        amount: '1.005',
        paymentReference: 'X',
        outcome: 'unknown',
      }),
    ).toThrow();
  });
});
