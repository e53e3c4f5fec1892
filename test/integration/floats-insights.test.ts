import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InsightsService } from '../../src/main/core/floats/insights';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { WorkspacesRepository } from '../../src/main/core/ledger/repositories/workspaces';
import { createCore, type Core } from '../../src/main/core/services';
import type { FloatInsight } from '../../src/shared/ipc/contract-floats';
import { recordBalances } from '../helpers/ledger-fixture';
import { makeTempDir } from '../helpers/temp-dir';

// floats:insights is the Balances screen's one call: every float's latest balance (as floats:list
// answers it), threshold and runway, read from a real ledger file with a constant number of queries.

const DAY = 86_400_000;
const LATEST = Date.parse('2026-11-22T09:00:00.000Z');
let temp: ReturnType<typeof makeTempDir>;
let core: Core;

beforeEach(() => {
  temp = makeTempDir();
  core = createCore(
    {
      workspaceDir: temp.dir,
      workspaceName: 'Test',
      workspaceKind: 'demo',
      shell: 'cli',
      appVersion: 'test',
      changePollMs: 0,
    },
    () => new Date(LATEST + 60_000),
  );
});
afterEach(() => {
  core.close();
  temp.cleanup();
});

const ledgerPath = (): string => join(temp.dir, 'ledger.sqlite');

async function call<T>(channel: 'floats:list' | 'floats:insights' | 'floats:threshold.set', input: unknown) {
  const envelope = await core.dispatch(channel, input);
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value as T;
}

/** `count` floats in GBP, each spending 100.00 a day over three days; one EUR float with an over-precise balance. */
function recordFloats(count: number): void {
  for (const day of [2, 1, 0]) {
    recordBalances(
      ledgerPath(),
      [
        ...Array.from({ length: count }, (_, index) => ({
          currency: 'GBP',
          name: `Float ${index + 1}`,
          available: `${1000 - (2 - day) * 100}.00`,
          pending: '5',
          platformRefreshedAt: '2026-11-22T08:45:00+00:00',
        })),
        { currency: 'EUR', name: 'Europe', available: '99.905', pending: '0', platformRefreshedAt: null },
      ],
      new Date(LATEST - day * DAY).toISOString(),
    );
  }
}

const balanceOf = ({ threshold: _t, belowThreshold: _b, runway: _r, ...balance }: FloatInsight) => balance;

describe('floats:insights, the Balances screen in one call', () => {
  it('answers floats:list row for row, in the same order, with threshold and runway beside each', async () => {
    recordFloats(3);
    await call('floats:threshold.set', { currency: 'GBP', name: 'Float 2', threshold: '900' });
    const { floats: listed } = await call<{ floats: unknown[] }>('floats:list', {});
    const { floats } = await call<{ floats: FloatInsight[] }>('floats:insights', {});
    expect(floats.map(balanceOf)).toEqual(listed);
    expect(floats.map((float) => `${float.currency} ${float.name}`)).toEqual([
      'EUR Europe',
      'GBP Float 1',
      'GBP Float 2',
      'GBP Float 3',
    ]);
    const europe = floats[0]!;
    expect(europe).toMatchObject({
      available: { amount: '99.905', currency: 'EUR' },
      overPrecise: true,
      threshold: null,
      belowThreshold: false,
      runway: { days: null, dailySpend: null },
    });
    const second = floats[2]!;
    expect(second).toMatchObject({
      available: { amount: '800.00', currency: 'GBP' },
      pending: { amount: '5.00', currency: 'GBP' },
      threshold: { amount: '900.00', currency: 'GBP' },
      belowThreshold: true,
      runway: { days: 8, dailySpend: { amount: '100.00', currency: 'GBP' } },
    });
    expect(floats[1]).toMatchObject({ threshold: null, belowThreshold: false, runway: { days: 8 } });
  });

  it('floats:threshold.set answers the whole row, the balance included', async () => {
    recordFloats(1);
    const row = await call<FloatInsight>('floats:threshold.set', {
      currency: 'GBP',
      name: 'Float 1',
      threshold: '700',
    });
    const { floats } = await call<{ floats: FloatInsight[] }>('floats:insights', {});
    expect(row).toEqual(floats.find((float) => float.name === 'Float 1'));
    expect(row).toMatchObject({ available: { amount: '800.00', currency: 'GBP' }, belowThreshold: false });
  });

  it('reads with the same few queries whether the workspace has one float or twelve', () => {
    const queriesFor = (count: number): number => {
      recordFloats(count);
      const db: Ledger = openLedger(ledgerPath());
      try {
        const workspace = new WorkspacesRepository(db).first()!;
        const prepare = db.prepare.bind(db);
        let prepared = 0;
        db.prepare = ((source: string) => {
          prepared += 1;
          return prepare(source);
        }) as typeof db.prepare;
        const insights = new InsightsService(db, workspace.id).list();
        expect(insights.length).toBe(count + 1);
        return prepared;
      } finally {
        db.close();
      }
    };
    const few = queriesFor(1);
    const many = queriesFor(12);
    expect(few).toBe(many);
    expect(many).toBeLessThanOrEqual(3);
  });
});
