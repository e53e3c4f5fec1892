import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src/main/core/services';
import type { Envelope } from '../../src/shared/ipc/errors';
import type { RunningSimulator } from '../../src/simulator/server';
import { startExactSimulator } from '../helpers/platform-fixture';
import { makeTempDir } from '../helpers/temp-dir';

/** transfers:submit refuses a possible duplicate top-up against the real simulator, unless confirmed. */

let simulator: RunningSimulator;
let temps: Array<ReturnType<typeof makeTempDir>> = [];
let cores: Core[] = [];

beforeAll(async () => {
  simulator = await startExactSimulator();
});
afterAll(async () => {
  await simulator?.close();
});
beforeEach(() => {
  temps = [];
  cores = [];
});
afterEach(async () => {
  for (const core of cores) await core.close();
  for (const temp of temps) temp.cleanup();
});

/** A workspace on the simulator whose clock is the platform's (so "within 7 days" means the same). */
function platformCore(): Core {
  const temp = makeTempDir();
  temps.push(temp);
  const core = createCore(
    {
      workspaceDir: temp.dir,
      workspaceName: 'Acme',
      workspaceKind: 'platform',
      workspaceBaseUrl: simulator.baseUrl,
      shell: 'browser',
      appVersion: 'test',
      changePollMs: 0,
      credentials: { apiKey: simulator.apiKey, apiSecret: simulator.apiSecret },
    },
    () => new Date(simulator.now()),
  );
  cores.push(core);
  return core;
}

async function call<T = Record<string, unknown>>(
  core: Core,
  channel: string,
  input: unknown = {},
): Promise<T> {
  const envelope = await core.dispatch(channel, input);
  if (!envelope.ok) throw new Error(`${channel}: ${JSON.stringify(envelope.error)}`);
  return envelope.value as T;
}

async function refusal(core: Core, input: unknown) {
  const envelope: Envelope<unknown> = await core.dispatch('transfers:submit', input);
  if (envelope.ok) throw new Error('transfers:submit succeeded');
  return envelope.error as { code: string; message: string; details: Record<string, unknown> };
}

const float = () => simulator.world.floats.find((candidate) => candidate.currency === 'GBP')!.name;

interface Submitted {
  outcome: string;
  paymentReference: string;
  transferId: number | null;
}

describe('possible duplicate top-ups', () => {
  it('refuses the same float, currency and amount within 7 days, naming the earlier request; sends it when confirmed', async () => {
    const core = platformCore();
    await call(core, 'sync:run', { datasets: ['floats'] });
    const first = await call<Submitted>(core, 'transfers:submit', {
      float: float(),
      currency: 'GBP',
      amount: '3131.31',
      financeEmail: 'finance@example.com',
      proformaInvoice: { company_name: 'Acme Ltd', city: 'London' },
    });
    expect(first.outcome).toBe('registered');
    const before = simulator.world.transfers.length;

    const error = await refusal(core, { float: float(), currency: 'GBP', amount: '3131.31' });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain(first.paymentReference);
    expect(error.message).toContain('£3,131.31');
    // Settings → Format of a new workspace: ISO dates, the time in this machine's zone, named.
    expect(error.message).toMatch(
      /already requested on \d{4}-\d{2}-\d{2} \d{1,2}:\d{2}:\d{2}( [AP]M)? \S+ with/,
    );
    expect(error.message).toContain('Send anyway');
    expect(error.details.possibleDuplicate).toMatchObject({
      paymentReference: first.paymentReference,
      amount: '3131.31',
      currency: 'GBP',
      float: float(),
    });
    expect(simulator.world.transfers.length).toBe(before);

    // Another amount is no duplicate.
    const other = await call<Submitted>(core, 'transfers:submit', {
      float: float(),
      currency: 'GBP',
      amount: '3131.32',
    });
    expect(other.outcome).toBe('registered');

    // With a person's name in Settings, that name is who sent it (else this computer's account).
    await call(core, 'settings:update', { signerName: 'Ana Ruiz' });
    const confirmed = await call<Submitted>(core, 'transfers:submit', {
      float: float(),
      currency: 'GBP',
      amount: '3131.31',
      confirmedPossibleDuplicate: true,
    });
    expect(confirmed.outcome).toBe('registered');
    expect(confirmed.paymentReference).not.toBe(first.paymentReference);
    expect(simulator.world.transfers.length).toBe(before + 2);

    // The detail panel's data: what was sent, by whom, and the decision to send anyway.
    const firstDetail = await call<{ submissions: Array<Record<string, unknown>> }>(
      core,
      'transfers:detail',
      {
        id: first.transferId,
      },
    );
    expect(firstDetail.submissions).toEqual([
      {
        submittedAt: expect.any(String),
        outcome: 'registered',
        errorCode: null,
        financeEmail: 'finance@example.com',
        proformaInvoice: { company_name: 'Acme Ltd', city: 'London' },
        submittedBy: expect.any(String),
        confirmedDuplicateOf: null,
      },
    ]);
    const secondDetail = await call<{ submissions: Array<Record<string, unknown>> }>(
      core,
      'transfers:detail',
      { id: confirmed.transferId },
    );
    expect(secondDetail.submissions[0]).toMatchObject({
      financeEmail: null,
      proformaInvoice: null,
      confirmedDuplicateOf: first.paymentReference,
      submittedBy: 'Ana Ruiz',
    });
  }, 60_000);

  it('counts requests the ledger synced from the platform, not only those sent from this workspace', async () => {
    const sender = platformCore();
    await call(sender, 'sync:run', { datasets: ['floats'] });
    const sent = await call<Submitted>(sender, 'transfers:submit', {
      float: float(),
      currency: 'GBP',
      amount: '4242.00',
    });

    const colleague = platformCore();
    await call(colleague, 'sync:run', { datasets: ['floats', 'transfers'] });
    const error = await refusal(colleague, { float: float(), currency: 'GBP', amount: '4242' });
    expect(error.details.possibleDuplicate).toMatchObject({
      paymentReference: sent.paymentReference,
      source: 'platform',
    });
  }, 60_000);
});
