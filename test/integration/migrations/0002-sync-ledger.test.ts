import { beforeEach, describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { tableNames, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('migration 0002-sync-ledger', () => {
  beforeEach(() => {
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, 1));
    scratch.db
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Demo', 'demo', 'now')")
      .run();
    scratch.db
      .prepare(
        "INSERT INTO floats (id, workspace_id, currency, name, first_seen_at) VALUES (1, 1, 'GBP', 'Main', 'now')",
      )
      .run();
    scratch.db
      .prepare(
        "INSERT INTO balance_snapshots (float_id, recorded_at, available_minor, pending_minor) VALUES (1, '2026-11-01T00:00:00Z', 100, 0)",
      )
      .run();
    migrate(scratch.db, MIGRATIONS.slice(0, 2));
  });

  it('keeps existing snapshots and adds the sync tables', () => {
    expect(scratch.db!.prepare('SELECT available_minor, sync_run_id FROM balance_snapshots').all()).toEqual([
      { available_minor: 100, sync_run_id: null },
    ]);
    for (const table of [
      'sync_runs',
      'sync_run_datasets',
      'sync_state',
      'transfer_requests',
      'transfer_request_history',
      'transfer_submissions',
      'brands',
      'brand_changes',
      'brand_assets',
      'templates',
    ]) {
      expect(tableNames(scratch.db!)).toContain(table);
    }
  });

  it('identifies a transfer request by reference and creation time, amounts as minor units or exact text', () => {
    const insert = scratch.db!.prepare(
      `INSERT INTO transfer_requests (workspace_id, payment_reference, created_at, created_utc, float_name, currency,
         requested_minor, requested_exact, approved_minor, approved_exact, status, first_seen_at, last_seen_at)
       VALUES (1, ?, '2026-07-01T00:30:00+01:00', ?, 'Main', 'GBP', ?, ?, NULL, NULL, 'pending', 'now', 'now')`,
    );
    insert.run('RF1', '2026-06-30T23:30:00.000Z', 100, null);
    expect(() => insert.run('RF1', '2026-06-30T23:30:00.000Z', 100, null)).toThrow(/UNIQUE/);
    expect(() => insert.run('RF1', '2026-07-01T09:00:00.000Z', 100, null)).not.toThrow();
    expect(() => insert.run('RF2', '2026-07-01T09:00:00.000Z', null, null)).toThrow(/CHECK/);
    expect(() => insert.run('RF3', '2026-07-01T09:00:00.000Z', 1, '0.001')).toThrow(/CHECK/);
  });

  it('keeps brand data as valid JSON and records each kind of change', () => {
    const brand = scratch.db!.prepare(
      `INSERT INTO brands (workspace_id, slug, name, currency, status_code, data, first_seen_at, last_seen_at)
       VALUES (1, ?, 'Acme', 'GBP', 'ENABLED', ?, 'now', 'now')`,
    );
    brand.run('acme', '{"discount":"4.5"}');
    expect(() => brand.run('bad', '{not json')).toThrow(/CHECK/);
    const change = scratch.db!.prepare(
      "INSERT INTO brand_changes (brand_id, observed_at, kind, attribute, old_value, new_value) VALUES (1, 'now', ?, 'discount', '\"4.5\"', '\"5\"')",
    );
    for (const kind of ['new', 'changed', 'vanished', 'returned'])
      expect(() => change.run(kind)).not.toThrow();
    expect(() => change.run('deleted')).toThrow(/CHECK/);
  });

  it('records sync runs with a per-dataset outcome', () => {
    scratch
      .db!.prepare(
        "INSERT INTO sync_runs (id, workspace_id, trigger, started_at, outcome) VALUES (1, 1, 'cli', 'now', 'running')",
      )
      .run();
    const dataset = scratch.db!.prepare(
      "INSERT INTO sync_run_datasets (sync_run_id, dataset, started_at, outcome) VALUES (1, ?, 'now', 'running')",
    );
    dataset.run('floats');
    expect(() => dataset.run('floats')).toThrow(/UNIQUE/);
    expect(() => dataset.run('weather')).toThrow(/CHECK/);
    expect(() =>
      scratch
        .db!.prepare(
          "INSERT INTO sync_runs (workspace_id, trigger, started_at, outcome) VALUES (1, 'cron', 'now', 'running')",
        )
        .run(),
    ).toThrow(/CHECK/);
  });
});
