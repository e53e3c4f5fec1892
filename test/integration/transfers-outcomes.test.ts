import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerTransferHandlers } from '../../src/main/core/handlers/transfers';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { FloatsRepository } from '../../src/main/core/ledger/repositories/floats';
import type { HistoryRow } from '../../src/main/core/ledger/repositories/transfer-list';
import { TransfersRepository } from '../../src/main/core/ledger/repositories/transfers';
import type { PlatformClient } from '../../src/main/core/platform/client';
import { HandlerRegistry } from '../../src/main/core/registry';
import { timelineOf } from '../../src/main/core/transfers/detail';
import { AppError } from '../../src/shared/ipc/errors';
import { makeTempDir } from '../helpers/temp-dir';

const NOW = '2026-11-22T09:30:00.000Z';
let temp: ReturnType<typeof makeTempDir>;
let db: Ledger;
let registry: HandlerRegistry;
let client: Partial<PlatformClient>;
let events: string[];

beforeEach(() => {
  temp = makeTempDir();
  db = openLedger(join(temp.dir, 'ledger.sqlite'));
  migrate(db, MIGRATIONS);
  db.prepare(
    "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Ours', 'platform', 'now')",
  ).run();
  new FloatsRepository(db).recordSnapshots(
    1,
    [{ currency: 'GBP', name: 'Main', available: '10', pending: '0', platformRefreshedAt: null }],
    NOW,
  );
  events = [];
  client = {};
  registry = new HandlerRegistry();
  registerTransferHandlers(registry, {
    db,
    workspaceId: 1,
    clock: () => new Date(NOW),
    emit: (name) => events.push(name),
    client: async () => client as PlatformClient,
  });
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

const submissions = () =>
  db.prepare('SELECT payment_reference, outcome, error_code, amount_minor FROM transfer_submissions').all();
const drafts = async () =>
  ((await registry.dispatch('transfers:drafts.list', {})) as { value: { drafts: unknown[] } }).value.drafts;
const form = { float: 'Main', currency: 'GBP', amount: '12.30' };

describe('transfers:submit outcomes the simulator cannot easily produce', () => {
  it('an unknown outcome is recorded, answered as unknown, and the form kept with its reference pinned', async () => {
    const message =
      'FloatDesk could not confirm whether the top-up with reference RF97123 reached the platform.';
    client.submitTransfer = () =>
      Promise.reject(new AppError('timeout', message, { outcome: 'unknown', paymentReference: 'RF97123' }));
    expect(await registry.dispatch('transfers:submit', form)).toEqual({
      ok: true,
      value: { outcome: 'unknown', paymentReference: 'RF97123', transferId: null, message },
    });
    expect(submissions()).toEqual([
      { payment_reference: 'RF97123', outcome: 'unknown', error_code: 'timeout', amount_minor: 1230 },
    ]);
    expect(await drafts()).toEqual([
      {
        id: expect.any(Number),
        savedAt: NOW,
        reason: message,
        form: { ...form, paymentReference: 'RF97123' },
      },
    ]);
    // When the platform lists it after all, it is this workspace's.
    new TransfersRepository(db).upsertTransferRequests(
      1,
      [
        {
          float: 'Main',
          requested: { amount: '12.30', currency: 'GBP' },
          approved: null,
          payment_reference: 'RF97123',
          status: 'pending',
          created_at: '2026-11-22T09:30:01+00:00',
        },
      ],
      { syncRunId: null, observedAt: NOW },
    );
    const list = (await registry.dispatch('transfers:list', {})) as {
      value: { rows: Array<{ origin: string }> };
    };
    expect(list.value.rows.map((row) => row.origin)).toEqual(['submitted']);
  });

  it('an unknown outcome is still answered as unknown, with its reference, when the ledger cannot record it', async () => {
    const message =
      'FloatDesk could not confirm whether the top-up with reference RF97123 reached the platform.';
    client.submitTransfer = () =>
      Promise.reject(new AppError('timeout', message, { outcome: 'unknown', paymentReference: 'RF97123' }));
    db.exec(
      "CREATE TRIGGER no_drafts BEFORE INSERT ON transfer_drafts BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    const answer = await registry.dispatch('transfers:submit', form);
    expect(answer).toMatchObject({
      ok: true,
      value: { outcome: 'unknown', paymentReference: 'RF97123', transferId: null },
    });
    expect((answer as { value: { message: string } }).value.message).toMatch(/RF97123.*could not note it/s);
    expect(submissions()).toEqual([]); // one transaction: no half-written outcome
  });

  it('a platform refusal is recorded as refused and passed on in plain words; no draft, no event', async () => {
    const refusal = new AppError(
      'platform_rejected',
      'The platform refused the transfer request: the float is closed.',
      {
        outcome: 'not_registered',
        paymentReference: 'RF97123',
        httpStatus: 422,
        issues: [{ field: 'payment_reference', problem: 'is wrong' }],
      },
    );
    client.submitTransfer = () => Promise.reject(refusal);
    const answer = await registry.dispatch('transfers:submit', form);
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'platform_rejected',
        message: refusal.message,
        details: { httpStatus: 422, issues: [{ field: 'paymentReference', problem: 'is wrong' }] },
      },
    });
    expect(submissions()).toEqual([
      {
        payment_reference: 'RF97123',
        outcome: 'refused',
        error_code: 'platform_rejected',
        amount_minor: 1230,
      },
    ]);
    expect(await drafts()).toEqual([]);
    expect(events).toEqual([]);
  });

  it('registered but not found right away: answered without a row, which the next sync brings', async () => {
    client.submitTransfer = async (submission) => ({
      transfer: { float: 'Main', currency: 'GBP', amount: '12.30', paymentReference: 'RF97123' },
      sends: 1,
      confirmedByLookup: submission.amount === '12.30',
    });
    client.listTransferRequests = () => Promise.reject(new AppError('offline', 'No network.'));
    const answer = await registry.dispatch('transfers:submit', form);
    expect(answer).toMatchObject({ ok: true, value: { outcome: 'registered', transferId: null } });
    expect(submissions()).toEqual([
      { payment_reference: 'RF97123', outcome: 'confirmed_by_lookup', error_code: null, amount_minor: 1230 },
    ]);
    expect(events).toEqual(['ledger:changed']);
  });

  it('drafts are saved, replaced and deleted by hand; an unknown draft is not_found', async () => {
    const saved = (await registry.dispatch('transfers:drafts.save', { form: { amount: '5' } })) as {
      value: { id: number };
    };
    const { id } = saved.value;
    expect(
      await registry.dispatch('transfers:drafts.save', { id, form: { amount: '6' }, reason: 'later' }),
    ).toEqual({
      ok: true,
      value: { id, savedAt: NOW, reason: 'later', form: { amount: '6' } },
    });
    expect(await registry.dispatch('transfers:drafts.save', { id: id + 1, form: {} })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await registry.dispatch('transfers:drafts.delete', { id })).toEqual({
      ok: true,
      value: { deleted: true },
    });
    expect(await registry.dispatch('transfers:drafts.delete', { id })).toEqual({
      ok: true,
      value: { deleted: false },
    });
    expect(await registry.dispatch('transfers:detail', { id: 99 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});

describe('the timeline of a request', () => {
  const row = (status: string, approved: bigint | null, at: string, run: number | null = 1): HistoryRow => ({
    observed_at: at,
    sync_run_id: run,
    status,
    approved_minor: approved,
    approved_exact: null,
  });

  it('names each change: status, approved amount, or both; a change of neither is left out', () => {
    const history = [
      row('pending', null, 't1', null),
      row('pending', null, 't2'), // e.g. the requested amount changed: no kind for it
      row('approved_edited', 900n, 't3'),
      row('approved_edited', 950n, 't4'),
      row('removed', 950n, 't5'),
    ];
    expect(timelineOf(history, 'GBP')).toEqual([
      { at: 't1', kind: 'first_seen', status: 'pending', approved: null, syncRunId: null },
      {
        at: 't3',
        kind: 'status_and_amount',
        status: 'approved_edited',
        approved: { amount: '9.00', currency: 'GBP' },
        syncRunId: 1,
      },
      {
        at: 't4',
        kind: 'approved_amount',
        status: 'approved_edited',
        approved: { amount: '9.50', currency: 'GBP' },
        syncRunId: 1,
      },
      {
        at: 't5',
        kind: 'status',
        status: 'removed',
        approved: { amount: '9.50', currency: 'GBP' },
        syncRunId: 1,
      },
    ]);
  });
});
