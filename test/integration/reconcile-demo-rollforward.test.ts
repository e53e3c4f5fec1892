import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src/main/core/services';
import type { Channel } from '../../src/shared/ipc/channels';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import { makeTempDir } from '../helpers/temp-dir';

// The demo workspace on a real ledger file: its first start records a year of history, its bank
// statement loads in one call and matches, and an opening balance entered by a person is used and
// audited.

let temp: ReturnType<typeof makeTempDir>;
let core: Core;
const clock = () => new Date('2026-11-27T15:00:00.000Z');

beforeEach(() => {
  temp = makeTempDir();
  core = createCore(
    {
      workspaceDir: temp.dir,
      workspaceName: 'Demo',
      workspaceKind: 'demo',
      shell: 'cli',
      appVersion: 'test',
      changePollMs: 0,
    },
    clock,
  );
});
afterEach(async () => {
  await core.close();
  temp.cleanup();
});

async function call<C extends Channel>(channel: C, input: unknown): Promise<ChannelOutput<C>> {
  const envelope = await core.dispatch(channel, input);
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value as ChannelOutput<C>;
}

const NOVEMBER = { from: '2026-11-01', to: '2026-11-26' };

describe('the demo workspace from its first start', () => {
  it('holds a year of daily balances and shows a roll-forward with figures', async () => {
    await call('sync:run', {});
    const db = new Database(join(temp.dir, 'ledger.sqlite'), { readonly: true });
    const days = db
      .prepare('SELECT count(DISTINCT substr(recorded_at, 1, 10)) FROM balance_snapshots')
      .pluck()
      .get() as number;
    const firstApproval = db
      .prepare("SELECT min(observed_at) FROM transfer_request_history WHERE status = 'approved'")
      .pluck()
      .get() as string;
    db.close();
    expect(days).toBeGreaterThanOrEqual(365);
    expect(firstApproval < '2026-01-01').toBe(true);

    const rollforward = await call('recon:rollforward', NOVEMBER);
    expect(rollforward.currencies.length).toBeGreaterThan(1);
    for (const row of rollforward.currencies) {
      expect(row.opening).not.toBeNull();
      expect(row.closing).not.toBeNull();
      expect(row.difference?.amount).toMatch(/^0(\.0+)?$/);
    }
    const main = rollforward.floats[0]!;
    expect(main.opening?.basis).toEqual({
      kind: 'snapshot',
      recordedAt: '2026-10-31T06:00:00.000Z',
      offsetMs: -18 * 3_600_000,
    });
    expect(rollforward.flags.some((flag) => flag.kind === 'unexplained_credit')).toBe(false);
    expect(rollforward.flags.some((flag) => flag.kind === 'no_opening_snapshot')).toBe(false);
  });

  it('loads its bank statement in one call, and matching pairs most of it', async () => {
    await call('sync:run', {});
    const loaded = await call('recon:demo-statement.load', {});
    expect(loaded).toMatchObject({ fileName: 'demo-bank-statement.csv', stored: true, refusal: null });
    expect(loaded.linesAdded).toBeGreaterThan(100);
    expect(await call('recon:demo-statement.load', {})).toMatchObject({ linesAdded: 0 });

    const run = await call('recon:run', { asOf: '2026-11-27' });
    expect(run.matchesAdded).toBeGreaterThan(loaded.linesAdded / 2);
    expect(run.summary.states.unmatched_bank_payment).toBeGreaterThan(0);
    expect(run.summary.states.awaiting_payment).toBeGreaterThan(0);
    expect(run.suggestions).toBeGreaterThan(0);
  });

  it('uses an opening balance a person entered, audits it, and lets a later entry replace it', async () => {
    await call('sync:run', {});
    const { floats } = await call('recon:opening.list', {});
    const float = floats[0]!;
    const first = await call('recon:opening.set', {
      currency: float.currency,
      float: float.name,
      asOf: '2026-11-01',
      amount: '150000.00',
      note: 'Platform statement, October',
    });
    expect(first.entry).toMatchObject({ replaces: 0, amount: { amount: '150000.00' } });
    const second = await call('recon:opening.set', {
      currency: float.currency,
      float: float.name,
      asOf: '2026-11-01',
      amount: '151000.5',
      note: 'Corrected statement',
    });
    expect(second.entry).toMatchObject({ replaces: 1, amount: { amount: '151000.50' } });

    const rollforward = await call('recon:rollforward', NOVEMBER);
    const row = rollforward.floats.find((f) => f.currency === float.currency && f.float === float.name)!;
    expect(row.opening).toMatchObject({
      amount: { amount: '151000.50', currency: float.currency },
      basis: { kind: 'entered', asOf: '2026-11-01', note: 'Corrected statement', entryId: second.entry.id },
    });
    const list = await call('recon:opening.list', {});
    expect(list.entries).toEqual([expect.objectContaining({ id: second.entry.id, replaces: 1 })]);

    const db = new Database(join(temp.dir, 'ledger.sqlite'), { readonly: true });
    const audit = db
      .prepare(
        "SELECT seq, actor, details FROM audit_log WHERE action = 'balance.opening_entered' ORDER BY seq",
      )
      .all() as Array<{ seq: number; actor: string; details: string }>;
    const kept = db.prepare('SELECT count(*) FROM float_opening_balances').pluck().get();
    db.close();
    expect(audit.map((entry) => entry.seq)).toEqual([first.auditSeq, second.auditSeq]);
    expect(JSON.parse(audit[1]!.details)).toMatchObject({
      amount: '151000.50',
      replacesEntry: first.entry.id,
    });
    expect(kept).toBe(2);

    const refused = await core.dispatch('recon:opening.set', {
      currency: float.currency,
      float: float.name,
      asOf: '2026-11-01',
      amount: '25,000.00',
      note: '',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('refuses the demo statement on a platform workspace', async () => {
    const other = makeTempDir();
    const platform = createCore({
      workspaceDir: other.dir,
      workspaceName: 'Acme',
      workspaceKind: 'platform',
      workspaceBaseUrl: 'http://127.0.0.1:9/api/v2',
      shell: 'cli',
      appVersion: 'test',
      changePollMs: 0,
    });
    try {
      expect(await platform.dispatch('recon:demo-statement.load', {})).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringContaining('Only the demo workspace') },
      });
    } finally {
      await platform.close();
      other.cleanup();
    }
  });
});
