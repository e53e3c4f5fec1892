import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransfersRepository } from '../../src/main/core/ledger/repositories/transfers';
import { createCore, type Core } from '../../src/main/core/services';
import { checkPaymentReference } from '../../src/shared/domain/creditor-reference';
import type { EventChannel } from '../../src/shared/ipc/channels';
import type { Envelope } from '../../src/shared/ipc/errors';
import type { RunningSimulator } from '../../src/simulator/server';
import { recordBalances } from '../helpers/ledger-fixture';
import { startExactSimulator } from '../helpers/platform-fixture';
import { admin } from '../helpers/sim-http';
import { makeTempDir } from '../helpers/temp-dir';

let simulator: RunningSimulator;
let temp: ReturnType<typeof makeTempDir>;
let core: Core | undefined;

beforeAll(async () => {
  simulator = await startExactSimulator();
});
afterAll(async () => {
  await simulator?.close();
});
beforeEach(() => (temp = makeTempDir()));
afterEach(async () => {
  vi.restoreAllMocks();
  await core?.close();
  core = undefined;
  temp.cleanup();
});

function platformCore(baseUrl = simulator.baseUrl): Core {
  return createCore({
    workspaceDir: temp.dir,
    workspaceName: 'Acme',
    workspaceKind: 'platform',
    workspaceBaseUrl: baseUrl,
    shell: 'browser',
    appVersion: 'test',
    changePollMs: 0,
    credentials: { apiKey: simulator.apiKey, apiSecret: simulator.apiSecret },
  });
}

async function call<T = Record<string, unknown>>(channel: string, input: unknown = {}): Promise<T> {
  const envelope = await core!.dispatch(channel, input);
  if (!envelope.ok) throw new Error(`${channel}: ${JSON.stringify(envelope.error)}`);
  return envelope.value as T;
}

const failure = async (channel: string, input: unknown) => {
  const envelope: Envelope<unknown> = await core!.dispatch(channel, input);
  if (envelope.ok) throw new Error(`${channel} succeeded`);
  return envelope.error as { code: string; message: string; details: Record<string, unknown> };
};

const gbpFloat = () => simulator.world.floats.find((float) => float.currency === 'GBP')!.name;

describe('transfers:submit against the simulator over HTTP', () => {
  it('registers a top-up, shows it at once as submitted, keeps one row through syncs, and shows its timeline', async () => {
    core = platformCore();
    const events: EventChannel[] = [];
    core.onEvent((name) => events.push(name));
    await call('sync:run', { datasets: ['floats', 'transfers'] });
    const draft = await call<{ id: number }>('transfers:drafts.save', {
      form: { float: gbpFloat(), currency: 'GBP', amount: '2500.5' },
    });
    const before = simulator.world.transfers.length;
    events.length = 0;

    const result = await call<{
      outcome: string;
      paymentReference: string;
      transferId: number;
      message: string;
    }>('transfers:submit', {
      float: gbpFloat(),
      currency: 'GBP',
      amount: '2500.5',
      financeEmail: 'finance@example.com',
      draftId: draft.id,
    });
    expect(result).toMatchObject({ outcome: 'registered', transferId: expect.any(Number) });
    expect(checkPaymentReference(result.paymentReference)).toBeNull();
    expect(result.message).toContain(result.paymentReference);
    expect(simulator.world.transfers.length).toBe(before + 1);
    expect(events).toContain('ledger:changed');
    expect(await call('transfers:drafts.list')).toEqual({ drafts: [] });

    const byReference = { filters: { paymentReference: result.paymentReference } };
    const listed = await call<{ total: number; rows: Array<Record<string, unknown>> }>(
      'transfers:list',
      byReference,
    );
    expect(listed.total).toBe(1);
    expect(listed.rows[0]).toMatchObject({
      id: result.transferId,
      origin: 'submitted',
      status: 'pending',
      float: gbpFloat(),
      requested: { amount: '2500.50', currency: 'GBP' },
      approved: null,
      difference: null,
    });
    const first = await call<{ rows: Array<{ id: number }> }>('transfers:list', { limit: 1 });
    expect(first.rows[0]?.id).toBe(result.transferId); // newest first

    // The sync finds the very same request (same identity): no second row, nothing changed.
    await call('sync:run', { datasets: ['transfers'] });
    expect((await call<{ total: number }>('transfers:list', byReference)).total).toBe(1);

    const decided = await admin(simulator, 'POST', `/transfers/${result.paymentReference}/decide`, {
      status: 'approved_edited',
      approved_amount: '2400.00',
    });
    expect(decided.status).toBe(200);
    const second = await call<{ runId: number }>('sync:run', { datasets: ['transfers'] });
    const detail = await call<{
      transfer: Record<string, unknown>;
      history: Array<Record<string, unknown>>;
      submissions: unknown[];
    }>('transfers:detail', { id: result.transferId });
    expect(detail.transfer).toMatchObject({
      status: 'approved_edited',
      approved: { amount: '2400.00', currency: 'GBP' },
      difference: { amount: '-100.50', currency: 'GBP' },
      origin: 'submitted',
    });
    expect(detail.history).toEqual([
      { at: expect.any(String), kind: 'first_seen', status: 'pending', approved: null, syncRunId: null },
      {
        at: detail.transfer.lastChangedAt,
        kind: 'status_and_amount',
        status: 'approved_edited',
        approved: { amount: '2400.00', currency: 'GBP' },
        syncRunId: second.runId,
      },
    ]);
    expect(detail.submissions).toEqual([
      {
        submittedAt: expect.any(String),
        outcome: 'registered',
        errorCode: null,
        financeEmail: 'finance@example.com',
        proformaInvoice: null,
        submittedBy: expect.any(String),
        confirmedDuplicateOf: null,
      },
    ]);
  }, 60_000);

  it('refuses an invalid amount naming the field amount, and nothing reaches the platform', async () => {
    core = platformCore();
    await call('sync:run', { datasets: ['floats'] });
    const seen: string[] = [];
    const take = simulator.faults.take.bind(simulator.faults);
    vi.spyOn(simulator.faults, 'take').mockImplementation((path) => (seen.push(path), take(path)));
    const before = simulator.world.transfers.length;
    for (const amount of ['12.345', '0', '0.00', '-5', '1e3', '1,000.00', '100000000.00', 'ten']) {
      const error = await failure('transfers:submit', { float: gbpFloat(), currency: 'GBP', amount });
      expect(error.code, amount).toBe('invalid_input');
      expect(error.details.issues, amount).toEqual([{ field: 'amount', problem: expect.any(String) }]);
    }
    const unknownFloat = await failure('transfers:submit', { float: 'Nope', currency: 'GBP', amount: '10' });
    expect(unknownFloat.details.issues).toEqual([{ field: 'float', problem: expect.any(String) }]);
    const wrongCurrency = await failure('transfers:submit', {
      float: gbpFloat(),
      currency: 'EUR',
      amount: '10',
    });
    expect(wrongCurrency.details.issues).toEqual([{ field: 'currency', problem: expect.any(String) }]);
    expect(seen).toEqual([]);
    expect(simulator.world.transfers.length).toBe(before);
  });

  it('sends a double-clicked submission once: the second call is refused while the first is out', async () => {
    core = platformCore();
    await call('sync:run', { datasets: ['floats'] });
    const before = simulator.world.transfers.length;
    const form = { float: gbpFloat(), currency: 'GBP', amount: '125.00' };
    const [first, second] = await Promise.all([
      core.dispatch('transfers:submit', form),
      core.dispatch('transfers:submit', form),
    ]);
    expect(first).toMatchObject({ ok: true, value: { outcome: 'registered' } });
    expect(second).toMatchObject({
      ok: false,
      error: { code: 'ledger_busy', details: { outcome: 'not_sent' } },
    });
    expect(simulator.world.transfers.length).toBe(before + 1);
    // Once the first has its outcome, the next submission goes out (the same top-up again: a
    // possible duplicate, so only when the person confirmed it).
    expect(await call('transfers:submit', { ...form, confirmedPossibleDuplicate: true })).toMatchObject({
      outcome: 'registered',
    });
    expect(simulator.world.transfers.length).toBe(before + 2);
  }, 30_000);

  it('answers registered when the ledger cannot take the platform row, and drops the draft it came from', async () => {
    core = platformCore();
    await call('sync:run', { datasets: ['floats'] });
    const draft = await call<{ id: number }>('transfers:drafts.save', {
      form: { float: gbpFloat(), currency: 'GBP', amount: '40' },
    });
    vi.spyOn(TransfersRepository.prototype, 'upsertTransferRequests').mockImplementation(() => {
      throw new Error('disk I/O error');
    });
    const before = simulator.world.transfers.length;
    const result = await call<{ outcome: string; transferId: number | null; paymentReference: string }>(
      'transfers:submit',
      { float: gbpFloat(), currency: 'GBP', amount: '40', draftId: draft.id },
    );
    expect(result).toMatchObject({ outcome: 'registered', transferId: null });
    expect(simulator.world.transfers.length).toBe(before + 1);
    expect(await call('transfers:drafts.list')).toEqual({ drafts: [] });
    vi.restoreAllMocks();
    await call('sync:run', { datasets: ['transfers'] });
    const listed = await call<{ rows: Array<{ origin: string }> }>('transfers:list', {
      filters: { paymentReference: result.paymentReference },
    });
    expect(listed.rows).toEqual([expect.objectContaining({ origin: 'submitted' })]);
  }, 30_000);

  it('answers registered, saying not to send again, when the ledger cannot record the submission', async () => {
    core = platformCore();
    await call('sync:run', { datasets: ['floats'] });
    vi.spyOn(TransfersRepository.prototype, 'recordSubmission').mockImplementation(() => {
      throw new Error('database is locked');
    });
    const before = simulator.world.transfers.length;
    const result = await call<{ outcome: string; message: string }>('transfers:submit', {
      float: gbpFloat(),
      currency: 'GBP',
      amount: '41',
    });
    expect(result.outcome).toBe('registered');
    expect(result.message).toMatch(/could not note it .*do not send it again/);
    expect(simulator.world.transfers.length).toBe(before + 1);
  }, 30_000);

  it('refuses a typed reference the platform already lists before sending, naming the form field', async () => {
    core = platformCore();
    await call('sync:run', { datasets: ['floats'] });
    const taken = simulator.world.transfers.find((t) => checkPaymentReference(t.paymentReference) === null)!;
    const before = simulator.world.transfers.length;
    const error = await failure('transfers:submit', {
      float: gbpFloat(),
      currency: 'GBP',
      amount: '10.00',
      paymentReference: taken.paymentReference,
    });
    expect(error).toMatchObject({ code: 'invalid_input', details: { outcome: 'not_sent' } });
    expect(error.details.issues).toEqual([{ field: 'paymentReference', problem: expect.any(String) }]);
    expect(simulator.world.transfers.length).toBe(before);
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('transfers:submit while the platform cannot be reached', () => {
  it('keeps the form as a draft, says so with code offline, and updates that draft on the next try', async () => {
    core = platformCore(`http://127.0.0.1:${await closedPort()}/api/v2`);
    await call('app:status'); // the ledger exists; balances come from an earlier sync
    recordBalances(
      join(temp.dir, 'ledger.sqlite'),
      [{ currency: 'GBP', name: 'Main', available: '10', pending: '0', platformRefreshedAt: null }],
      '2026-11-20T08:01:00.000Z',
    );
    const form = {
      float: 'Main',
      currency: 'GBP',
      amount: '75.00',
      financeEmail: 'finance@example.com',
      proformaInvoice: { company_name: 'Acme Ltd', city: 'Leeds' },
    };
    const error = await failure('transfers:submit', form);
    expect(error.code).toBe('offline');
    expect(error.message).toMatch(/draft/);
    expect(error.details).toMatchObject({ draftId: expect.any(Number), outcome: 'not_sent' });
    const { drafts } = await call<{ drafts: Array<{ id: number; reason: string | null; form: unknown }> }>(
      'transfers:drafts.list',
    );
    expect(drafts).toEqual([
      {
        id: error.details.draftId,
        savedAt: expect.any(String),
        reason: expect.stringMatching(/refused/),
        form,
      },
    ]);

    const again = await failure('transfers:submit', {
      ...form,
      amount: '80',
      draftId: error.details.draftId,
    });
    expect(again.details.draftId).toBe(error.details.draftId);
    const after = await call<{ drafts: Array<{ form: { amount: string } }> }>('transfers:drafts.list');
    expect(after.drafts.map((draft) => draft.form.amount)).toEqual(['80']);
    expect(await call('transfers:list')).toEqual({ total: 0, offset: 0, rows: [] });
  }, 30_000);
});
