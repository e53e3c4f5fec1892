import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src/main/core/services';
import { recordBalances } from '../helpers/ledger-fixture';
import { makeTempDir } from '../helpers/temp-dir';
import { LATEST_SCHEMA_VERSION } from '../../src/main/core/ledger/migrations';

let temp: ReturnType<typeof makeTempDir>;
let core: Core;
const fixedClock = () => new Date('2026-11-22T09:30:00.000Z');

beforeEach(() => {
  temp = makeTempDir();
  core = createCore(
    {
      workspaceDir: temp.dir,
      workspaceName: 'Test',
      workspaceKind: 'demo',
      shell: 'cli',
      appVersion: '9.9.9',
      changePollMs: 0,
    },
    fixedClock,
  );
});
afterEach(() => {
  core.close();
  temp.cleanup();
});

const ledgerPath = () => join(temp.dir, 'ledger.sqlite');

describe('the core answers from a real SQLite ledger', () => {
  it('app:status names the ledger file and schema version', async () => {
    const envelope = await core.dispatch('app:status', {});
    expect(envelope).toEqual({
      ok: true,
      value: {
        appVersion: '9.9.9',
        shell: 'cli',
        workspaceDir: temp.dir,
        ledgerPath: ledgerPath(),
        schemaVersion: LATEST_SCHEMA_VERSION,
        latestSchemaVersion: LATEST_SCHEMA_VERSION,
      },
    });
  });

  it('floats:list is empty for a new workspace', async () => {
    expect(await core.dispatch('floats:list', {})).toEqual({ ok: true, value: { floats: [] } });
  });

  it('floats:list returns the latest snapshot per float, exactly, sorted by currency then name', async () => {
    recordBalances(
      ledgerPath(),
      [
        {
          currency: 'GBP',
          name: 'Main',
          available: '100',
          pending: '0',
          platformRefreshedAt: '2026-11-20T08:00:00+00:00',
        },
        { currency: 'EUR', name: 'Europe', available: '0.1', pending: '2.5', platformRefreshedAt: null },
      ],
      '2026-11-20T08:01:00.000Z',
    );
    recordBalances(
      ledgerPath(),
      [
        {
          currency: 'GBP',
          name: 'Main',
          available: '90071992547409.93',
          pending: '12.30',
          platformRefreshedAt: '2026-11-21T08:00:00+00:00',
        },
        { currency: 'GBP', name: 'alpha', available: '1.005', pending: '0', platformRefreshedAt: null },
      ],
      '2026-11-21T08:01:00.000Z',
    );
    const envelope = await core.dispatch('floats:list', {});
    expect(envelope).toEqual({
      ok: true,
      value: {
        floats: [
          {
            currency: 'EUR',
            name: 'Europe',
            available: { amount: '0.10', currency: 'EUR' },
            pending: { amount: '2.50', currency: 'EUR' },
            platformRefreshedAt: null,
            recordedAt: '2026-11-20T08:01:00.000Z',
            overPrecise: false,
          },
          {
            currency: 'GBP',
            name: 'alpha',
            available: { amount: '1.005', currency: 'GBP' },
            pending: { amount: '0.00', currency: 'GBP' },
            platformRefreshedAt: null,
            recordedAt: '2026-11-21T08:01:00.000Z',
            overPrecise: true,
          },
          {
            currency: 'GBP',
            name: 'Main',
            // Beyond 2^53 minor units would already lose digits in a JavaScript number.
            available: { amount: '90071992547409.93', currency: 'GBP' },
            pending: { amount: '12.30', currency: 'GBP' },
            platformRefreshedAt: '2026-11-21T08:00:00+00:00',
            recordedAt: '2026-11-21T08:01:00.000Z',
            overPrecise: false,
          },
        ],
      },
    });
  });

  it('keeps values beyond 64-bit minor units and over-precise values exactly as sent', async () => {
    recordBalances(
      ledgerPath(),
      [
        {
          currency: 'GBP',
          name: 'Huge',
          available: '123456789012345678901.25',
          pending: '0',
          platformRefreshedAt: null,
        },
        { currency: 'GBP', name: 'Precise', available: '1000.0050', pending: '0', platformRefreshedAt: null },
      ],
      '2026-11-20T08:01:00.000Z',
    );
    const envelope = await core.dispatch('floats:list', {});
    const floats = envelope.ok ? (envelope.value as { floats: Array<Record<string, unknown>> }).floats : [];
    expect(floats).toEqual([
      expect.objectContaining({
        name: 'Huge',
        available: { amount: '123456789012345678901.25', currency: 'GBP' },
        overPrecise: false,
      }),
      expect.objectContaining({
        name: 'Precise',
        available: { amount: '1000.005', currency: 'GBP' },
        overPrecise: true,
      }),
    ]);
    const raw = new Database(ledgerPath(), { readonly: true });
    const stored = raw
      .prepare('SELECT available_minor, available_exact FROM balance_snapshots ORDER BY id')
      .all();
    raw.close();
    expect(stored).toEqual([
      { available_minor: null, available_exact: '123456789012345678901.25' },
      { available_minor: null, available_exact: '1000.0050' },
    ]);
  });

  it('floats:list filters by currency', async () => {
    recordBalances(
      ledgerPath(),
      [
        { currency: 'GBP', name: 'Main', available: '1', pending: '0', platformRefreshedAt: null },
        { currency: 'JPY', name: 'Tokyo', available: '1500', pending: '0', platformRefreshedAt: null },
      ],
      '2026-11-20T08:01:00.000Z',
    );
    const envelope = await core.dispatch('floats:list', { currency: 'JPY' });
    expect(
      envelope.ok && (envelope.value as { floats: { name: string; available: unknown }[] }).floats,
    ).toEqual([expect.objectContaining({ name: 'Tokyo', available: { amount: '1500', currency: 'JPY' } })]);
  });

  it('refuses bad input with an error naming the field, and unknown channels by name', async () => {
    const bad = await core.dispatch('floats:list', { currency: 'pounds' });
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: { issues: [{ field: 'currency' }] } },
    });
    expect(bad.ok ? '' : bad.error.message).toContain('currency');
    expect(await core.dispatch('floats:list', { currency: 'GBP', extra: 1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await core.dispatch('floats:delete', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    });
  });

  it('writes a snapshot batch all or nothing', () => {
    expect(() =>
      recordBalances(
        ledgerPath(),
        [
          { currency: 'GBP', name: 'Main', available: '1', pending: '0', platformRefreshedAt: null },
          {
            currency: 'GBP',
            name: 'Broken',
            available: 'not a number',
            pending: '0',
            platformRefreshedAt: null,
          },
        ],
        '2026-11-20T08:01:00.000Z',
      ),
    ).toThrow(/not a valid amount/);
    return expect(core.dispatch('floats:list', {})).resolves.toEqual({ ok: true, value: { floats: [] } });
  });

  it('refuses to open a ledger from a newer FloatDesk with a clear error', () => {
    core.close();
    const other = makeTempDir();
    try {
      const first = createCore({
        workspaceDir: other.dir,
        workspaceName: 'X',
        workspaceKind: 'platform',
        shell: 'cli',
        appVersion: '1',
        changePollMs: 0,
      });
      first.close();
      const db = new Database(join(other.dir, 'ledger.sqlite'));
      db.pragma('user_version = 42');
      db.close();
      expect(() =>
        createCore({
          workspaceDir: other.dir,
          workspaceName: 'X',
          workspaceKind: 'platform',
          shell: 'cli',
          appVersion: '1',
          changePollMs: 0,
        }),
      ).toThrow(expect.objectContaining({ code: 'ledger_too_new' }));
    } finally {
      other.cleanup();
    }
  });
});
