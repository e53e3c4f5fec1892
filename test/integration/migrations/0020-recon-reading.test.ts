/**
 * Migration 0020-recon-reading: one counter that moves with every change of what the reconciliation
 * reads, and the tables that keep what is derived from it. Every table of the schema is classed
 * here as an input of the reconciliation or not: a new table fails this test until it is classed
 * (an input gets the three triggers that move the counter).
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../../src/main/core/ledger/db';
import { migrate } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../../src/main/core/ledger/migrations';
import { ReconReadingsRepository } from '../../../src/main/core/ledger/repositories/recon-readings';
import { RECON_STATES, type ReconSummary } from '../../../src/shared/ipc/contract-recon';
import { makeTempDir } from '../../helpers/temp-dir';

/** What the reconciliation reads: its items, decisions, locks, settings and roll-forward. */
const INPUTS = [
  'bank_statements',
  'bank_lines',
  'transfer_requests',
  'transfer_request_history',
  'recon_decisions',
  'recon_current',
  'recon_suggestions',
  'recon_signoffs',
  'recon_signoff_items',
  'recon_signoff_unlocks',
  'recon_signoff_reviews',
  'recon_signoff_drift',
  'recon_settings',
  'recon_tolerances',
  'floats',
  'float_opening_balances',
  'balance_snapshots',
  // Format (the words of explanations) and the signer's name.
  'workspace_settings',
];

/**
 * Inputs whose triggers a later step changed: a bank line is read only once its statement is
 * complete (0025), which moves the counter itself, so a line inserted does not.
 */
const TRIGGERS_SINCE: Record<string, string[]> = { bank_lines: ['DELETE', 'UPDATE'] };

/** Tables the reconciliation never reads, and the derived tables themselves. */
const NOT_INPUTS: Record<string, string> = {
  audit_log: 'written with decisions, never read to derive states',
  brand_assets: 'catalogue',
  brand_catalogue: 'catalogue',
  brand_changes: 'catalogue',
  brands: 'catalogue',
  catalogue_pending: 'catalogue',
  csv_profiles: 'read when a statement is imported, not when it is reconciled',
  float_thresholds: 'balance alerts',
  locks: 'process locks of syncs',
  notifications: 'notices to people',
  platform_bank_details: 'where to pay a top-up',
  sync_run_datasets: 'sync history',
  sync_runs: 'sync history',
  sync_state: 'sync progress',
  templates: 'catalogue',
  transfer_drafts: 'top-ups not yet sent',
  transfer_submissions: 'what was sent with a top-up',
  workspaces: 'names and connection of each workspace',
  recon_inputs_version: 'the counter itself',
  recon_run_marks: 'derived',
  recon_summaries: 'derived',
  recon_item_readings: 'derived',
  recon_item_rows: 'derived',
  recon_suggestion_queues: 'derived',
  recon_suggestion_rows: 'derived: the rows each suggestion names, written with recon_suggestions',
  recon_run_pending: 'derived: the lines imported since the last run',
  team_links: 'which team the workspace joined',
  team_outbox: 'changes made here, waiting to go to the team',
  team_log: "the team's log as pulled",
  team_conflicts: 'decisions made apart on the same item',
  team_applied: "what became of each colleague's change here (the decisions it made are inputs)",
  account_mappings: 'the accounts journals are posted to; no reconciliation state depends on them',
  accounting_settings: "the books' currency journals are converted to; no reconciliation state depends on it",
};

let temp: ReturnType<typeof makeTempDir>;
let db: Ledger;

beforeEach(() => {
  temp = makeTempDir();
  db = openLedger(join(temp.dir, 'ledger.sqlite'));
});
afterEach(() => {
  if (db.open) db.close();
  temp.cleanup();
});

const STEP = MIGRATIONS.findIndex((step) => step.name === 'recon-reading') + 1;

function workspace(): void {
  db.prepare(
    "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')",
  ).run();
}

describe('migration 0020-recon-reading', () => {
  it('classes every table as an input of the reconciliation or not, and gives each input its triggers', () => {
    migrate(db, MIGRATIONS);
    const tables = db
      .prepare(
        `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
            AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
            AND name NOT IN (SELECT name || suffix FROM sqlite_schema, (SELECT '_data' AS suffix
              UNION ALL SELECT '_idx' UNION ALL SELECT '_content' UNION ALL SELECT '_docsize'
              UNION ALL SELECT '_config') WHERE sql LIKE 'CREATE VIRTUAL TABLE%')
          ORDER BY name`,
      )
      .pluck()
      .all() as string[];
    const unclassed = tables.filter((table) => !INPUTS.includes(table) && !(table in NOT_INPUTS));
    expect(unclassed, 'tables neither an input nor listed as not one').toEqual([]);
    expect(INPUTS.filter((table) => !tables.includes(table))).toEqual([]);
    const triggers = db
      .prepare(
        "SELECT tbl_name, name, sql FROM sqlite_schema WHERE type = 'trigger' AND sql LIKE '%recon_inputs_version%'",
      )
      .all() as Array<{ tbl_name: string; name: string; sql: string }>;
    for (const table of tables) {
      const on = triggers.filter((trigger) => trigger.tbl_name === table);
      const operations = on.map((trigger) => /AFTER (INSERT|UPDATE|DELETE) ON/.exec(trigger.sql)?.[1]).sort();
      expect(operations, table).toEqual(
        !INPUTS.includes(table) ? [] : (TRIGGERS_SINCE[table] ?? ['DELETE', 'INSERT', 'UPDATE']),
      );
    }
  });

  it('moves the counter with every row an input gains, changes or loses, and with nothing else', () => {
    migrate(db, MIGRATIONS.slice(0, STEP - 1));
    workspace();
    expect(migrate(db, MIGRATIONS.slice(0, STEP)).applied).toEqual([
      `${String(STEP).padStart(4, '0')}-recon-reading`,
    ]);
    const repo = new ReconReadingsRepository(db);
    expect(repo.inputsVersion()).toBe(0);
    db.prepare(
      `INSERT INTO workspace_settings (workspace_id, sync_interval_minutes, locale, date_style, theme, company,
         finance_email, updated_at) VALUES (1, 5, 'system', 'iso', 'system', '{}', NULL, 'now')`,
    ).run();
    expect(repo.inputsVersion()).toBe(1);
    db.prepare("UPDATE workspace_settings SET locale = 'en-GB'").run();
    expect(repo.inputsVersion()).toBe(2);
    db.prepare('DELETE FROM workspace_settings').run();
    expect(repo.inputsVersion()).toBe(3);
    // Not inputs: the audit log, the catalogue, the derived tables.
    db.prepare("UPDATE workspaces SET name = 'Books 2'").run();
    db.prepare(
      "INSERT INTO recon_run_marks (workspace_id, options_key, inputs_version) VALUES (1, '{}', 3)",
    ).run();
    expect(repo.inputsVersion()).toBe(3);
    expect(repo.runMark(1, '{}')).toBe(3);
  });

  it('keeps a summary only at the version it was derived at, and drops those no longer current', () => {
    migrate(db, MIGRATIONS);
    workspace();
    const repo = new ReconReadingsRepository(db);
    const states = Object.fromEntries(RECON_STATES.map((state) => [state, 1])) as ReconSummary['states'];
    const summary: ReconSummary = { asOf: '2026-10-31', states, suggestions: 2, currencies: [] };
    repo.saveSummary(1, '2026-10-31', 'k', repo.inputsVersion(), summary);
    expect(repo.summary(1, '2026-10-31', 'k')).toEqual(summary);
    expect(repo.summary(1, '2026-10-31', 'other options')).toBeNull();
    expect(repo.summary(1, '2026-11-30', 'k')).toBeNull();
    const derivedAt = repo.inputsVersion();
    db.prepare(
      `INSERT INTO recon_settings (workspace_id, auto_exact_ref, auto_fuzzy_ref, auto_split_sum, start_date,
         updated_at) VALUES (1, 1, 1, 1, NULL, 'now')`,
    ).run();
    expect(repo.summary(1, '2026-10-31', 'k')).toBeNull();
    // A summary derived before the inputs moved is never kept.
    repo.saveSummary(1, '2026-11-30', 'k', derivedAt, summary);
    expect(repo.summary(1, '2026-11-30', 'k')).toBeNull();
    repo.saveSummary(1, '2026-11-30', 'k', repo.inputsVersion(), summary);
    expect(db.prepare('SELECT as_of FROM recon_summaries').pluck().all()).toEqual(['2026-11-30']);
  });
});
